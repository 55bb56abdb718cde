import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { event } from '@pc/contracts';
import { testBus, testEnv } from '@pc/testing';
import { connect } from 'nats';
import { natsConnection } from '../messaging/bus';
import { BUS_APP_NAME, BUS_CONFIG } from '../messaging/bus-client';
import { DurableEventsClient } from './durable-events.client';
import type { QueueWorker } from './work-queue';

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

  it("starts stopping as the service starts to stop, beside the other modules' consumers", async () => {
    // Nest runs the modules' shutdown hooks one after another: a consumer of another module that waits
    // for its own pull (the rulesets service's re-evaluation queue) must not wait before or after these.
    let stopping = false;
    let seenByOtherModule: boolean | undefined;
    @Injectable()
    class OtherConsumer implements OnApplicationShutdown {
      onApplicationShutdown(): void {
        seenByOtherModule = stopping;
      }
    }
    @Module({
      providers: [
        { provide: BUS_CONFIG, useValue: testBus('nats') },
        { provide: BUS_APP_NAME, useValue: 'stopping-early' },
        DurableEventsClient,
      ],
      exports: [DurableEventsClient],
    })
    class EventsModule {}
    @Module({ imports: [EventsModule], providers: [OtherConsumer] })
    class ServiceModule {}

    const app = await Test.createTestingModule({ imports: [ServiceModule] }).compile();
    await app.init();
    const client = app.get(DurableEventsClient);
    await client.subscribe(event<{ n: number }>('test.stoppingearly.happened.v1'), 'sub', async () => {});
    // The subscription's worker, watched: when its stop is asked for.
    const [worker] = (client as unknown as { workers: QueueWorker[] }).workers;
    const stop = worker.stop.bind(worker);
    worker.stop = () => {
      stopping = true;
      return stop();
    };
    await app.close();
    expect(seenByOtherModule).toBe(true);
  }, 60_000);

  // NATS back without its JetStream data (a new NATS, its storage lost): the events stream and every
  // consumer are gone. The publisher kept the stream for ready and failed every publish; the subscribers
  // logged `stream not found` until each service was restarted.
  it('delivers events again after NATS lost the stream, without a restart of the publisher or the subscriber', async () => {
    const bus = testBus('nats');
    const publisher = new DurableEventsClient(bus, 'lost-publisher');
    const subscriber = new DurableEventsClient(bus, 'lost-subscriber');
    const happened = event<{ n: number }>('test.lost.happened.v1');
    const handled: number[] = [];
    const admin = await connect(natsConnection(testEnv().natsUrl, 'lost-admin'));
    try {
      await subscriber.subscribe(happened, 'sub', ({ n }) => {
        handled.push(n);
        return Promise.resolve();
      });
      await publisher.publish(happened, 'before', { n: 1 });
      const until = async (condition: () => boolean) => {
        const deadline = Date.now() + 15_000;
        while (!condition() && Date.now() < deadline) await sleep(50);
      };
      await until(() => handled.length === 1);
      expect(handled).toEqual([1]);

      if (bus.kind !== 'nats') throw new Error('a NATS bus');
      const jsm = await admin.jetstreamManager();
      await jsm.streams.delete(`${bus.prefix.replace(/[^A-Za-z0-9_-]/g, '_')}EVENTS`);

      await publisher.publish(happened, 'after', { n: 2 });
      await until(() => handled.length === 2);
      expect(handled).toEqual([1, 2]);
    } finally {
      await subscriber.onApplicationShutdown();
      await publisher.onApplicationShutdown();
      await admin.close();
    }
  }, 60_000);
});
