import { IsOptional, IsString } from 'class-validator';
import { CommonEnv, EnvBoolean, EnvInt } from '@pc/platform';
import { IsTrustProxy } from './http/trust-proxy';

export class GatewayEnv extends CommonEnv {
  @EnvInt(0, 65535)
  PORT: number = 3000;

  /** Bind address. */
  @IsOptional()
  @IsString()
  HOST: string = '0.0.0.0';

  /** How long a successful token or session look-up is reused; revocations evict at once. */
  @EnvInt(0, 300_000)
  AUTH_CACHE_TTL_MS: number = 30_000;

  /**
   * The response cache of anonymous public reads (policies, rulesets, their documentation, history and
   * lists), per replica, emptied by the services' change events. Off: every read asks its service
   * (ETags and 304s still work, from the change events).
   */
  @IsOptional()
  @EnvBoolean()
  RESPONSE_CACHE_ENABLED: boolean = true;

  /** The cache's bound: bodies, keys and bookkeeping together (least recently used out first). */
  @EnvInt(1024 * 1024, 4 * 1024 * 1024 * 1024)
  RESPONSE_CACHE_MAX_BYTES: number = 32 * 1024 * 1024;

  /**
   * The longest a cached read or an ETag is trusted without a change event: what a lost event can
   * cost. Every tag and entry is renewed at each multiple of it.
   */
  @EnvInt(1000, 3_600_000)
  RESPONSE_CACHE_TTL_MS: number = 30_000;

  /** Failed sign-ins for one email from one address before sign-in answers 429 for the window. */
  @EnvInt(1, 10_000)
  LOGIN_MAX_FAILURES: number = 10;

  /**
   * The window those failures are counted in, over all gateway replicas (fixed, aligned to the clock; at
   * most 120 minutes, the longest the shared budgets keep a count)
   */
  @EnvInt(1, 120)
  LOGIN_FAILURE_WINDOW_MINUTES: number = 15;

  /** Failed sign-ins for one account from all addresses together before sign-in answers 429. */
  @EnvInt(1, 100_000)
  LOGIN_ACCOUNT_MAX_FAILURES: number = 50;

  /**
   * Which X-Forwarded-* to believe (client address, Secure cookie flag): `false`, a hop count, or the
   * proxies' addresses/CIDR ranges, comma-separated (see `parseTrustProxy`).
   */
  @IsOptional()
  @IsString()
  @IsTrustProxy()
  TRUST_PROXY: string = 'false';

  /** Per client address; 0 turns a limit off (load runs). */
  @EnvInt(0, 1_000_000)
  RATE_LIMIT_SIGNUPS_PER_HOUR: number = 20;

  /** Per address and per user: each validation reads a repository from the source host. */
  @EnvInt(0, 1_000_000)
  RATE_LIMIT_VALIDATIONS_PER_MINUTE: number = 10;

  /** Per address and per user: each evaluation of a specification runs the AMF engines for seconds. */
  @EnvInt(0, 1_000_000)
  RATE_LIMIT_EVALUATIONS_PER_MINUTE: number = 10;

  /** Branch listings per user and per address per minute. */
  @EnvInt(0, 1_000_000)
  RATE_LIMIT_BRANCH_LISTINGS_PER_MINUTE: number = 30;

  /** Recorded downloads per user and per address per minute. */
  @EnvInt(0, 1_000_000)
  RATE_LIMIT_DOWNLOADS_PER_MINUTE: number = 30;

  /** Per address and per user: each submission is validated and waits for an administrator. */
  @EnvInt(0, 1_000_000)
  RATE_LIMIT_SUBMISSIONS_PER_HOUR: number = 20;

  /**
   * Per address and per user: each `POST /api/connections/validate`, `POST /api/connections/organizations`,
   * `POST /api/connections` and `PATCH /api/connections/{id}` that carries credentials (a clientId,
   * clientSecret or organizationId) checks them against the platform, so a high budget lets a client guess
   * secrets.
   */
  @EnvInt(0, 1_000_000)
  RATE_LIMIT_CREDENTIAL_CHECKS_PER_MINUTE: number = 10;

  /**
   * Per address and per user: webhook pings and redeliveries (`POST /api/webhooks/{id}/ping`,
   * `POST /api/webhooks/{id}/deliveries/{deliveryId}/redeliver`), each an outbound request to a receiver
   * that may hold a delivery slot for the whole timeout.
   */
  @EnvInt(0, 1_000_000)
  RATE_LIMIT_WEBHOOK_SENDS_PER_MINUTE: number = 10;

  /**
   * Per address and per user: "refresh now" of a deployment's or a connection's drift, each a probe of the
   * platform per deployment.
   */
  @EnvInt(0, 1_000_000)
  RATE_LIMIT_REFRESHES_PER_MINUTE: number = 10;

  /** Open deployment log streams per user over all gateway replicas (then 429 with Retry-After). */
  @EnvInt(1, 10_000)
  LOG_STREAMS_MAX_PER_USER: number = 10;

  /** Comment lines sent on an idle deployment log stream, so proxies keep it open. */
  @EnvInt(100, 300_000)
  LOG_STREAM_HEARTBEAT_MS: number = 15_000;

  /**
   * Where audit records wait until JetStream stores them (one file each, flushed before the request
   * answers): a directory that outlives the process (a volume). Unset: a temporary directory of the
   * process, which keeps records through a NATS outage but not through a restart.
   */
  @IsOptional()
  @IsString()
  AUDIT_OUTBOX_DIR?: string;

  /** The outbox's bound: past it, audited routes answer 503 (nothing acts unrecorded) until records drain. */
  @EnvInt(1024 * 1024, 16 * 1024 * 1024 * 1024)
  AUDIT_OUTBOX_MAX_BYTES: number = 64 * 1024 * 1024;

  /** How often records still waiting (the bus was down) are published again. */
  @EnvInt(100, 600_000)
  AUDIT_OUTBOX_RETRY_MS: number = 5000;

  /**
   * A built web app (index.html and assets/) to serve at `/` with a history fallback for every path
   * outside /api, /health and /mcp; unset, the gateway serves no page (the web app is deployed apart,
   * behind a proxy on the gateway's own origin: the gateway answers no CORS, and refuses a write whose
   * session cookie comes from another origin).
   */
  @IsOptional()
  @IsString()
  WEB_DIR?: string;
}
