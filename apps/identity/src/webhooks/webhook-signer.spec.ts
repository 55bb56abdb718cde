import { Webhook } from 'standardwebhooks';
import { newWebhookSecret, retryDelayMs, signedHeaders } from './webhook-signer';

describe('webhook signing and backoff', () => {
  it('signs as Standard Webhooks: the reference verifier accepts each secret of a rotation', () => {
    const [a, b] = [newWebhookSecret(), newWebhookSecret()];
    const body = JSON.stringify({
      type: 'webhook.ping',
      version: 1,
      timestamp: new Date().toISOString(),
      data: {},
    });
    const headers = signedHeaders('msg-1', body, [a, b]);
    expect(headers['webhook-signature']).toMatch(/^v1,\S+ v1,\S+$/);
    expect(() => new Webhook(a).verify(body, headers)).not.toThrow();
    expect(() => new Webhook(b).verify(body, headers)).not.toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
  });

  it('doubles the delay per attempt with jitter between half and all of it, capped at six hours', () => {
    expect(retryDelayMs(60_000, 1, () => 0)).toBe(30_000);
    expect(retryDelayMs(60_000, 1, () => 1)).toBe(60_000);
    expect(retryDelayMs(60_000, 3, () => 1)).toBe(240_000);
    expect(retryDelayMs(60_000, 20, () => 1)).toBe(6 * 3600 * 1000);
  });

  it('spreads the default twelve attempts over about a day', () => {
    const delays = (random: () => number) =>
      Array.from({ length: 11 }, (_, n) => retryDelayMs(60_000, n + 1, random)).reduce((a, b) => a + b, 0);
    const hours = (ms: number) => ms / 3600_000;
    expect(hours(delays(() => 0))).toBeGreaterThan(10);
    expect(hours(delays(() => 1))).toBeLessThan(24);
    expect(hours(delays(() => 1))).toBeGreaterThan(20);
  });
});
