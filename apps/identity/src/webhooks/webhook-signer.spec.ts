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

  it('waits as Standard Webhooks recommends: 5 s, 5 min, 30 min, 2 h, 5 h, then 10 h, each within 10%', () => {
    const waits = Array.from({ length: 8 }, (_, n) => retryDelayMs(5000, n + 1, () => 0.5));
    expect(waits).toEqual([5, 300, 1800, 7200, 18_000, 36_000, 36_000, 36_000].map((s) => s * 1000));
    expect(retryDelayMs(5000, 2, () => 0)).toBe(270_000);
    expect(retryDelayMs(5000, 2, () => 1)).toBe(330_000);
    // A shorter base scales the whole schedule (the tests' fast retries).
    expect(retryDelayMs(20, 1, () => 0.5)).toBe(20);
    expect(retryDelayMs(20, 2, () => 0.5)).toBe(1200);
  });

  it('spreads the default twelve attempts over about three days', () => {
    const total = (random: () => number) =>
      Array.from({ length: 11 }, (_, n) => retryDelayMs(5000, n + 1, random)).reduce((a, b) => a + b, 0);
    const days = (ms: number) => ms / (24 * 3600_000);
    expect(days(total(() => 0))).toBeGreaterThan(2.5);
    expect(days(total(() => 1))).toBeLessThan(3.1);
  });
});
