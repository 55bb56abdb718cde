import { readdirSync, readFileSync } from 'node:fs';
import { DomainError } from '@pc/platform';
import { RulesetsEnv } from '../rulesets.env';
import { EvaluatorPool } from './evaluator.pool';
import { aliasNestedSpecification, OAS3, OPERATION_IDS } from '@pc/testing';
import { OAS3_MISSING_OPERATION_ID } from '../testing/evaluation-fixtures';

const task = {
  kind: 'evaluate' as const,
  files: { 'api.yaml': OAS3 },
  main: 'api.yaml',
  profiles: [OPERATION_IDS],
};

let callers = 0;
/**
 * A time limit no test reaches (an engine's first start on a loaded machine takes seconds), for a caller
 * of its own: the tests that queue several tasks are not about one caller's share of the threads.
 */
const long = () => ({ timeoutMs: 200_000, owner: `caller ${++callers}` });

/** The validator's report on `task`: the operation without operationId. */
const report = {
  kind: 'evaluated',
  format: 'OAS 3.0',
  reports: [
    {
      ok: true,
      conforms: false,
      results: [OAS3_MISSING_OPERATION_ID],
    },
  ],
};

/** A profile the validator's Go runtime panics on (a vocabulary term it does not know): it exits. */
const panicking = {
  kind: 'check-profile' as const,
  profile: OPERATION_IDS.replace('apiContract.Operation', 'mcp.Tool'),
};
const stopped = {
  kind: 'profile-checked',
  problems: ['the validation engine stopped on this profile (a term it does not know?)'],
  silentRules: [],
};

/**
 * How long the service's event loop is kept busy while a thread answers a panic: past the timer events
 * the validator's Go runtime keeps after each call (1 to 5 s measured), which come due meanwhile.
 */
const EVENT_LOOP_BUSY_MS = 6_000;

/** Holds this thread (the event loop) for `ms`, as a long synchronous stretch of the service would. */
function blockEventLoop(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

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

/**
 * The evaluator's worker threads with the real engines: lazy start, time limit, bound on evaluations,
 * an engine that panics. One pool for the file (one thread, three queue slots, at nice 7), as in the
 * service, where a thread serves evaluation after evaluation: each engine start costs seconds of CPU,
 * so the tests share the thread that is running, and a new one starts only where the test is about that.
 */
describe('the evaluator pool', () => {
  jest.setTimeout(240_000);
  const pool = poolOf({ EVALUATION_THREADS: 1, EVALUATION_QUEUE: 3, EVALUATION_NICE: 7 });
  afterAll(() => pool.onModuleDestroy());

  it('starts no thread before the first evaluation; one past its time limit is stopped (422 naming the limit) and the next runs', async () => {
    expect(pool.started).toBe(false);
    const late = await pool.run(task, { timeoutMs: 50 }).catch((e: unknown) => e);
    expect(late).toBeInstanceOf(DomainError);
    expect(late).toMatchObject({
      code: 'UNPROCESSABLE',
      message: expect.stringContaining('time limit (EVALUATION_TIMEOUT_MS, 50 ms)') as string,
    });
    const next = await pool.run(task, long());
    expect(next).toMatchObject(report);
    expect(pool.started).toBe(true);
  });

  it('names the work that ran past its time limit: reading a document, checking a ruleset, an evaluation', async () => {
    const late = (t: Parameters<EvaluatorPool['run']>[0]) =>
      pool.run(t, { timeoutMs: 1 }).catch((e: unknown) => (e as Error).message);
    const parse = { kind: 'parse' as const, files: task.files, main: task.main, amf: true };
    expect(await late(parse)).toMatch(
      /^Reading the document ran past its time limit \(EVALUATION_TIMEOUT_MS, 1 ms\) and was stopped; try a smaller specification$/,
    );
    expect(await late({ kind: 'check-profile', profile: OPERATION_IDS })).toMatch(
      /^Checking the ruleset ran past its time limit \(EVALUATION_TIMEOUT_MS, 1 ms\) and was stopped; try a smaller ruleset$/,
    );
    expect(await late(task)).toMatch(
      /^The evaluation ran past its time limit .* try a smaller specification or fewer rulesets$/,
    );
  });

  it('refuses an evaluation past threads and queue with 503 and Retry-After', async () => {
    const taken = [1, 2, 3, 4].map(() => pool.run(task, long()));
    const refused = await pool.run(task, long()).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ code: 'SERVICE_UNAVAILABLE', retryAfter: 5 });
    for (const outcome of await Promise.all(taken)) expect(outcome).toMatchObject(report);
  });

  it('runs its threads at EVALUATION_NICE, below the event loop, which keeps its priority', async () => {
    expect(await pool.run(task, long())).toMatchObject(report);
    // The thread that evaluated is this pool's (started by an earlier test or by this one): the only
    // thread of the process at nice 7; the event loop's thread keeps 0.
    const niced = [...niceByThread()].filter(([, nice]) => nice === 7);
    expect(niced).toHaveLength(1);
    expect(niceByThread().get(process.pid)).toBe(0);
  });

  // Each panic costs a fresh thread its engines' start (seconds of CPU): one case has the two panics.
  it('a profile the engine panics on answers a clear problem while the event loop is busy (an evaluation: that profile stopped and no other run); a panic queued behind it answers its problem, the tasks queued behind both their reports, and so does the next task', async () => {
    expect(await pool.run(task, long())).toMatchObject(report);
    const answers = Promise.all([
      pool.run({ ...task, profiles: [panicking.profile, OPERATION_IDS] }, long()),
      pool.run(panicking, long()),
      pool.run(task, long()),
      pool.run({ kind: 'check-profile', profile: OPERATION_IDS }, long()),
    ]);
    await new Promise((resolve) => setImmediate(resolve)); // the first task is with the thread
    blockEventLoop(EVENT_LOOP_BUSY_MS);
    const [first, second, ...queued] = await answers;
    expect(first).toMatchObject({
      kind: 'evaluated',
      format: 'OAS 3.0',
      reports: [
        { ok: false, problem: 'the validation engine stopped on this profile (a term it does not know?)' },
        { ok: false, problem: 'not run: the validation engine stopped on an earlier profile' },
      ],
    });
    expect(second).toEqual(stopped);
    expect(queued).toMatchObject([report, { kind: 'profile-checked', problems: [], silentRules: [] }]);
    expect(await pool.run(task, long())).toMatchObject(report);
    expect(await pool.run({ kind: 'check-profile', profile: OPERATION_IDS }, long())).toEqual({
      kind: 'profile-checked',
      problems: [],
      silentRules: [],
    });
  });
});

/**
 * One caller's slow documents (YAML anchors nested six levels deep, ten wide: the engine's parser spends
 * minutes on them; the specification reader refuses them before the pool, so they are handed to the
 * pool directly here) do not hold another caller's evaluation: with two threads, the attacker's second
 * waits for its first, and the other caller's runs at once on the other thread.
 */
describe('the evaluator pool shared by callers', () => {
  jest.setTimeout(240_000);
  const pool = poolOf({ EVALUATION_THREADS: 2, EVALUATION_QUEUE: 4, EVALUATION_NICE: 7 });
  afterAll(() => pool.onModuleDestroy());

  it("answers another caller's evaluation while both of one caller's slow evaluations are still running or waiting", async () => {
    const slow = {
      kind: 'evaluate' as const,
      files: { 'api.yaml': aliasNestedSpecification(6, 10) },
      main: 'api.yaml',
      profiles: [OPERATION_IDS],
    };
    // Both threads started first (two callers at once): the engines' start, seconds of CPU, is not what
    // is measured against the attacker's, whose documents keep a thread busy for as long as the test lasts.
    const warm = await Promise.all(['other', 'someone'].map((owner) => pool.run(task, { ...long(), owner })));
    expect(warm).toMatchObject([report, report]);
    const settled: string[] = [];
    const attack = [1, 2].map((n) =>
      pool
        .run(slow, { owner: 'attacker', timeoutMs: 200_000 })
        .catch((error: unknown) => error)
        .finally(() => settled.push(`attacker ${n}`)),
    );
    await new Promise((resolve) => setTimeout(resolve, 500)); // the attacker's first is on a thread
    const other = await pool.run(task, { ...long(), owner: 'other' });
    expect(other).toMatchObject(report);
    expect(settled).toEqual([]);
    await pool.onModuleDestroy(); // the attacker's threads are stopped: their tasks end with an error
    await Promise.all(attack);
  });
});
