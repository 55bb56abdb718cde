import { randomBytes } from 'node:crypto';
import { WEBHOOK_RETRY_SCHEDULE_SECONDS } from '@pc/contracts';
import { Webhook } from 'standardwebhooks';

/** A new signing secret as Standard Webhooks writes them: `whsec_` and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/**
 * The Standard Webhooks headers of one attempt: the message id (the same on every attempt, so receivers
 * de-duplicate), the attempt's timestamp, and one `v1,` signature per secret (two during a rotation's
 * overlap, space-separated: a receiver holding either secret accepts the message).
 */
export function signedHeaders(
  messageId: string,
  body: string,
  secrets: string[],
  at: Date = new Date(),
): Record<string, string> {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(messageId, at, body)).join(' '),
  };
}

/** The first wait of the schedule, which WEBHOOKS_RETRY_BASE_MS scales the schedule against. */
const SCHEDULE_FIRST_MS = WEBHOOK_RETRY_SCHEDULE_SECONDS[0] * 1000;

/**
 * The wait before the retry that follows attempt `attempt` (1 for the first): Standard Webhooks'
 * schedule (WEBHOOK_RETRY_SCHEDULE_SECONDS, its last entry repeating), scaled so that the first wait is
 * `baseMs`, varied by up to 10% either way so that deliveries failed together do not retry together.
 */
export function retryDelayMs(baseMs: number, attempt: number, random: () => number = Math.random): number {
  const step = Math.min(Math.max(attempt, 1), WEBHOOK_RETRY_SCHEDULE_SECONDS.length) - 1;
  const wait = (WEBHOOK_RETRY_SCHEDULE_SECONDS[step] * 1000 * baseMs) / SCHEDULE_FIRST_MS;
  return Math.round(wait * (0.9 + 0.2 * random()));
}
