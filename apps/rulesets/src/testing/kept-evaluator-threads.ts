import Module from 'node:module';
import os from 'node:os';
import type PiscinaClass from 'piscina';
import {
  evaluatorThreads,
  type EvaluatorThreads,
  type EvaluatorThreadsOptions,
} from '../evaluation/evaluator-threads';

/** How many idle pools a Jest worker keeps (services of one file open one, rarely two). */
const KEPT_POOLS = 2;

interface Keep {
  /** Idle pools, the most recently kept last. */
  idle: EvaluatorThreads[];
  /** Each pool's options (JSON), as it was opened with them. */
  options: WeakMap<EvaluatorThreads, string>;
  Pool: typeof PiscinaClass;
}

/**
 * Evaluator thread pools kept for the next test file of a Jest worker (loaded for every file by
 * tools/jest/evaluator-threads.js). Each thread's start loads the engines (about two seconds of CPU),
 * and each service or end-to-end file that evaluated started its threads anew. Now a stopping service's
 * pool is kept when none of its tasks is still running, and the next service opening a pool with the
 * very same options (threads, memory, nice value, idle time) takes it as it is; a pool is never shared
 * by two services at once, a retired one (a validator panic) is never kept, and past KEPT_POOLS the
 * oldest idle pool is destroyed. Its idle threads hold nothing of a file but the engines' caches of
 * the rulesets they evaluated (evaluations are pure).
 *
 * The pools live outside Jest's module registries: piscina is loaded by Node's own `require` and the
 * keep is on a Node core module, the one object the files of a worker share, so nothing a file loaded
 * is kept alive by them. Piscina unrefs idle threads: a kept pool does not hold the worker open.
 */
export function keepEvaluatorThreads(): void {
  const keep = ((os as unknown as Record<symbol, Keep | undefined>)[
    Symbol.for('policy-catalog.evaluator-threads')
  ] ??= {
    idle: [],
    options: new WeakMap(),
    Pool: hostRequire<{ Piscina: typeof PiscinaClass }>('piscina').Piscina,
  });
  evaluatorThreads.open = (options: EvaluatorThreadsOptions) => {
    const key = JSON.stringify(options);
    const kept = keep.idle.filter((pool) => keep.options.get(pool) === key).pop();
    if (kept) {
      keep.idle.splice(keep.idle.indexOf(kept), 1);
      return Promise.resolve(kept);
    }
    const pool: EvaluatorThreads = new keep.Pool(options);
    keep.options.set(pool, key);
    // While kept (no service listening), a failing idle thread is replaced by piscina, and reported.
    pool.on('error', (error: unknown) =>
      process.stderr.write(`a kept evaluator thread failed: ${String(error)}\n`),
    );
    return Promise.resolve(pool);
  };
  evaluatorThreads.close = async (pool: EvaluatorThreads, { idle }: { idle: boolean }) => {
    if (!idle) return pool.destroy();
    keep.idle.push(pool);
    while (keep.idle.length > KEPT_POOLS) await keep.idle.shift()!.destroy();
  };
}

/**
 * Node's own loader: under Jest, `require` and `createRequire` load into the test file's registry
 * (`Module._load` is the host's, copied onto the module class Jest hands out).
 */
function hostRequire<T>(id: string): T {
  const host = Module as unknown as { _load(request: string, parent: null, isMain: boolean): unknown };
  return host._load(require.resolve(id), null, false) as T;
}
