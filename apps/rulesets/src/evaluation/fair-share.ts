import { DomainError } from '@pc/platform';

/** Seconds a refused evaluation is told to wait (every slot taken, or the caller's share). */
export const RETRY_AFTER_S = 5;

/**
 * The owner of engine work no user asked for (none today: evaluations, validations, submissions, pins and
 * re-evaluations each run as their user): one caller for the share of threads, whose work waits its turn
 * instead of a 429, in its share of the queue (503 past it).
 */
export const SERVICE_WORK = 'service';

export interface FairShareLimits {
  /** Evaluations that run at once (the evaluator's threads). */
  slots: number;
  /** Evaluations that may wait for a slot, all callers together; past them 503. */
  queue: number;
}

interface Waiter {
  owner: string;
  start: () => void;
  timer: NodeJS.Timeout;
}

/**
 * Who runs next on the evaluator's threads, so that no caller slows another:
 * - a caller runs at most `share` evaluations at once (half the slots, at least one): with two threads,
 *   one caller's slow documents hold one of them and everyone else has the other;
 * - a caller has at most one evaluation running or waiting per slot (two at least: one running, one
 *   waiting); past that 429 with Retry-After (the caller's own share is full, the evaluator is not);
 * - a free slot goes to the waiting caller that started an evaluation least recently (round robin over
 *   callers, first come first served within one caller);
 * - the time limit of an evaluation starts when it starts, not while it waits; a wait is bounded too (503
 *   with Retry-After past it), as is the queue (503 when full).
 */
export class FairShare {
  private readonly share: number;
  private readonly perCaller: number;
  /** The service's own work that may wait: its share of the queue, so that users always have the rest. */
  private readonly serviceQueue: number;
  private readonly waiting: Waiter[] = [];
  private readonly runningBy = new Map<string, number>();
  /** When each caller with something running or waiting last started an evaluation (a counter). */
  private readonly lastStart = new Map<string, number>();
  private starts = 0;
  private running = 0;

  constructor(private readonly limits: FairShareLimits) {
    this.share = Math.max(1, Math.floor(limits.slots / 2));
    this.perCaller = Math.max(2, limits.slots);
    this.serviceQueue = Math.floor(limits.queue / 2);
  }

  /**
   * Waits (at most `maxWaitMs`) until `owner` may run one evaluation; answers the release to call when it
   * ends. Refuses at once with 429 past the owner's share of slots and queue, with 503 when the queue is full
   * (or the service's share of it, for its own work); `onWaitedTooLong` is called when the wait ends unserved.
   */
  acquire(owner: string, maxWaitMs: number, onWaitedTooLong?: () => void): Promise<() => void> {
    if (owner === SERVICE_WORK) {
      if (!this.mayStartNow(owner) && this.waitingOf(owner) >= this.serviceQueue)
        return Promise.reject(busy());
    } else if (this.inFlight(owner) >= this.perCaller) return Promise.reject(ownShareTaken(this.perCaller));
    if (this.running + this.waiting.length >= this.limits.slots + this.limits.queue)
      return Promise.reject(busy());
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        owner,
        start: () => {
          clearTimeout(waiter.timer);
          resolve(this.releaseOf(owner));
        },
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(waiter), 1);
          this.forgetIfIdle(owner);
          onWaitedTooLong?.();
          reject(waitedTooLong(maxWaitMs));
        }, maxWaitMs).unref(),
      };
      this.waiting.push(waiter);
      if (!this.lastStart.has(owner)) this.lastStart.set(owner, -1);
      this.pump();
    });
  }

  /** Evaluations running and waiting (all callers). */
  get size(): number {
    return this.running + this.waiting.length;
  }

  private inFlight(owner: string): number {
    return (this.runningBy.get(owner) ?? 0) + this.waitingOf(owner);
  }

  private waitingOf(owner: string): number {
    return this.waiting.filter((w) => w.owner === owner).length;
  }

  /**
   * Whether an evaluation of `owner` would start at once: a slot is free and the owner is under its share
   * (the waiting ones left while a slot is free are all over theirs: `pump` starts the others).
   */
  private mayStartNow(owner: string): boolean {
    return this.running < this.limits.slots && (this.runningBy.get(owner) ?? 0) < this.share;
  }

  /** Starts waiting evaluations while a slot is free, each time the caller whose turn it is. */
  private pump(): void {
    while (this.running < this.limits.slots) {
      const next = this.nextWaiter();
      if (!next) return;
      this.waiting.splice(this.waiting.indexOf(next), 1);
      this.running += 1;
      this.runningBy.set(next.owner, (this.runningBy.get(next.owner) ?? 0) + 1);
      this.lastStart.set(next.owner, ++this.starts);
      next.start();
    }
  }

  /** The first waiter of the caller under its share that started an evaluation least recently. */
  private nextWaiter(): Waiter | undefined {
    let best: Waiter | undefined;
    for (const waiter of this.waiting) {
      if ((this.runningBy.get(waiter.owner) ?? 0) >= this.share) continue;
      if (!best || this.lastStart.get(waiter.owner)! < this.lastStart.get(best.owner)!) best = waiter;
    }
    return best;
  }

  private releaseOf(owner: string): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running -= 1;
      const left = (this.runningBy.get(owner) ?? 1) - 1;
      if (left > 0) this.runningBy.set(owner, left);
      else this.runningBy.delete(owner);
      this.forgetIfIdle(owner);
      this.pump();
    };
  }

  private forgetIfIdle(owner: string): void {
    if (this.inFlight(owner) === 0) this.lastStart.delete(owner);
  }
}

function ownShareTaken(count: number): DomainError {
  return new DomainError(
    'RATE_LIMITED',
    `You have ${count} evaluations running or waiting, your share of the evaluator; try again when one has finished`,
    undefined,
    RETRY_AFTER_S,
  );
}

function busy(): DomainError {
  return new DomainError(
    'SERVICE_UNAVAILABLE',
    'Every evaluator is busy; try again shortly',
    undefined,
    RETRY_AFTER_S,
  );
}

function waitedTooLong(ms: number): DomainError {
  return new DomainError(
    'SERVICE_UNAVAILABLE',
    `Every evaluator stayed busy for ${Math.round(ms / 1000)} s while this evaluation waited; try again shortly`,
    undefined,
    RETRY_AFTER_S,
  );
}
