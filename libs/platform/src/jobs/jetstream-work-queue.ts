import {
  AckPolicy,
  connect,
  type Consumer,
  headers,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  nanos,
  type NatsConnection,
  RetentionPolicy,
  StorageType,
} from 'nats';
import { natsConnection } from '../messaging/bus';
import { createLogger } from '../logging/logger';
import { deliver } from './delivery';
import { isMissingStream, REDECLARE_SETTLE_MS, retriedAfterStreamLoss } from './stream-loss';
import {
  assertQueueName,
  type Job,
  type JobHandler,
  type ProcessOptions,
  type QueueWorker,
  type WorkQueue,
  type WorkQueueDefinition,
} from './work-queue';

const log = createLogger('jobs');
/** How long one pull waits for a job: also the longest a stopping worker waits for its pull to end. */
const PULL_EXPIRES_MS = 2000;

/**
 * Headers of a job given back: the copy published in place of the delivery carries the job's id (the
 * copy has no `Nats-Msg-Id`, which the de-duplication window would drop), the deliveries the job had
 * spent before, and the delay before its next attempt (its first delivery only waits it out).
 */
const GIVEN_BACK = { jobId: 'Pc-Job-Id', spent: 'Pc-Deliveries-Spent', waitMs: 'Pc-Wait-Ms' } as const;

/** How a delivery goes back to the queue uncounted (see `JetStreamWorkQueue.giveBack`). */
export type GiveBackDelivery<T> = (msg: JsMsg, job: Job<T>, delayMs: number) => Promise<void>;

/**
 * A work queue on JetStream: a work-queue stream (each message removed once acknowledged), one
 * durable pull consumer shared by every worker of every replica, explicit ack with an ack wait that
 * `progress()` restarts, bounded redelivery, and de-duplication by job id (`Nats-Msg-Id`).
 * The queue counts a job's deliveries itself, from the consumer's delivery count and the headers of a
 * copy given back (`giveBack`); the consumer's own bound is two more than `maxDeliver`: one delivery
 * only records the dead letter, so a job whose last worker died is not silently dropped, and one is a
 * copy's wait.
 */
export class JetStreamWorkQueue<T> implements WorkQueue<T> {
  private readonly stream: string;
  private readonly subject: string;
  private readonly durable: string;

  private constructor(
    private readonly nc: NatsConnection,
    private readonly js: JetStreamClient,
    private readonly jsm: JetStreamManager,
    private readonly definition: WorkQueueDefinition,
    prefix: string,
  ) {
    const safePrefix = prefix.replace(/[^A-Za-z0-9_-]/g, '_');
    this.stream = `${safePrefix}JOBS_${definition.name}`;
    this.subject = `${prefix}jobs.${definition.name}`;
    this.durable = `${definition.name}-workers`;
  }

  /** Connects (with the app's credentials) and makes sure the stream and the consumer exist. */
  static async open<T>(
    options: { url: string; prefix: string; app: string },
    definition: WorkQueueDefinition,
  ): Promise<JetStreamWorkQueue<T>> {
    assertQueueName(definition.name);
    const nc = await connect({
      ...natsConnection(options.url, options.app),
      name: `${options.app}-jobs`,
      maxReconnectAttempts: -1,
    });
    const jsm = await nc.jetstreamManager();
    const queue = new JetStreamWorkQueue<T>(nc, nc.jetstream(), jsm, definition, options.prefix);
    await queue.declare();
    return queue;
  }

  private async declare(): Promise<void> {
    const stream = {
      name: this.stream,
      subjects: [this.subject],
      retention: RetentionPolicy.Workqueue,
      storage: StorageType.File,
      duplicate_window: nanos(this.definition.duplicateWindowMs ?? 120_000),
    };
    try {
      await this.jsm.streams.info(this.stream);
      await this.jsm.streams.update(this.stream, stream);
    } catch {
      await this.jsm.streams.add(stream);
    }
    const consumer = {
      durable_name: this.durable,
      ack_policy: AckPolicy.Explicit,
      ack_wait: nanos(this.definition.ackWaitMs),
      max_deliver: this.definition.maxDeliver + 2,
      filter_subject: this.subject,
    };
    try {
      await this.jsm.consumers.info(this.stream, this.durable);
      await this.jsm.consumers.update(this.stream, this.durable, consumer);
    } catch {
      await this.jsm.consumers.add(this.stream, consumer);
    }
  }

  /**
   * Declares the stream and the consumer again after NATS lost them (a new NATS, or its JetStream
   * storage lost): one declaration at a time for the enqueues and the pull loops that find them missing.
   */
  private redeclaring?: Promise<void>;
  private redeclare(): Promise<void> {
    this.redeclaring ??= this.declare().finally(() => (this.redeclaring = undefined));
    return this.redeclaring;
  }

  async enqueue(id: string, data: T): Promise<{ duplicate: boolean }> {
    const ack = await retriedAfterStreamLoss(
      () => this.js.publish(this.subject, JSON.stringify(data), { msgID: id }),
      () => this.redeclare(),
      (error, attempt) =>
        log.warn(
          { err: error, queue: this.definition.name, attempt },
          'the queue stream is missing; declaring it again',
        ),
    );
    return { duplicate: ack.duplicate };
  }

  async depth(): Promise<number> {
    const info = await this.jsm.streams.info(this.stream);
    return info.state.messages;
  }

  async process(handler: JobHandler<T>, options: ProcessOptions<T> = {}): Promise<QueueWorker> {
    const consumer = await this.js.consumers.get(this.stream, this.durable);
    return pullLoop<T>(
      this.nc,
      consumer,
      this.definition,
      handler,
      options,
      (msg, job, delayMs) => this.giveBack(msg, job, delayMs),
      async () => {
        await this.redeclare();
        return this.js.consumers.get(this.stream, this.durable);
      },
    );
  }

  /**
   * Gives a delivery back uncounted. JetStream counts every delivery of a message, a nak's too, so the
   * job goes back as a copy: published with the deliveries it had spent and the delay, then the delivery
   * acknowledged (removing the message). A worker that dies in between leaves both: the job is delivered
   * twice, which handlers allow. If the copy cannot be published, the delivery is nak'ed: counted.
   */
  private async giveBack(msg: JsMsg, job: Job<T>, delayMs: number): Promise<void> {
    const given = headers();
    given.set(GIVEN_BACK.jobId, job.id);
    given.set(GIVEN_BACK.spent, String(job.attempt - 1));
    if (delayMs > 0) given.set(GIVEN_BACK.waitMs, String(Math.ceil(delayMs)));
    try {
      await this.js.publish(this.subject, msg.data, { headers: given });
    } catch (error) {
      log.warn({ err: error, queue: this.definition.name, job: job.id }, 'giving a job back failed; nak');
      msg.nak(delayMs);
      return;
    }
    msg.ack();
  }

  async close(): Promise<void> {
    if (!this.nc.isClosed()) await this.nc.drain();
  }

  /** Deletes the stream and its consumer (tests, and tearing down a queue no longer used). */
  async destroy(): Promise<void> {
    await this.jsm.streams.delete(this.stream).catch(() => false);
    await this.close();
  }
}

/**
 * Runs `concurrency` pull loops on a durable consumer: each pulls one job, runs it, acks it, naks it
 * with a delay after a failure, gives it back when the handler throws `GiveBack`, and records the dead
 * letter after the last delivery. Used by the work queues and by the durable events.
 *
 * A delivery the pending pull brings while the worker stops: a work queue gives it back uncounted
 * (`giveBack`), for another worker. The durable events pass no `giveBack`: their stream is shared by
 * every subscriber, so no copy can go back there, and a nak counts against the event's delivery limit
 * (JetStream counts every delivery), so each stop would spend one of the handler's attempts and enough
 * restarts would give the event up, or drop it, without its handler failing. Their loop handles that
 * delivery as it finishes the one in hand, then stops: a stop spends no delivery. A `GiveBack` thrown by
 * an event's handler is a nak there, and counts.
 *
 * A pull that finds the stream or the consumer missing (NATS came back without its JetStream data)
 * declares them again with `redeclare` (the stream if missing, the consumer with its own settings) once
 * `REDECLARE_SETTLE_MS` have passed, with back-off while that fails, and pulls from the new consumer: the workers go on without a restart.
 */
export function pullLoop<T>(
  nc: NatsConnection,
  consumer: Consumer,
  definition: Pick<WorkQueueDefinition, 'name' | 'maxDeliver'>,
  handler: JobHandler<T>,
  options: ProcessOptions<T> = {},
  giveBack?: GiveBackDelivery<T>,
  redeclare?: () => Promise<Consumer>,
): QueueWorker {
  let stopping = false;
  let current = consumer;
  let redeclaring: Promise<void> | undefined;
  let failedRedeclarations = 0;

  /** One re-declaration for every slot that found the consumer missing. */
  const recover = (declare: () => Promise<Consumer>, missing: unknown): Promise<void> => {
    redeclaring ??= (async () => {
      log.warn(
        { err: missing, queue: definition.name },
        'the stream or consumer is missing; declaring it again',
      );
      await new Promise((resolve) => setTimeout(resolve, REDECLARE_SETTLE_MS));
      try {
        current = await declare();
        failedRedeclarations = 0;
      } catch (error) {
        const delay = Math.min(500 * 2 ** failedRedeclarations++, 30_000);
        log.error(
          { err: error, queue: definition.name, retryInMs: delay },
          'declaring the consumer again failed',
        );
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    })().finally(() => (redeclaring = undefined));
    return redeclaring;
  };

  const pull = async (): Promise<JsMsg | null> => {
    const pulled = current;
    try {
      return await pulled.next({ expires: PULL_EXPIRES_MS });
    } catch (error) {
      if (nc.isClosed()) return null;
      if (redeclare && isMissingStream(error) && !stopping) {
        // Another slot may have declared it again while this one pulled from the lost consumer.
        if (pulled === current) await recover(redeclare, error);
        return null;
      }
      log.warn({ err: error, queue: definition.name }, 'pulling a job failed; retrying');
      await new Promise((resolve) => setTimeout(resolve, 500));
      return null;
    }
  };

  const run = async (msg: JsMsg, job: Job<T>): Promise<void> => {
    await deliver(job, definition.maxDeliver, handler, options, {
      ack: () => msg.ack(),
      retry: (delayMs) => msg.nak(delayMs),
      giveBack: (delayMs) => (giveBack ? giveBack(msg, job, delayMs) : Promise.resolve(msg.nak(delayMs))),
      deadLettered: () => msg.term('dead letter'),
    });
  };

  const loops: Promise<void>[] = [];
  for (let slot = 0; slot < (options.concurrency ?? 1); slot++) {
    loops.push(
      (async () => {
        while (!stopping && !nc.isClosed()) {
          const msg = await pull();
          if (!msg) continue;
          const { job, waitMs } = deliveryOf<T>(msg);
          // A job pulled while stopping goes straight back, uncounted, for another worker; an event
          // (which cannot go back uncounted) is handled before the worker stops.
          if (stopping) {
            if (giveBack) await giveBack(msg, job, 0);
            else await run(msg, job);
            break;
          }
          if (waitMs > 0) {
            msg.nak(waitMs);
            continue;
          }
          await run(msg, job);
        }
      })(),
    );
  }
  return {
    stop: async () => {
      stopping = true;
      await Promise.all(loops);
    },
  };
}

/**
 * The job a message delivers, its attempt counted from the consumer's delivery count and, for a copy
 * given back, the deliveries spent before; `waitMs` when this delivery is a copy's wait (its first
 * delivery), which is no attempt: `job.attempt` is then the one that follows it.
 */
function deliveryOf<T>(msg: JsMsg): { job: Job<T>; waitMs: number } {
  const spent = Number(msg.headers?.get(GIVEN_BACK.spent) || 0);
  const wait = Number(msg.headers?.get(GIVEN_BACK.waitMs) || 0);
  const deliveries = msg.info.deliveryCount - (wait > 0 ? 1 : 0);
  return {
    job: {
      id: msg.headers?.get(GIVEN_BACK.jobId) || msg.headers?.get('Nats-Msg-Id') || String(msg.seq),
      data: msg.json<T>(),
      attempt: spent + Math.max(deliveries, 1),
      progress: () => msg.working(),
    },
    waitMs: wait > 0 && deliveries === 0 ? wait : 0,
  };
}
