/**
 * Durable work queues: each job goes to exactly one worker of all the replicas that process the queue,
 * at least once. A job is acknowledged when its handler resolves; when the handler throws, or the
 * worker dies, or the handler neither finishes nor reports progress within `ackWaitMs`, the job is
 * delivered again, up to `maxDeliver` times; after the last failed attempt the dead-letter handler
 * records the outcome and the job is dropped. Handlers must therefore be idempotent. A handler that
 * cannot use its delivery yet throws `GiveBack`: the job is delivered again later and the delivery is
 * not counted. A worker that stops gives back the deliveries it pulled and did not start.
 *
 * Over NATS the queue is a JetStream work-queue stream with one durable pull consumer shared by every
 * worker (explicit ack, ack wait, bounded redelivery, de-duplication by job id); in-process (embedded
 * mode) the same interface and the same rules run in memory.
 */
export interface WorkQueueDefinition {
  /** Letters, digits, `-` and `_`: names the stream and the consumer. */
  name: string;
  /** How long a delivered job may go without finishing or reporting progress before redelivery. */
  ackWaitMs: number;
  /** Deliveries in all, the first included. */
  maxDeliver: number;
  /** How long a job id is remembered for de-duplication (default two minutes). */
  duplicateWindowMs?: number;
}

export interface Job<T> {
  /** The id given at enqueue (the de-duplication key). */
  id: string;
  data: T;
  /** 1 on the first delivery. */
  attempt: number;
  /** Tells the queue the job is still being worked on, which restarts its ack wait. */
  progress(): void;
}

export type JobHandler<T> = (job: Job<T>) => Promise<void>;

/**
 * Thrown by a handler, or by the dead-letter handler, that cannot use its delivery yet (the job is busy
 * elsewhere): the queue delivers the job again after `delayMs`, to any worker, and does not count this
 * delivery, so the next one has the same attempt number and giving back never leads to the dead letter.
 * The worker's slot is free meanwhile.
 */
export class GiveBack extends Error {
  constructor(
    readonly delayMs: number,
    message: string,
  ) {
    super(message);
    this.name = 'GiveBack';
  }
}

export interface ProcessOptions<T> {
  /** Jobs one worker runs at once (default 1). */
  concurrency?: number;
  /** Called once, after the last failed delivery, with the last error. */
  onDeadLetter?: (job: Job<T>, error: unknown) => Promise<void>;
  /** Delay before a failed job is delivered again (default: 200 ms × attempt). */
  retryDelayMs?: (attempt: number) => number;
}

export interface QueueWorker {
  /** Stops pulling new jobs and waits for the jobs in hand to finish (SIGTERM drain). */
  stop(): Promise<void>;
}

export interface WorkQueue<T> {
  /** Enqueues a job; a second enqueue of the same id within the window is a no-op. */
  enqueue(id: string, data: T): Promise<{ duplicate: boolean }>;
  /** Starts a worker on this queue. */
  process(handler: JobHandler<T>, options?: ProcessOptions<T>): Promise<QueueWorker>;
  /** Jobs waiting or in flight (for health, metrics and scaling decisions). */
  depth(): Promise<number>;
  close(): Promise<void>;
}

export const defaultRetryDelay = (attempt: number): number => Math.min(200 * attempt, 5000);

/** Letters, digits, `-` and `_` only: a name that is safe in a stream, consumer and subject. */
export function assertQueueName(name: string): void {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(name)) throw new Error(`Invalid work queue name: ${name}`);
}
