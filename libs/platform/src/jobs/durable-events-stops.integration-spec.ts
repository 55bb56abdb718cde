import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { event } from '@pc/contracts';
import { testBus } from '@pc/testing';
import { DurableEventsClient } from './durable-events.client';
import type { EventSubscriber } from './durable-events';

type Payload = { n: number };
const happened = event<Payload>('test.restarted.happened.v1');

/**
 * A durable event's delivery limit (20) is for its handler's failures. A subscriber that stops (a
 * rolling deploy, a scale-down) while its pull brings it an event must not spend one of them: over
 * NATS each such stop gave the delivery back with a nak, which JetStream counts, so enough restarts
 * during an outage gave the event up, or dropped it, without its handler ever failing.
 */
describe.each(['nats', 'in-process'] as const)('a durable event subscriber that stops, on %s', (kind) => {
  const clients: DurableEventsClient[] = [];
  afterEach(async () => {
    for (const client of clients.splice(0)) await client.onApplicationShutdown();
  });

  function replica(bus: ReturnType<typeof testBus>): DurableEventsClient {
    const client = new DurableEventsClient(bus, 'subscriber');
    clients.push(client);
    return client;
  }

  it('spends no delivery on its stops: after more restarts than the delivery limit every event is handled, once', async () => {
    const bus = testBus(kind);
    const publisher = replica(bus);
    const handled: string[] = [];
    const givenUp: string[] = [];
    const handler: EventSubscriber<Payload> = (_payload, delivery) => {
      handled.push(`${delivery.id}:${delivery.attempt}`);
      return Promise.resolve();
    };
    const options = {
      onDeadLetter: (job: { id: string }) => {
        givenUp.push(job.id);
        return Promise.resolve();
      },
    };
    // A rolling restart 25 times over (more than the 20 deliveries an event has) while events keep
    // coming: each replica is stopped as soon as it subscribed, so its first pull, already asked for,
    // brings an event while it stops.
    const ids: string[] = [];
    for (let i = 0; i < 25; i++) {
      ids.push(randomUUID());
      await publisher.publish(happened, ids[i], { n: i });
      const stopping = replica(bus);
      await stopping.subscribe(happened, 'subscriber', handler, options);
      await stopping.onApplicationShutdown();
    }
    // Then one that keeps running.
    await replica(bus).subscribe(happened, 'subscriber', handler, options);
    const deadline = Date.now() + 5000;
    while (handled.length + givenUp.length < ids.length && Date.now() < deadline) await sleep(50);
    await sleep(300);

    expect(givenUp).toEqual([]);
    expect(handled.sort()).toEqual(ids.map((id) => `${id}:1`).sort());
  }, 60_000);
});
