import path from 'node:path';
import { evaluatorThreads, type EvaluatorThreadsOptions } from '../evaluation/evaluator-threads';
import { keepEvaluatorThreads } from './kept-evaluator-threads';

// Pools with no thread started (minThreads 0, no task): what is kept and handed out, not the engines.
const options = (maxThreads: number): EvaluatorThreadsOptions => ({
  filename: path.join(__dirname, '..', 'evaluation', 'engine', 'evaluation.worker.ts'),
  minThreads: 0,
  maxThreads,
  idleTimeout: 1000,
});

/**
 * Tests keep the evaluator's thread pools for a worker's next file (tools/jest/evaluator-threads.js
 * turns it on for every file): the pool of a stopped service goes to the next service asking for the
 * same options, and only then.
 */
describe('evaluator threads kept across test files', () => {
  beforeAll(() => keepEvaluatorThreads());

  it('hands an idle pool to the next opening with the very same options, and never to two at once', async () => {
    const first = await evaluatorThreads.open(options(3));
    await evaluatorThreads.close(first, { idle: true });
    const again = await evaluatorThreads.open(options(3));
    expect(again).toBe(first);
    // Taken: the next opening gets a pool of its own, and so does one with other options.
    const other = await evaluatorThreads.open(options(3));
    expect(other).not.toBe(first);
    const otherOptions = await evaluatorThreads.open(options(4));
    expect(otherOptions).not.toBe(first);
    for (const pool of [again, other, otherOptions]) await evaluatorThreads.close(pool, { idle: false });
  });

  it('destroys a pool closed with tasks still running, and the oldest idle one past two kept', async () => {
    const busy = await evaluatorThreads.open(options(5));
    const destroyed = jest.spyOn(busy, 'destroy');
    await evaluatorThreads.close(busy, { idle: false });
    expect(destroyed).toHaveBeenCalled();
    expect(await evaluatorThreads.open(options(5))).not.toBe(busy);

    const pools = await Promise.all([6, 7, 8].map((n) => evaluatorThreads.open(options(n))));
    const oldest = jest.spyOn(pools[0], 'destroy');
    for (const pool of pools) await evaluatorThreads.close(pool, { idle: true });
    expect(oldest).toHaveBeenCalled();
    expect(await evaluatorThreads.open(options(6))).not.toBe(pools[0]);
    expect(await evaluatorThreads.open(options(8))).toBe(pools[2]);
  });

  it('keeps the pools where every file of the worker finds them (a Node core module), not in this file', () => {
    const os = jest.requireActual<Record<symbol, { idle: unknown[] } | undefined>>('node:os');
    const keep = os[Symbol.for('policy-catalog.evaluator-threads')];
    expect(keep?.idle.length).toBeGreaterThan(0);
  });
});
