import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { EventDescriptor } from '@pc/contracts';
import type { BusConfig } from '../messaging/bus';
import { BUS_APP_NAME, BUS_CONFIG } from '../messaging/bus-client';
import { createDurableEvents, type DurableEvents, type EventSubscriber } from './durable-events';
import type { ProcessOptions, QueueWorker } from './work-queue';

/**
 * The service's handle on durable events (see `DurableEvents`): publishes after commit, and runs the
 * subscriptions it opened until the service stops, when it drains them.
 */
@Injectable()
export class DurableEventsClient implements OnApplicationShutdown {
  private readonly events: DurableEvents;
  private readonly workers: QueueWorker[] = [];

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

  async onApplicationShutdown(): Promise<void> {
    for (const worker of this.workers.splice(0)) await worker.stop();
    await this.events.close();
  }
}
