import path from 'node:path';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { createLogger, DomainError } from '@pc/platform';
import { RulesetsEnv } from '../rulesets.env';
import { evaluatorThreads, type EvaluatorThreads } from './evaluator-threads';
import { FairShare, RETRY_AFTER_S, SERVICE_WORK } from './fair-share';
import type { SharedLimit } from './shared-limit';
import type { EvaluatorOutcome, EvaluatorTask, EvaluatorThreadData } from './engine/evaluation.worker';

const log = createLogger('rulesets');

/** An idle thread exits after this long (the engines' memory goes with it). */
const IDLE_MS = 10 * 60_000;

/**
 * The evaluator: a piscina pool of worker threads that run the AMF engines off the service's event loop.
 * Created on the first evaluation (no thread, no engine in memory before); at most EVALUATION_THREADS
 * evaluations run at once and EVALUATION_QUEUE wait; past that, 503 with Retry-After. Which one runs
 * next, and how much of the threads one caller may hold, is `FairShare`'s: a task reaches piscina only
 * when a thread is free for it. An evaluation that runs past EVALUATION_TIMEOUT_MS (counted from its
 * start, not its wait) is aborted: piscina terminates its thread (the engine is synchronous WebAssembly
 * and cannot be interrupted otherwise) and starts a fresh one; the answer is 422 naming the limit (the
 * same as past the memory limit: the document is too much for the engine, retrying it changes nothing).
 *
 * A profile the validator panics on stops the Go runtime of its thread for good (the thread cancels the
 * runtime's timer events at once: each would throw and kill the thread mid-answer). That task answers
 * the problem with `retire`, and the pool is retired: the next task opens a fresh one. Piscina hands a
 * task queued behind to the same thread as soon as the answer arrives, before `run` reads it: the
 * thread answers such a task `not-run` without starting it, and it runs on the fresh pool (evaluations
 * are pure; a task that ran is never run again).
 */
@Injectable()
export class EvaluatorPool implements OnModuleDestroy {
  private pool: EvaluatorThreads | undefined;
  private readonly share: FairShare;
  private opening: Promise<EvaluatorThreads> | undefined;
  /** Tasks handed to the pool and not answered yet. */
  private running = 0;
  /** Set at shutdown: a task still waiting for its turn then opens no new pool. */
  private closed = false;

  constructor(@Inject(RulesetsEnv) private readonly env: RulesetsEnv) {
    this.share = new FairShare({ slots: env.EVALUATION_THREADS, queue: env.EVALUATION_QUEUE });
  }

  /** Whether the engines were ever loaded (for the idle-memory check). */
  get started(): boolean {
    return this.pool !== undefined;
  }

  /**
   * Runs one task on a thread when `owner` (the calling user's id; `SERVICE_WORK` for the service's own
   * checks) has its turn: see `FairShare` for the waits and refusals. With `limit`, the task's wait and run
   * also end with what is left of the time the tasks sharing it have (`limit.reached` then says so).
   */
  async run(
    task: EvaluatorTask,
    { owner = SERVICE_WORK, timeoutMs = this.env.EVALUATION_TIMEOUT_MS, limit }: RunOptions = {},
  ): Promise<EvaluatorOutcome> {
    // A task after the first of its limit is told that the time it ran past was shared.
    const shared = limit?.started ? limit : undefined;
    const work = workOf(task);
    const waitLeft = limit?.left() ?? Infinity;
    const waitMs = Math.min(timeoutMs, waitLeft);
    if (waitMs <= 0) {
      limit!.reached = true;
      throw new RanPastTimeLimit(timeoutMs, shared, work);
    }
    const release = await this.share.acquire(owner, waitMs, () => {
      if (limit && waitLeft <= timeoutMs) limit.reached = true;
    });
    if (this.closed) {
      release();
      throw new DomainError(
        'SERVICE_UNAVAILABLE',
        'The evaluator is stopping; try again',
        undefined,
        RETRY_AFTER_S,
      );
    }
    limit?.start();
    const runLeft = limit?.left() ?? Infinity;
    const runMs = Math.min(timeoutMs, runLeft);
    const signal = AbortSignal.timeout(Math.max(runMs, 0));
    try {
      for (;;) {
        const pool = await this.open();
        this.running += 1;
        const answer = await pool.run(task, { signal }).finally(() => (this.running -= 1));
        if (answer.retire) this.retire(pool, answer.kind === 'not-run' ? undefined : answer.engineOutput);
        // A task that reached a retired thread did not start: it runs on the fresh pool. Each refusal
        // means another task's panic retired the pool it was queued in: a bounded number (the queue's).
        if (answer.kind === 'not-run') continue;
        const { retire: _, engineOutput: __, ...outcome } = answer;
        return outcome;
      }
    } catch (error) {
      if (signal.aborted) {
        // A 4xx, not a 504: the document (or the rulesets) is too slow for the engine, not a service that
        // failed to answer; retrying the same request would meet the same limit.
        if (limit && runLeft <= timeoutMs) limit.reached = true;
        throw new RanPastTimeLimit(timeoutMs, shared, work);
      }
      if ((error as { code?: unknown } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY') {
        throw new DomainError(
          'UNPROCESSABLE',
          `${work.what} needed more than its memory limit (EVALUATION_MEMORY_MB, ${this.env.EVALUATION_MEMORY_MB} MiB) and was stopped; ${work.advice}`,
        );
      }
      if ((error as { name?: unknown } | null)?.name === 'RangeError') {
        // An engine that overflowed its stack (a document nested past what it reads) or met a length it
        // cannot hold: the input is the cause, and the same request would fail again (a 503 says retry).
        log.warn({ err: error }, 'an evaluation failed on its input');
        throw new DomainError(
          'UNPROCESSABLE',
          `The engine cannot read this input (${(error as Error).message}): a document nested too deep, or too large?`,
        );
      }
      log.error({ err: error }, 'evaluator thread failed');
      throw new DomainError(
        'SERVICE_UNAVAILABLE',
        'The evaluator failed; try again',
        undefined,
        RETRY_AFTER_S,
      );
    } finally {
      release();
    }
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    const pool = this.pool;
    this.pool = undefined;
    if (!pool) return;
    pool.off('error', threadFailed);
    await evaluatorThreads.close(pool, { idle: this.running === 0 });
  }

  /**
   * A thread whose engine runtime stopped must get no more tasks, and piscina cannot retire one thread:
   * the next task opens a fresh pool, and this one closes once the tasks it runs have finished (the
   * tasks queued in it reach the retired thread, which answers them `not-run`; they run again here).
   */
  private retire(pool: EvaluatorThreads, engineOutput?: string): void {
    if (this.pool !== pool) return; // retired already
    this.pool = undefined;
    pool.off('error', threadFailed);
    log.warn(
      { engineOutput: engineOutput?.trim() },
      'the validation engine stopped on a profile; its evaluator threads are replaced',
    );
    pool
      .close()
      .catch((error: unknown) => log.warn({ err: error }, 'closing a retired evaluator pool failed'));
  }

  /** The pool, opened by the first task: the tasks arriving while it opens wait for that one. */
  private open(): Promise<EvaluatorThreads> {
    if (this.pool) return Promise.resolve(this.pool);
    this.opening ??= this.openThreads().finally(() => (this.opening = undefined));
    return this.opening;
  }

  private async openThreads(): Promise<EvaluatorThreads> {
    if (this.closed) throw new Error('the evaluator is stopping');
    const source = __filename.endsWith('.ts');
    const pool = await evaluatorThreads.open({
      filename: path.join(__dirname, 'engine', `evaluation.worker.${source ? 'ts' : 'js'}`),
      // Run from TypeScript sources (npm start, tests): the thread loads them as the main thread does.
      execArgv: source ? ['-r', path.join(__dirname, '..', '..', '..', '..', 'tools', 'register.js')] : [],
      minThreads: 0,
      maxThreads: this.env.EVALUATION_THREADS,
      idleTimeout: IDLE_MS,
      concurrentTasksPerWorker: 1,
      workerData: { nice: this.env.EVALUATION_NICE } satisfies EvaluatorThreadData,
      // A task that needs more heap ends its thread (piscina starts another), not the service.
      resourceLimits: { maxOldGenerationSizeMb: this.env.EVALUATION_MEMORY_MB },
    });
    if (this.closed) {
      await evaluatorThreads.close(pool, { idle: true });
      throw new Error('the evaluator is stopping');
    }
    // A thread that fails while it runs no task (piscina replaces it) must not take the service down:
    // piscina emits 'error', which with no listener would throw in the main thread.
    pool.on('error', threadFailed);
    this.pool = pool;
    return pool;
  }
}

function threadFailed(error: unknown): void {
  log.error({ err: error }, 'an idle evaluator thread failed');
}

export interface RunOptions {
  /** Whose task it is (the user's id): each caller's share of the threads is bounded. */
  owner?: string;
  /** The task's time limit, from its start on a thread. */
  timeoutMs?: number;
  /** The time limit the task shares with the other tasks of its request (they run one after another). */
  limit?: SharedLimit;
}

/**
 * 422 naming the time limit a task ran past, and what shared it when the task was not the first. A class
 * of its own within the service: a re-evaluation tries such an API again later (a busy evaluator may have
 * made it late) where it leaves out one whose input is the cause; on the wire it is `UNPROCESSABLE`.
 */
export class RanPastTimeLimit extends DomainError {
  constructor(timeoutMs: number, shared: SharedLimit | undefined, work: Work = EVALUATION) {
    const limit = shared
      ? `(EVALUATION_TIMEOUT_MS, ${shared.ms} ms), ${shared.shares},`
      : `(EVALUATION_TIMEOUT_MS, ${timeoutMs} ms)`;
    super('UNPROCESSABLE', `${work.what} ran past its time limit ${limit} and was stopped; ${work.advice}`);
  }
}

/** A task's work in the words of a refusal: what ran past a limit, and what the caller may try instead. */
interface Work {
  what: string;
  advice: string;
}

const EVALUATION: Work = {
  what: 'The evaluation',
  advice: 'try a smaller specification or fewer rulesets',
};

function workOf(task: EvaluatorTask): Work {
  switch (task.kind) {
    case 'parse':
      return { what: 'Reading the document', advice: 'try a smaller specification' };
    case 'check-profile':
    case 'check-spectral':
      return { what: 'Checking the ruleset', advice: 'try a smaller ruleset' };
    case 'evaluate':
    case 'evaluate-spectral':
    case 'warm-up':
      return EVALUATION;
  }
}
