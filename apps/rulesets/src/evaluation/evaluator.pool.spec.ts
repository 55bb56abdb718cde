import { readdirSync, readFileSync } from 'node:fs';
import { DomainError } from '@pc/platform';
import { RulesetsEnv } from '../rulesets.env';
import { EvaluatorPool } from './evaluator.pool';
import { OAS3, OPERATION_IDS } from '@pc/testing';

const task = {
  kind: 'evaluate' as const,
  files: { 'api.yaml': OAS3 },
  main: 'api.yaml',
  profiles: [OPERATION_IDS],
};

/** The nice value of each thread of this process (Linux), by thread id. */
function niceByThread(): Map<number, number> {
  return new Map(
    readdirSync('/proc/self/task').map((tid) => {
      const fields = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ');
      return [Number(tid), Number(fields[16])];
    }),
  );
}

function poolOf(env: Partial<RulesetsEnv>): EvaluatorPool {
  return new EvaluatorPool(Object.assign(new RulesetsEnv(), env));
}

/** The evaluator's worker threads with the real engines: lazy start, time limit, bound on evaluations. */
describe('the evaluator pool', () => {
  jest.setTimeout(240_000);
  let pool: EvaluatorPool;
  afterEach(() => pool?.onModuleDestroy());

  it('starts no thread before the first evaluation; one past its time limit is stopped (504) and the next runs', async () => {
    pool = poolOf({ EVALUATION_THREADS: 1, EVALUATION_QUEUE: 0 });
    expect(pool.started).toBe(false);
    const late = await pool.run(task, 50).catch((e: unknown) => e);
    expect(late).toBeInstanceOf(DomainError);
    expect((late as DomainError).code).toBe('TIMEOUT');
    const next = await pool.run(task, 200_000);
    expect(next.kind).toBe('evaluated');
    expect(pool.started).toBe(true);
  });

  it('refuses an evaluation past threads and queue with 503 and Retry-After', async () => {
    pool = poolOf({ EVALUATION_THREADS: 1, EVALUATION_QUEUE: 0 });
    const first = pool.run(task, 200_000);
    const second = await pool.run(task, 200_000).catch((e: unknown) => e);
    expect(second).toBeInstanceOf(DomainError);
    expect(second).toMatchObject({ code: 'SERVICE_UNAVAILABLE', retryAfter: 5 });
    expect((await first).kind).toBe('evaluated');
  });

  it('a profile the engine panics on answers a clear problem, and the next task meets a working engine', async () => {
    pool = poolOf({ EVALUATION_THREADS: 1 });
    const panicking = OPERATION_IDS.replace('apiContract.Operation', 'mcp.Tool');
    const stopped = await pool.run({ kind: 'check-profile', profile: panicking }, 200_000);
    expect(stopped).toEqual({
      kind: 'profile-checked',
      problems: ['the validation engine stopped on this profile (a term it does not know?)'],
      silentRules: [],
    });
    expect((await pool.run(task, 200_000)).kind).toBe('evaluated');
  });

  it('runs its threads at EVALUATION_NICE, below the event loop, which keeps its priority', async () => {
    pool = poolOf({ EVALUATION_THREADS: 1, EVALUATION_NICE: 7 });
    const before = niceByThread();
    expect((await pool.run(task, 200_000)).kind).toBe('evaluated');
    const started = [...niceByThread()].filter(([tid]) => !before.has(tid));
    expect(started.map(([, nice]) => nice)).toContain(7);
    expect(niceByThread().get(process.pid)).toBe(0);
  });
});
