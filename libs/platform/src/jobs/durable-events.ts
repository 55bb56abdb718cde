import type { EventDescriptor } from '@pc/contracts';
import {
  AckPolicy,
  DeliverPolicy,
  type JetStreamManager,
  nanos,
  type NatsConnection,
  RetentionPolicy,
  StorageType,
} from 'nats';
import { type BusConfig, openNatsConnection } from '../messaging/bus';
import type { InProcessBroker } from '../messaging/in-process-broker';
import { InProcessWorkQueue } from './in-process-work-queue';
import { createLogger } from '../logging/logger';
import { pullLoop } from './jetstream-work-queue';
import { retriedAfterStreamLoss } from './stream-loss';
import type { ProcessOptions, QueueWorker } from './work-queue';

/** How long the events stream keeps an event for a subscriber that is down. */
const EVENT_RETENTION_MS = 7 * 24 * 3600 * 1000;
const ACK_WAIT_MS = 30_000;
const MAX_DELIVER = 20;
const log = createLogger('durable-events');

/**
 * The durable consumer of one subscriber for one event pattern (`catalog__deployments_deployment_succeeded_v1`):
 * `<subscriber>__<pattern>` with anything but [A-Za-z0-9_-] as `_`. The NATS permissions grant an app the
 * consumer API of exactly these names (messaging/nats-permissions.ts), so both use this function.
 */
export function durableConsumerName(subscriber: string, pattern: string): string {
  return `${subscriber}__${pattern}`.replace(/[^A-Za-z0-9_-]/g, '_');
}

export interface EventDelivery {
  /** The event's id (the outbox row's id): consumers are idempotent by it. */
  id: string;
  attempt: number;
}

export type EventSubscriber<P> = (payload: P, delivery: EventDelivery) => Promise<void>;

/**
 * Events that must not be lost (an idea delivered, a ruleset moved, a deploy counted). A service
 * writes them to its outbox in the transaction that makes the change and publishes them after
 * commit with the outbox row's id; each subscribing service has a durable subscription of its own and
 * is idempotent by that id. Over NATS: one JetStream stream `<prefix>EVENTS` on `<prefix>events.>`
 * (kept seven days), a durable pull consumer per subscribing service and event. In-process: the same
 * rules in memory, and events published before their subscriber starts wait for it.
 *
 * An event's 20 deliveries are spent by its handler's failures and by deliveries lost with their
 * subscriber (killed, or past the ack wait), never by a stop: a subscriber that stops takes no new
 * event, and handles the one its pending pull brings meanwhile as it finishes the one in hand (giving it
 * back would be a nak, which JetStream counts as it counts every delivery).
 */
export interface DurableEvents {
  publish<P>(descriptor: EventDescriptor<P>, id: string, payload: P): Promise<void>;
  subscribe<P>(
    descriptor: EventDescriptor<P>,
    subscriber: string,
    handler: EventSubscriber<P>,
    options?: Pick<ProcessOptions<P>, 'onDeadLetter' | 'concurrency'>,
  ): Promise<QueueWorker>;
  close(): Promise<void>;
}

export function createDurableEvents(bus: BusConfig, app: string): DurableEvents {
  return bus.kind === 'nats'
    ? new JetStreamEvents({ url: bus.url, prefix: bus.prefix, app })
    : inProcessEventsOf(bus.broker);
}

class JetStreamEvents implements DurableEvents {
  private connection?: Promise<{ nc: NatsConnection; jsm: JetStreamManager }>;
  private readonly stream: string;
  private prepared: Partial<Record<'publisher' | 'subscriber', ReturnType<JetStreamEvents['open']>>> = {};

  constructor(private readonly options: { url: string; prefix: string; app: string }) {
    this.stream = `${options.prefix.replace(/[^A-Za-z0-9_-]/g, '_')}EVENTS`;
  }

  private subject(descriptor: EventDescriptor<unknown>): string {
    return `${this.options.prefix}events.${descriptor.pattern}`;
  }

  /** Connects on first use, so that a service that never uses events opens no connection. */
  private open(): Promise<{ nc: NatsConnection; jsm: JetStreamManager }> {
    this.connection ??= openNatsConnection(this.options, 'events', async (nc) => ({
      nc,
      jsm: await nc.jetstreamManager(),
    }));
    this.connection.catch(() => (this.connection = undefined));
    return this.connection;
  }

  /**
   * The connection, with the stream in place. A publisher owns the stream's settings: it creates the
   * stream or updates it to this version's settings. A subscriber only creates it when it is missing (it
   * may start before any publisher) and never changes it, so its NATS user needs no STREAM.UPDATE.
   */
  private ready(role: 'publisher' | 'subscriber'): Promise<{ nc: NatsConnection; jsm: JetStreamManager }> {
    let ready = this.prepared[role];
    if (!ready) {
      ready = this.open().then(async (connection) => {
        const { jsm } = connection;
        const config = {
          name: this.stream,
          subjects: [`${this.options.prefix}events.>`],
          retention: RetentionPolicy.Limits,
          storage: StorageType.File,
          max_age: nanos(EVENT_RETENTION_MS),
          duplicate_window: nanos(120_000),
        };
        const exists = await jsm.streams.info(this.stream).then(
          () => true,
          () => false,
        );
        // Several subscribers may declare it again at once after NATS lost it: one of them creates it.
        if (!exists)
          await jsm.streams.add(config).catch(async (error: unknown) => {
            const created = await jsm.streams.info(this.stream).then(
              () => true,
              () => false,
            );
            if (!created) throw error;
          });
        else if (role === 'publisher') await jsm.streams.update(this.stream, config);
        return connection;
      });
      this.prepared[role] = ready;
      ready.catch(() => (this.prepared[role] = undefined));
    }
    return ready;
  }

  /**
   * Publishes; when the stream is missing (NATS came back without its JetStream data) it declares the
   * stream again and publishes there (`retriedAfterStreamLoss`): the stream's readiness is not kept past
   * its loss.
   */
  async publish<P>(descriptor: EventDescriptor<P>, id: string, payload: P): Promise<void> {
    const send = async () => {
      const { nc } = await this.ready('publisher');
      await nc.jetstream().publish(this.subject(descriptor), JSON.stringify(payload), { msgID: id });
    };
    await retriedAfterStreamLoss(
      send,
      async () => {
        this.prepared.publisher = undefined;
        await this.ready('publisher');
      },
      (error, attempt) =>
        log.warn(
          { err: error, stream: this.stream, attempt },
          'the events stream is missing; declaring it again',
        ),
    );
  }

  async subscribe<P>(
    descriptor: EventDescriptor<P>,
    subscriber: string,
    handler: EventSubscriber<P>,
    options: Pick<ProcessOptions<P>, 'onDeadLetter' | 'concurrency'> = {},
  ): Promise<QueueWorker> {
    const durable = durableConsumerName(subscriber, descriptor.pattern);
    const config = {
      durable_name: durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: nanos(ACK_WAIT_MS),
      max_deliver: MAX_DELIVER + 1,
      filter_subject: this.subject(descriptor),
    };
    const declare = async () => {
      const { nc, jsm } = await this.ready('subscriber');
      await jsm.consumers.info(this.stream, durable).then(
        () => jsm.consumers.update(this.stream, durable, config),
        () => jsm.consumers.add(this.stream, config),
      );
      return nc.jetstream().consumers.get(this.stream, durable);
    };
    const consumer = await declare();
    const { nc } = await this.open();
    // No `giveBack`: a delivery pulled while the subscriber stops is handled, not nak'd (see pullLoop).
    // A consumer lost with the stream is declared again, the stream first if still missing.
    return pullLoop<P>(
      nc,
      consumer,
      { name: durable, maxDeliver: MAX_DELIVER },
      (job) => handler(job.data, { id: job.id, attempt: job.attempt }),
      { ...options, retryDelayMs: (attempt) => Math.min(1000 * 2 ** (attempt - 1), 60_000) },
      undefined,
      () => {
        this.prepared.subscriber = undefined;
        return declare();
      },
    );
  }

  async close(): Promise<void> {
    const connection = this.connection;
    this.connection = undefined;
    this.prepared = {};
    if (!connection) return;
    const { nc } = await connection.catch(() => ({ nc: undefined }));
    if (nc && !nc.isClosed()) await nc.drain();
  }

  /** Deletes the stream (tests). */
  async destroy(): Promise<void> {
    const { jsm } = await this.open();
    await jsm.streams.delete(this.stream).catch(() => false);
    await this.close();
  }
}

/** One registry per in-process broker: every service of the process publishes and subscribes there. */
const registries = new WeakMap<InProcessBroker, InProcessEvents>();

function inProcessEventsOf(broker: InProcessBroker): InProcessEvents {
  let events = registries.get(broker);
  if (!events) {
    events = new InProcessEvents();
    registries.set(broker, events);
  }
  return events;
}

class InProcessEvents implements DurableEvents {
  /** Per event pattern: each subscriber's queue. */
  private readonly queues = new Map<string, Map<string, InProcessWorkQueue<unknown>>>();
  /** Events published while nobody subscribed to their pattern yet, in order. */
  private readonly backlog = new Map<string, Array<{ id: string; payload: unknown }>>();

  async publish<P>(descriptor: EventDescriptor<P>, id: string, payload: P): Promise<void> {
    const subscribers = this.queues.get(descriptor.pattern);
    if (!subscribers || subscribers.size === 0) {
      const waiting = this.backlog.get(descriptor.pattern) ?? [];
      if (!waiting.some((event) => event.id === id)) waiting.push({ id, payload });
      this.backlog.set(descriptor.pattern, waiting);
      return;
    }
    for (const queue of subscribers.values()) await queue.enqueue(id, payload);
  }

  async subscribe<P>(
    descriptor: EventDescriptor<P>,
    subscriber: string,
    handler: EventSubscriber<P>,
    options: Pick<ProcessOptions<P>, 'onDeadLetter' | 'concurrency'> = {},
  ): Promise<QueueWorker> {
    const subscribers = this.queues.get(descriptor.pattern) ?? new Map<string, InProcessWorkQueue<unknown>>();
    this.queues.set(descriptor.pattern, subscribers);
    let queue = subscribers.get(subscriber) as InProcessWorkQueue<P> | undefined;
    if (!queue) {
      queue = new InProcessWorkQueue<P>({
        name: durableConsumerName(subscriber, descriptor.pattern),
        ackWaitMs: ACK_WAIT_MS,
        maxDeliver: MAX_DELIVER,
      });
      subscribers.set(subscriber, queue);
      for (const event of this.backlog.get(descriptor.pattern) ?? []) {
        await queue.enqueue(event.id, event.payload as P);
      }
      this.backlog.delete(descriptor.pattern);
    }
    return queue.process((job) => handler(job.data, { id: job.id, attempt: job.attempt }), {
      ...options,
      retryDelayMs: (attempt) => Math.min(200 * 2 ** (attempt - 1), 10_000),
    });
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
