import { randomUUID } from 'node:crypto';
import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ANONYMOUS, CatalogEvents, type IdeaDeliveredEvent, IdentityRpc } from '@pc/contracts';
import { BusClient, createLogger } from '@pc/platform';
import { OutboxRepository, type OutboxRow } from './outbox.repository';

const log = createLogger('catalog');
const RETRY_MS = 5000;

/**
 * Relays outbox rows after commit. Delivery is request/reply: a row counts as published only when the
 * consumer acknowledged it, so nothing is lost while the consumer is down; consumers are idempotent by
 * event id, so a retry after a lost acknowledgement is harmless. Unacknowledged rows are retried every
 * few seconds.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly outbox: OutboxRepository,
    private readonly bus: BusClient,
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
    const ctx = { requestId: randomUUID(), caller: ANONYMOUS };
    try {
      if (row.pattern === CatalogEvents.ideaDelivered.pattern) {
        await this.bus.request(
          IdentityRpc.notifyIdeaDelivered,
          ctx,
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
