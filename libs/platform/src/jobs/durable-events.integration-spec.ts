import { event } from '@pc/contracts';
import { testBus } from '@pc/testing';
import { DurableEventsClient } from './durable-events.client';

// A service stops its durable event subscriptions when it stops. Each NATS pull waits up to two seconds
// for a message; stopped one after the other, a service with a dozen subscriptions (identity has 13)
// took about 25 s to close, which every end-to-end file paid once.
describe('durable event subscriptions on NATS', () => {
  it('stops every subscription at once when the service stops, not one pull expiry after another', async () => {
    const client = new DurableEventsClient(testBus('nats'), 'stopping');
    for (let i = 0; i < 8; i++)
      await client.subscribe(
        event<{ n: number }>(`test.stopping${i}.happened.v1`),
        `sub${i}`,
        async () => {},
      );
    // Let every loop wait in a pull of its own (past its first one).
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const started = Date.now();
    await client.onApplicationShutdown();
    // At once: about one pull expiry (2 s); one after another: 8 of them, up to 16 s.
    expect(Date.now() - started).toBeLessThan(6000);
  }, 60_000);
});
