import { randomUUID } from 'node:crypto';
import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { EventDescriptor } from '@pc/contracts';
import type { EntityManager } from 'typeorm';
import { createLogger } from '../logging/logger';
import type { DurableEventsClient } from './durable-events.client';

export interface OutboxRow {
  id: string;
  pattern: string;
  payload: Record<string, unknown>;
}

/**
 * A service's outbox table (`<schema>.outbox`: id, pattern, payload, published_at, attempts): events
 * written in the transaction that makes the change they report, published after commit.
 */
export class OutboxStore {
  constructor(
    /** The service's `Database` (or TypeORM's `DataSource`): what runs a transaction. */
    private readonly dataSource: { transaction<T>(work: (db: EntityManager) => Promise<T>): Promise<T> },
    private readonly schema: string,
  ) {
    if (!/^[a-z_]+$/.test(schema)) throw new Error(`Invalid outbox schema: ${schema}`);
  }

  /** Written in the transaction that makes the change the event reports. */
  async add(db: EntityManager, id: string, pattern: string, payload: object): Promise<void> {
    await db.query(`INSERT INTO ${this.schema}.outbox (id, pattern, payload) VALUES ($1, $2, $3)`, [
      id,
      pattern,
      JSON.stringify(payload),
    ]);
  }

  /** `add`, typed by the event's descriptor (a fresh id unless given). */
  async addEvent<P extends object>(
    db: EntityManager,
    descriptor: EventDescriptor<P>,
    payload: P,
    id: string = randomUUID(),
  ): Promise<void> {
    await this.add(db, id, descriptor.pattern, payload);
  }

  /** Claims a batch of unpublished events; `deliver` runs inside the claim, so replicas never share one. */
  async drain(deliver: (row: OutboxRow) => Promise<boolean>, batch = 20): Promise<number> {
    return this.dataSource.transaction(async (db) => {
      const rows = await db.query<OutboxRow[]>(
        `SELECT id, pattern, payload FROM ${this.schema}.outbox WHERE published_at IS NULL
          ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [batch],
      );
      let published = 0;
      for (const row of rows) {
        const ok = await deliver(row);
        await db.query(
          ok
            ? `UPDATE ${this.schema}.outbox SET published_at = now(), attempts = attempts + 1 WHERE id = $1`
            : `UPDATE ${this.schema}.outbox SET attempts = attempts + 1 WHERE id = $1`,
          [row.id],
        );
        if (ok) published++;
      }
      return published;
    });
  }
}

/**
 * Relays a service's outbox rows after commit onto the durable events (JetStream over NATS): a row
 * counts as published once the stream stored it (with the row id as message id, so a re-publish after
 * a crash is de-duplicated), and the stream keeps it for every subscriber until each acknowledges it.
 * Consumers are idempotent by event id. Rows that could not be published (the bus is down) are retried
 * every `retryMs`.
 */
export class OutboxRelayBase implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private running: Promise<void> = Promise.resolve();
  private readonly log;
  private readonly known: Map<string, EventDescriptor<unknown>>;
  private readonly retryMs: number;

  constructor(
    private readonly outbox: OutboxStore,
    private readonly events: DurableEventsClient,
    options: { service: string; events: Array<EventDescriptor<unknown>>; retryMs: number },
  ) {
    this.log = createLogger(options.service);
    this.known = new Map(options.events.map((d) => [d.pattern, d]));
    this.retryMs = options.retryMs;
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.kick(), this.retryMs);
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
      .catch((error: unknown) => this.log.warn({ err: error }, 'outbox relay failed; will retry'));
  }

  /** Waits for the relay to be idle (tests and shutdown). */
  settled(): Promise<void> {
    return this.running;
  }

  private async deliver(row: OutboxRow): Promise<boolean> {
    const descriptor = this.known.get(row.pattern);
    if (!descriptor) {
      this.log.error({ pattern: row.pattern }, 'unknown outbox event');
      return false;
    }
    try {
      await this.events.publish(descriptor, row.id, row.payload);
      return true;
    } catch (error) {
      this.log.warn({ err: error, id: row.id }, 'event not acknowledged; will retry');
      return false;
    }
  }
}
