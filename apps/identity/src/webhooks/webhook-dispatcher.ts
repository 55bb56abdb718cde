import { randomUUID } from 'node:crypto';
import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { urlWithoutQuery, WEBHOOK_RESPONSE_EXCERPT_BYTES } from '@pc/contracts';
import { attemptTimeoutMs, OutboundHttpClient, outboundGuardFromEnv } from '@pc/outbound';
import { createLogger, Database, SecretBox, SecretUnavailableError } from '@pc/platform';
import { IdentityEnv } from '../identity.env';
import { NotificationsService } from '../notifications';
import { retryDelayMs, signedHeaders } from './webhook-signer';
import { type AttemptOutcome, type ClaimedDelivery, WebhooksRepository } from './webhooks.repository';

const log = createLogger('identity');
/** A response body beyond this aborts the attempt (it never holds a worker); the log keeps its first bytes. */
const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * Sends due deliveries off the request path. The durable events feed the delivery rows (at least once,
 * de-duplicated per endpoint and event); this loop claims due attempts from PostgreSQL (a lease, so an
 * attempt whose replica died is claimed again when the lease ends), at most WEBHOOKS_CONCURRENCY per
 * replica, WEBHOOKS_ENDPOINT_CONCURRENCY per endpoint and WEBHOOKS_OWNER_CONCURRENCY per owner (a user's
 * own endpoints, or a workspace's) and per user (all the endpoints they created) across replicas, users
 * and owners taking turns, signs each attempt, posts it
 * through the outbound guard (no redirect followed, a timeout, a bounded body), and records the outcome:
 * a 2xx succeeds, anything else is retried on Standard Webhooks' schedule (WEBHOOK_RETRY_SCHEDULE_SECONDS)
 * until WEBHOOKS_MAX_ATTEMPTS, each attempt kept in the delivery's log, and WEBHOOKS_DISABLE_AFTER_FAILURES failed attempts in a row disable the
 * endpoint and notify its owner.
 */
@Injectable()
export class WebhookDispatcher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly http: OutboundHttpClient;
  private timer?: NodeJS.Timeout;
  private inFlight = new Set<Promise<void>>();
  private ticking?: Promise<void>;
  private again = false;
  private stopped = false;

  constructor(
    private readonly env: IdentityEnv,
    private readonly deliveries: WebhooksRepository,
    private readonly notifications: NotificationsService,
    private readonly db: Database,
    private readonly box: SecretBox,
  ) {
    this.http = new OutboundHttpClient({
      guard: outboundGuardFromEnv({ OUTBOUND_ALLOWLIST: env.OUTBOUND_ALLOWLIST }),
      guarded: true,
      retries: 0,
      timeoutMs: attemptTimeoutMs(env.WEBHOOKS_TIMEOUT_MS, { OUTBOUND_TIMEOUT_MS: env.OUTBOUND_TIMEOUT_MS }),
      maxResponseBytes: MAX_RESPONSE_BYTES,
      userAgent: 'policy-catalog-webhooks/1',
    });
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.wake(), this.env.WEBHOOKS_POLL_MS);
    this.timer.unref();
    this.wake();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.ticking;
    await Promise.allSettled([...this.inFlight]);
  }

  /** Looks for due attempts now (new deliveries call it; the poll covers retries and other replicas). */
  wake(): void {
    if (this.stopped) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    this.ticking = this.claimAndSend()
      .catch((error: unknown) => log.warn({ err: error }, 'webhook claim failed; next poll tries again'))
      .finally(() => {
        this.ticking = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  private async claimAndSend(): Promise<void> {
    const free = this.env.WEBHOOKS_CONCURRENCY - this.inFlight.size;
    if (free <= 0) return;
    const claimed = await this.db.transaction((tx) =>
      this.deliveries.claimDue(
        tx,
        free,
        {
          perEndpoint: this.env.WEBHOOKS_ENDPOINT_CONCURRENCY,
          perOwner: this.env.WEBHOOKS_OWNER_CONCURRENCY,
        },
        leaseMs(this.env.WEBHOOKS_TIMEOUT_MS),
      ),
    );
    for (const delivery of claimed) {
      const running: Promise<void> = this.attempt(delivery)
        .catch((error: unknown) =>
          log.error(
            { err: error, deliveryId: delivery.id },
            'webhook attempt not recorded; its lease retries it',
          ),
        )
        .finally(() => {
          this.inFlight.delete(running);
          this.wake();
        });
      this.inFlight.add(running);
    }
  }

  private async attempt(delivery: ClaimedDelivery): Promise<void> {
    const startedAt = new Date();
    const started = startedAt.getTime();
    let outcome: AttemptOutcome;
    let ok = false;
    try {
      // A secret sealed under a key no longer configured fails the attempt (and is logged), never the loop.
      const secrets = delivery.secrets.map((sealed) => this.box.open(delivery.endpointId, sealed));
      const response = await this.http.request({
        method: 'POST',
        url: delivery.url,
        headers: {
          'content-type': 'application/json',
          ...signedHeaders(delivery.id, delivery.body, secrets),
        },
        body: delivery.body,
      });
      ok = response.status >= 200 && response.status < 300;
      outcome = {
        startedAt,
        responseStatus: response.status,
        durationMs: Date.now() - started,
        excerpt: excerptOf(response.body.subarray(0, WEBHOOK_RESPONSE_EXCERPT_BYTES).toString('utf8')),
        error: null,
      };
    } catch (error) {
      if (error instanceof SecretUnavailableError)
        log.error({ endpointId: delivery.endpointId, err: error }, 'webhook secret does not decrypt');
      const reason = excerptOf(error instanceof Error ? error.message : String(error));
      outcome = {
        startedAt,
        responseStatus: null,
        durationMs: Date.now() - started,
        excerpt: reason,
        error: reason,
      };
    }
    if (ok) {
      await this.db.transaction((tx) => this.deliveries.succeeded(tx, delivery, outcome));
      return;
    }
    const retryAt =
      delivery.attempts >= this.env.WEBHOOKS_MAX_ATTEMPTS
        ? null
        : new Date(Date.now() + retryDelayMs(this.env.WEBHOOKS_RETRY_BASE_MS, delivery.attempts));
    const disabled = await this.db.transaction((tx) =>
      this.deliveries.failed(tx, delivery, outcome, retryAt, this.env.WEBHOOKS_DISABLE_AFTER_FAILURES),
    );
    if (disabled) {
      log.warn({ endpointId: delivery.endpointId }, 'webhook endpoint disabled after a run of failures');
      await this.notifications.addOnce(randomUUID(), delivery.userId, {
        kind: 'webhook_disabled',
        title: 'A webhook endpoint was disabled',
        body: `${urlWithoutQuery(delivery.url)} failed ${this.env.WEBHOOKS_DISABLE_AFTER_FAILURES} attempts in a row; fix it and enable it again.`,
        data: { endpointId: delivery.endpointId },
      });
    }
  }
}

/**
 * How long a claimed attempt is its replica's: twice the attempt's timeout and five seconds for
 * recording it. A replica that dies mid-attempt leaves the lease to run out; another claims it then.
 */
export function leaseMs(timeoutMs: number): number {
  return 2 * timeoutMs + 5000;
}

function excerptOf(text: string): string {
  return text.replaceAll('\0', '').slice(0, WEBHOOK_RESPONSE_EXCERPT_BYTES);
}
