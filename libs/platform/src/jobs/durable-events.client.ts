import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { EventDescriptor } from '@pc/contracts';
import type { BusConfig } from '../messaging/bus';
import { BUS_APP_NAME, BUS_CONFIG } from '../messaging/bus-client';
import { createDurableEvents, type DurableEvents, type EventSubscriber } from './durable-events';
import type { ProcessOptions, QueueWorker } from './work-queue';
import { createLogger } from '../logging/logger';

const log = createLogger('durable-events');

/**
 * The service's handle on durable events (see `DurableEvents`): publishes after commit, and runs the
 * subscriptions it opened until the service stops, when it drains them.
 */
@Injectable()
export class DurableEventsClient implements BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly events: DurableEvents;
  private readonly workers: QueueWorker[] = [];
  private stopped = false;
  private stopping?: Promise<unknown>;

  constructor(@Inject(BUS_CONFIG) bus: BusConfig, @Inject(BUS_APP_NAME) app: string) {
    this.events = createDurableEvents(bus, app);
  }

  publish<P>(descriptor: EventDescriptor<P>, id: string, payload: P): Promise<void> {
    return this.events.publish(descriptor, id, payload);
  }

  async subscribe<P>(
    descriptor: EventDescriptor<P>,
    subscriber: string,
    handler: EventSubscriber<P>,
    options?: Pick<ProcessOptions<P>, 'onDeadLetter' | 'concurrency'>,
  ): Promise<void> {
    this.workers.push(await this.events.subscribe(descriptor, subscriber, handler, options));
  }

  /**
   * Subscribes without holding up the service's start: a subscription that cannot be opened (the events
   * stream unreachable, or not permitted to this app) is logged and tried again with back-off until it
   * opens or the service stops. For counters and other consumers the service can serve without.
   */
  subscribeInBackground<P>(
    descriptor: EventDescriptor<P>,
    subscriber: string,
    handler: EventSubscriber<P>,
    options?: Pick<ProcessOptions<P>, 'onDeadLetter' | 'concurrency'>,
  ): void {
    const attempt = async (n: number): Promise<void> => {
      if (this.stopped) return;
      try {
        const worker = await this.events.subscribe(descriptor, subscriber, handler, options);
        if (this.stopped) await worker.stop();
        else this.workers.push(worker);
      } catch (error) {
        const delay = Math.min(1000 * 2 ** Math.min(n, 5), 30_000);
        log.error(
          { err: error, pattern: descriptor.pattern, subscriber, retryInMs: delay },
          'durable event subscription failed; retrying',
        );
        setTimeout(() => void attempt(n + 1), delay).unref();
      }
    };
    void attempt(0);
  }

  /**
   * Stops every subscription at once, as the service starts to stop: each waits for its pending pull to
   * end (up to the pull's expiry), so stopping them one after another made a service with many
   * (identity's 13) take 20 s to stop; and Nest runs the modules' shutdown hooks one after another, so
   * waiting for them there came after (or before) the service's other consumers' own wait (the rulesets
   * service's re-evaluation queue: 4 s to stop instead of 2).
   */
  beforeApplicationShutdown(): void {
    this.stopped = true;
    this.stopping ??= Promise.all(this.workers.splice(0).map((worker) => worker.stop()));
  }

  async onApplicationShutdown(): Promise<void> {
    this.beforeApplicationShutdown();
    await this.stopping;
    await this.events.close();
  }
}
