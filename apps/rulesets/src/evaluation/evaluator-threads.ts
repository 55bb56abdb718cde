import type Piscina from 'piscina';
import type { EvaluatorAnswer, EvaluatorTask } from './engine/evaluation.worker';

/** A pool of evaluator threads (piscina). */
export type EvaluatorThreads = Piscina<EvaluatorTask, EvaluatorAnswer>;

/** What a pool is opened with: piscina's options, from the service's settings alone. */
export type EvaluatorThreadsOptions = NonNullable<ConstructorParameters<typeof Piscina>[0]>;

/**
 * Where the evaluator's thread pools come from and where they go. A service opens one on its first
 * evaluation and destroys it when it stops: that is all a service does with them. The tests of a Jest
 * worker keep them for the worker's next file instead (rulesets' testing `keepEvaluatorThreads`): each
 * thread's start loads the engines, about two seconds of CPU, and every end-to-end or service file
 * that evaluates started its own.
 */
export const evaluatorThreads = {
  async open(options: EvaluatorThreadsOptions): Promise<EvaluatorThreads> {
    // Imported here, not at the top: a service that never evaluates never loads piscina either.
    const { default: Pool } = await import('piscina');
    return new Pool<EvaluatorTask, EvaluatorAnswer>(options);
  },

  /** The pool's service has stopped; `idle` when none of its tasks is still waiting or running. */
  async close(pool: EvaluatorThreads, _: { idle: boolean }): Promise<void> {
    await pool.destroy();
  },
};
