import { IsEmail, IsOptional, IsString, Matches, MinLength } from 'class-validator';
import { EnvBoolean, EnvInt, KEY_RING_PATTERN, ServiceEnv } from '@pc/platform';

export class IdentityEnv extends ServiceEnv {
  /** The administrator created (or promoted) at start. */
  @IsOptional()
  @IsEmail()
  BOOTSTRAP_ADMIN_EMAIL?: string;

  /** Its password when created (never overwritten later) */
  @IsOptional()
  @IsString()
  @MinLength(8)
  BOOTSTRAP_ADMIN_PASSWORD?: string;

  /** Promote an existing account with BOOTSTRAP_ADMIN_EMAIL (off: sign-up does not verify emails). */
  @IsOptional()
  @EnvBoolean()
  BOOTSTRAP_ADMIN_PROMOTE_EXISTING: boolean = false;

  /** Active (neither revoked nor expired) tokens one user may hold. */
  @EnvInt(1, 10_000)
  MAX_ACTIVE_TOKENS_PER_USER: number = 100;

  /** Browser session lifetime (expired sessions are deleted hourly) */
  @EnvInt(1, 365)
  SESSION_TTL_DAYS: number = 30;

  /** Avatar image base URL; the email hash is appended. Empty: no avatar URL. */
  @IsOptional()
  @IsString()
  AVATAR_BASE_URL: string = '';

  /** Days the audit log keeps an entry (an hourly sweep deletes older ones). */
  @EnvInt(1, 3650)
  AUDIT_RETENTION_DAYS: number = 365;

  // Signed webhooks (apps/identity/src/webhooks).
  /**
   * Keys that seal webhook signing secrets at rest (AES-256-GCM), `id:base64key[,...]`: the first seals,
   * every one opens. Required (embedded mode generates one in DATA_DIR). Rotation: put a new key first
   * and restart identity (it re-seals every secret at start), then drop the old key. Never logged.
   */
  @IsString()
  @Matches(KEY_RING_PATTERN, { message: 'must be id:base64key[,id:base64key...]' })
  WEBHOOKS_ENCRYPTION_KEYS!: string;

  /** Refuse `http:` endpoint URLs (true in production; tests and local receivers use http). */
  @IsOptional()
  @EnvBoolean()
  WEBHOOKS_REQUIRE_HTTPS: boolean = true;

  /** Endpoints one user may hold. */
  @EnvInt(1, 1000)
  WEBHOOKS_MAX_ENDPOINTS_PER_USER: number = 10;

  /** Attempts per delivery, the first included, before it is marked failed. */
  @EnvInt(1, 30)
  WEBHOOKS_MAX_ATTEMPTS: number = 12;

  /**
   * The first retry's wait; the later ones follow Standard Webhooks' schedule in proportion (at the
   * default 5 s: 5 min, 30 min, 2 h, 5 h, then 10 h each; about 2.8 days over 12 attempts).
   */
  @EnvInt(10, 3_600_000)
  WEBHOOKS_RETRY_BASE_MS: number = 5000;

  /** How long one attempt may take (connect, send, answer) before it counts as failed. */
  @EnvInt(100, 60_000)
  WEBHOOKS_TIMEOUT_MS: number = 10_000;

  /** Failed attempts in a row after which an endpoint is disabled and its owner notified. */
  @EnvInt(1, 10_000)
  WEBHOOKS_DISABLE_AFTER_FAILURES: number = 50;

  /** Deliveries one replica sends at once, and at most per endpoint across replicas. */
  @EnvInt(1, 256)
  WEBHOOKS_CONCURRENCY: number = 16;

  /** Webhook attempts under way per endpoint, across all replicas. */
  @EnvInt(1, 64)
  WEBHOOKS_ENDPOINT_CONCURRENCY: number = 2;

  /**
   * Attempts under way at once for one owner (a user's own endpoints, or a workspace's) across replicas,
   * and for one user (every endpoint they created, their own and their workspaces'): one user's slow
   * receivers hold at most this many of the slots, whatever their number of endpoints and workspaces.
   */
  @EnvInt(1, 64)
  WEBHOOKS_OWNER_CONCURRENCY: number = 4;

  /** How often a replica looks for due retries (new events wake it at once). */
  @EnvInt(10, 60_000)
  WEBHOOKS_POLL_MS: number = 1000;

  /** Hosts (`host` or `host:port`) that endpoint URLs may name although they resolve to private addresses. */
  @IsOptional() @IsString() OUTBOUND_ALLOWLIST?: string;
  @IsOptional() @IsString() OUTBOUND_TIMEOUT_MS?: string;
}
