import { Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { event } from '@pc/contracts';
import { testBus } from '@pc/testing';
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
});
