import {
  AckPolicy,
  connect,
  type Consumer,
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
 * A work queue on JetStream: a work-queue stream (each message removed once acknowledged), one
 * durable pull consumer shared by every worker of every replica, explicit ack with an ack wait that
 * `progress()` restarts, bounded redelivery, and de-duplication by job id (`Nats-Msg-Id`).
 * The consumer delivers once more than `maxDeliver`; that extra delivery only records the dead letter,
 * so a job whose last worker died is not silently dropped.
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
      max_deliver: this.definition.maxDeliver + 1,
      filter_subject: this.subject,
    };
    try {
      await this.jsm.consumers.info(this.stream, this.durable);
      await this.jsm.consumers.update(this.stream, this.durable, consumer);
    } catch {
      await this.jsm.consumers.add(this.stream, consumer);
    }
  }

  async enqueue(id: string, data: T): Promise<{ duplicate: boolean }> {
    const ack = await this.js.publish(this.subject, JSON.stringify(data), { msgID: id });
    return { duplicate: ack.duplicate };
  }

  async depth(): Promise<number> {
    const info = await this.jsm.streams.info(this.stream);
    return info.state.messages;
  }

  async process(handler: JobHandler<T>, options: ProcessOptions<T> = {}): Promise<QueueWorker> {
    const consumer = await this.js.consumers.get(this.stream, this.durable);
    return pullLoop<T>(this.nc, consumer, this.definition, handler, options);
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
 * with a delay after a failure, and records the dead letter after the last delivery. Used by the work
 * queues and by the durable events.
 */
export function pullLoop<T>(
  nc: NatsConnection,
  consumer: Consumer,
  definition: Pick<WorkQueueDefinition, 'name' | 'maxDeliver'>,
  handler: JobHandler<T>,
  options: ProcessOptions<T> = {},
): QueueWorker {
  let stopping = false;

  const pull = async (): Promise<JsMsg | null> => {
    try {
      return await consumer.next({ expires: PULL_EXPIRES_MS });
    } catch (error) {
      if (nc.isClosed()) return null;
      log.warn({ err: error, queue: definition.name }, 'pulling a job failed; retrying');
      await new Promise((resolve) => setTimeout(resolve, 500));
      return null;
    }
  };

  const deadLetter = async (msg: JsMsg, job: Job<T>, error: unknown): Promise<void> => {
    try {
      await options.onDeadLetter?.(job, error);
      msg.term('dead letter');
    } catch (failure) {
      // Not recorded: let the job come back (while deliveries remain) rather than vanish.
      log.error({ err: failure, queue: definition.name, job: job.id }, 'recording a dead letter failed');
      msg.nak(1000);
    }
  };

  const run = async (msg: JsMsg): Promise<void> => {
    const job: Job<T> = {
      id: msg.headers?.get('Nats-Msg-Id') || String(msg.seq),
      data: msg.json<T>(),
      attempt: msg.info.deliveryCount,
      progress: () => msg.working(),
    };
    await deliver(job, definition.maxDeliver, handler, options, {
      ack: () => msg.ack(),
      retry: (delayMs) => msg.nak(delayMs),
      deadLetter: (error) => deadLetter(msg, job, error),
    });
  };

  const loops: Promise<void>[] = [];
  for (let slot = 0; slot < (options.concurrency ?? 1); slot++) {
    loops.push(
      (async () => {
        while (!stopping && !nc.isClosed()) {
          const msg = await pull();
          if (!msg) continue;
          // A job pulled while stopping goes straight back, for another worker.
          if (stopping) {
            msg.nak();
            break;
          }
          await run(msg);
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
