import { randomBytes } from 'node:crypto';
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

/** Exponential backoff with jitter: the n-th retry waits between half and all of base·2^(n-1), at most six hours. */
export function retryDelayMs(baseMs: number, attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(baseMs * 2 ** Math.max(0, attempt - 1), 6 * 3600 * 1000);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
