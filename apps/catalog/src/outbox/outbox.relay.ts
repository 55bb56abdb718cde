import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { CatalogEvents, type IdeaDeliveredEvent } from '@pc/contracts';
import { createLogger, DurableEventsClient } from '@pc/platform';
import { OutboxRepository, type OutboxRow } from './outbox.repository';

const log = createLogger('catalog');
const RETRY_MS = 5000;

/**
 * Relays outbox rows after commit onto the durable events (JetStream over NATS): a row counts as
 * published once the stream stored it (with the row id as message id, so a re-publish after a crash
 * is de-duplicated), and the stream keeps it for every subscriber until each acknowledges it, so
 * nothing is lost while a consumer is down. Consumers are idempotent by event id. Rows that could not
 * be published (the bus is down) are retried every few seconds.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly outbox: OutboxRepository,
    private readonly events: DurableEventsClient,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.kick(), RETRY_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** Publishes what is pending now (called after each commit that wrote an event). */
  kick(): void {
    this.running = this.running
      .then(() => this.outbox.drain((row) => this.deliver(row)))
      .then(() => undefined)
      .catch((error: unknown) => log.warn({ err: error }, 'outbox relay failed; will retry'));
  }

  /** Waits for the relay to be idle (tests and shutdown). */
  settled(): Promise<void> {
    return this.running;
  }

  private async deliver(row: OutboxRow): Promise<boolean> {
    try {
      if (row.pattern === CatalogEvents.ideaDelivered.pattern) {
        await this.events.publish(
          CatalogEvents.ideaDelivered,
          row.id,
          row.payload as unknown as IdeaDeliveredEvent,
        );
        return true;
      }
      log.error({ pattern: row.pattern }, 'unknown outbox event');
      return false;
    } catch (error) {
      log.warn({ err: error, id: row.id }, 'event not acknowledged; will retry');
      return false;
    }
  }
}
