import { setTimeout as sleep } from 'node:timers/promises';
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

interface Entry<T> {
  id: string;
  data: T;
  deliveries: number;
  /** Not deliverable before this time (a nak's delay). */
  notBefore: number;
  /** Set while a worker holds it; a new token after each (re)delivery makes stale acks harmless. */
  lease?: { token: number; expiresAt: number };
}

/**
 * The in-memory queue of embedded mode, with JetStream's rules: one worker per delivery, ack on
 * success, redelivery after a failure or an expired ack wait, at most `maxDeliver` deliveries, then
 * dead letter; a delivery given back is not counted; de-duplication of ids within the window. It lives as long as the process: the owning
 * service re-enqueues unfinished work from its own tables at start.
 */
export class InProcessWorkQueue<T> implements WorkQueue<T> {
  private readonly entries: Entry<T>[] = [];
  private readonly seen = new Map<string, number>();
  private readonly waiters = new Set<() => void>();
  private nextToken = 1;
  private closed = false;

  constructor(private readonly definition: WorkQueueDefinition) {
    assertQueueName(definition.name);
  }

  enqueue(id: string, data: T): Promise<{ duplicate: boolean }> {
    const now = Date.now();
    const window = this.definition.duplicateWindowMs ?? 120_000;
    for (const [key, at] of this.seen) if (now - at > window) this.seen.delete(key);
    if (this.seen.has(id)) return Promise.resolve({ duplicate: true });
    this.seen.set(id, now);
    // Serialized as on the wire, so that a job holds only what JSON carries.
    this.entries.push({ id, data: JSON.parse(JSON.stringify(data)) as T, deliveries: 0, notBefore: 0 });
    this.wake();
    return Promise.resolve({ duplicate: false });
  }

  depth(): Promise<number> {
    return Promise.resolve(this.entries.length);
  }

  process(handler: JobHandler<T>, options: ProcessOptions<T> = {}): Promise<QueueWorker> {
    let stopping = false;
    const loops: Promise<void>[] = [];
    for (let slot = 0; slot < (options.concurrency ?? 1); slot++) {
      loops.push(
        (async () => {
          while (!stopping && !this.closed) {
            const claimed = this.claim();
            if (!claimed) {
              await this.waitForWork(250);
              continue;
            }
            await this.run(claimed.entry, claimed.token, handler, options);
          }
        })(),
      );
    }
    return Promise.resolve({
      stop: async () => {
        stopping = true;
        this.wake();
        await Promise.all(loops);
      },
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wake();
    await Promise.resolve();
  }

  private claim(): { entry: Entry<T>; token: number } | undefined {
    const now = Date.now();
    const entry = this.entries.find((e) => e.notBefore <= now && (!e.lease || e.lease.expiresAt <= now));
    if (!entry) return undefined;
    const token = this.nextToken++;
    entry.deliveries += 1;
    entry.lease = { token, expiresAt: now + this.definition.ackWaitMs };
    return { entry, token };
  }

  private async run(entry: Entry<T>, token: number, handler: JobHandler<T>, options: ProcessOptions<T>) {
    const holds = () => entry.lease?.token === token;
    const job: Job<T> = {
      id: entry.id,
      data: JSON.parse(JSON.stringify(entry.data)) as T,
      attempt: entry.deliveries,
      progress: () => {
        if (holds()) entry.lease = { token, expiresAt: Date.now() + this.definition.ackWaitMs };
      },
    };
    // A worker that lost its lease (the ack wait ran out) leaves the outcome to the entry's new holder;
    // a dead letter it recorded ends the job all the same.
    await deliver(job, this.definition.maxDeliver, handler, options, {
      ack: () => {
        if (holds()) this.remove(entry);
      },
      retry: (delayMs) => {
        if (holds()) this.redeliver(entry, delayMs);
      },
      giveBack: (delayMs) => {
        if (holds()) {
          entry.deliveries -= 1;
          this.redeliver(entry, delayMs);
        }
        return Promise.resolve();
      },
      deadLettered: () => this.remove(entry),
    });
  }

  /** Makes the entry deliverable again after `delayMs`. */
  private redeliver(entry: Entry<T>, delayMs: number): void {
    entry.lease = undefined;
    entry.notBefore = Date.now() + delayMs;
    this.wake();
  }

  private remove(entry: Entry<T>): void {
    const index = this.entries.indexOf(entry);
    if (index >= 0) this.entries.splice(index, 1);
  }

  private wake(): void {
    for (const waiter of this.waiters) waiter();
    this.waiters.clear();
  }

  private async waitForWork(ms: number): Promise<void> {
    let release!: () => void;
    const woken = new Promise<void>((resolve) => (release = resolve));
    this.waiters.add(release);
    await Promise.race([woken, sleep(ms)]);
    this.waiters.delete(release);
  }
}
