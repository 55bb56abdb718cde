// Evaluation bench (issue 27): the AMF engines called directly beside the same inputs through the
// evaluator pool (worker threads) and the service's cache, in one run, as ratios; with `--api`, also
// through the gateway of the system `npm start` runs (a child process, from the sources).
//   node -r ./tools/register.js bench/evaluation.ts [--operations 200] [--rules 20] [--rounds 3] [--api]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  EvaluatorPool,
  RulesetsEnv,
  runEvaluatorTask as run,
  shutdownEngines as shutdown,
} from '@pc/rulesets';
import { startSystem } from './harness';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

/** An OpenAPI 3.0 document of `n` operations (n/2 paths with GET and POST), half without operationId. */
export function document(n: number): string {
  const lines = ['openapi: 3.0.0', 'info:', '  title: Bench', '  version: 1.0.0', 'paths:'];
  for (let i = 0; i < n / 2; i += 1) {
    lines.push(`  /things${i}:`, '    get:', `      operationId: getThing${i}`, '      summary: Get.');
    lines.push('      responses:', "        '200':", '          description: OK.');
    lines.push('    post:', '      responses:', "        '201':", '          description: Created.');
  }
  return `${lines.join('\n')}\n`;
}

/** A profile of `n` rules over operations, responses and the API. */
export function profile(n: number, seed = 0): string {
  const targets: Array<[string, string]> = [
    ['apiContract.Operation', 'core.name'],
    ['apiContract.Operation', 'core.description'],
    ['apiContract.Operation', 'apiContract.guiSummary'],
    ['apiContract.Response', 'core.description'],
    ['apiContract.WebAPI', 'core.version'],
  ];
  const names = Array.from({ length: n }, (_, i) => `rule-${seed}-${i}`);
  const body = names.map((name, i) => {
    const [cls, prop] = targets[i % targets.length];
    return `  ${name}:\n    message: ${name}\n    targetClass: ${cls}\n    propertyConstraints:\n      ${prop}:\n        minCount: 1\n`;
  });
  return `#%Validation Profile 1.0\nprofile: Bench ${seed}\nviolation:\n${names.map((x) => `  - ${x}`).join('\n')}\nvalidations:\n${body.join('')}`;
}

async function time<T>(f: () => Promise<T>): Promise<number> {
  const t = performance.now();
  await f();
  return performance.now() - t;
}

/** Wall time and CPU time (every thread of this process), in milliseconds. */
async function timeAndCpu<T>(f: () => Promise<T>): Promise<[number, number]> {
  const cpu = process.cpuUsage();
  const wall = await time(f);
  const { user, system } = process.cpuUsage(cpu);
  return [wall, (user + system) / 1000];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main(): Promise<void> {
  const ops = arg('operations', 200);
  const rules = arg('rules', 20);
  const rounds = arg('rounds', 3);
  const files = { 'api.yaml': document(ops) };
  const p = profile(rules);
  const task = { kind: 'evaluate' as const, files, main: 'api.yaml', profiles: [p] };

  // The engine directly, warm (first call loads it), and the same task on an evaluator thread (what the
  // service does), warm; round after round, as wall time and as this process's CPU time (its threads).
  await run(task);
  const env = Object.assign(new RulesetsEnv(), {
    EVALUATION_THREADS: 2,
    EVALUATION_QUEUE: 64,
    EVALUATION_TIMEOUT_MS: 300_000,
  });
  const pool = new EvaluatorPool(env);
  await pool.run(task);
  // Distinct owners: one owner's tasks run on half the threads (fair share).
  const as = (i: number) => ({ owner: `bench-${i}` });
  await Promise.all([pool.run(task, as(0)), pool.run(task, as(1))]); // both threads warm
  const directs: number[] = [];
  const threaded: number[] = [];
  const cpuRatios: number[] = [];
  for (let i = 0; i < rounds; i += 1) {
    const [directMs, directCpu] = await timeAndCpu(() => run(task));
    const [threadMs, threadCpu] = await timeAndCpu(() => pool.run(task));
    directs.push(directMs);
    threaded.push(threadMs);
    cpuRatios.push(threadCpu / directCpu);
  }
  const direct = median(directs);

  // Three rulesets on one document: one task (parsed once) against three tasks (parsed three times).
  const three = [p, profile(rules, 1), profile(rules, 2)];
  const once = median(await seq(rounds, () => time(() => pool.run({ ...task, profiles: three }))));
  const thrice = median(
    await seq(rounds, () => time(() => Promise.all(three.map((x) => run({ ...task, profiles: [x] }))))),
  );

  // Throughput: 6 evaluations on one thread, then on two.
  const one = new EvaluatorPool(Object.assign(new RulesetsEnv(), { ...env, EVALUATION_THREADS: 1 }));
  await one.run(task);
  const oneThread = await time(() => Promise.all(Array.from({ length: 6 }, () => one.run(task))));
  const twoThreads = await time(() =>
    Promise.all(Array.from({ length: 6 }, (_, i) => pool.run(task, as(i)))),
  );

  const out = {
    operations: ops,
    rules,
    engineDirectWarmMs: Math.round(direct),
    evaluatorThreadWarmMs: Math.round(median(threaded)),
    threadOverEngine: +(median(threaded) / direct).toFixed(2),
    threadCpuOverEngineCpu: +median(cpuRatios).toFixed(2),
    threeRulesetsOneTaskMs: Math.round(once),
    threeRulesetsThreeParsesMs: Math.round(thrice),
    sixEvaluationsOneThreadMs: Math.round(oneThread),
    sixEvaluationsTwoThreadsMs: Math.round(twoThreads),
    twoThreadsThroughputGain: +(oneThread / twoThreads).toFixed(2),
  };
  await pool.onModuleDestroy();
  await one.onModuleDestroy();
  const api = process.argv.includes('--api') ? await throughApi(ops, rounds) : {};
  console.log(JSON.stringify({ ...out, ...api }, null, 2));
  await shutdown();
}

/** Reads of `GET /api/rulesets` per phase: a p99 of 100 samples is one slow request, so more. */
const READS = 400;

/** The vendor ruleset the API part evaluates (its profile is read from the vendor index for the engine). */
const VENDOR_SLUG = 'api-documentation-basics';

/** CPU time a process (all its threads) has used so far, in clock ticks (1/100 s). */
function ticksOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];

/**
 * Through the API, beside the engine on the same inputs (the vendor ruleset's profile and the
 * document): an evaluation of a document not seen before, the same again (the digest-keyed cache),
 * and the p99 of `GET /api/rulesets` idle and while evaluations keep every evaluator thread busy.
 */
async function throughApi(ops: number, rounds: number): Promise<Record<string, number | string>> {
  const profileText = readFileSync(
    path.join(__dirname, '..', 'libs/vendor-index/data/rulesets/profiles', `${VENDOR_SLUG}.yaml`),
    'utf8',
  );
  // A title of its own per document: a new digest, the same work.
  const doc = (n: number) => document(ops).replace('title: Bench', `title: Bench ${n}`);
  const engine = { kind: 'evaluate' as const, main: 'api.yaml', profiles: [profileText] };
  await run({ ...engine, files: { 'api.yaml': doc(-1) } });

  const system = await startSystem('eval');
  try {
    const { base, child } = system;
    // Two users: one user's evaluations hold at most half the evaluator's threads (fair share), so
    // saturating it takes two.
    const cookies = [await system.signUp(), await system.signUp()];
    const evaluate = async (n: number, cookie = cookies[0]) => {
      const res = await fetch(`${base}/api/vendor-rulesets/${VENDOR_SLUG}/evaluations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ specification: { content: doc(n), filename: 'api.yaml' } }),
      });
      if (res.status !== 200) throw new Error(`evaluation answered ${res.status}: ${await res.text()}`);
      return (await res.json()) as { evaluations: Array<{ cached: boolean }>; durationMs: number };
    };
    await evaluate(0); // the service's evaluator threads start and load the engines
    await Promise.all([evaluate(1, cookies[0]), evaluate(2, cookies[1])]);
    // Round after round, the engine here then the same work through the API (a new document each time),
    // each as wall time and as CPU time (this process's threads; the system's process and its evaluator
    // threads), which a busy machine disturbs far less.
    let next = 10;
    const pairs: Array<{ direct: number; api: number; service: number; directCpu: number; apiCpu: number }> =
      [];
    for (let i = 0; i < rounds; i += 1) {
      const n = next++;
      const cpuHere = process.cpuUsage();
      const directMs = await time(() => run({ ...engine, files: { 'api.yaml': doc(n) } }));
      const { user, system: sys } = process.cpuUsage(cpuHere);
      const ticks = ticksOf(child.pid!);
      let service = 0;
      const apiMs = await time(async () => {
        service = (await evaluate(n)).durationMs;
      });
      pairs.push({
        direct: directMs,
        api: apiMs,
        service,
        directCpu: (user + sys) / 1000,
        apiCpu: (ticksOf(child.pid!) - ticks) * 10,
      });
    }
    const direct = median(pairs.map((p) => p.direct));
    const api = median(pairs.map((p) => p.api));
    const cpuRatio = median(pairs.map((p) => p.apiCpu / p.directCpu));
    const cachedMs = median(await seq(rounds, () => time(() => evaluate(10))));
    const cached = (await evaluate(10)).evaluations[0].cached;
    const reads = async (n: number) => {
      const ms: number[] = [];
      for (let i = 0; i < n; i += 1)
        ms.push(await time(() => fetch(`${base}/api/rulesets`).then((r) => r.text())));
      return ms;
    };
    const idle = await reads(READS);
    let saturated = true;
    const busy = Array.from({ length: 4 }, async (_, i) => {
      while (saturated) await evaluate(next++, cookies[i % 2]);
    });
    await new Promise((r) => setTimeout(r, 2000));
    const underLoad = await reads(READS);
    saturated = false;
    await Promise.all(busy);
    return {
      apiProfile: `${VENDOR_SLUG} (vendor index)`,
      apiEngineDirectWarmMs: Math.round(direct),
      apiEvaluationMs: Math.round(api),
      apiOverEngine: +(api / direct).toFixed(2),
      apiOverEngineRounds: pairs.map((p) => +(p.api / p.direct).toFixed(2)).join(', '),
      apiEngineDirectMsRounds: pairs.map((p) => Math.round(p.direct)).join(', '),
      apiServiceMsRounds: pairs.map((p) => p.service).join(', '),
      apiCpuOverEngineCpu: +cpuRatio.toFixed(2),
      apiCpuOverEngineCpuRounds: pairs.map((p) => +(p.apiCpu / p.directCpu).toFixed(2)).join(', '),
      apiCachedRepeatMs: Math.round(cachedMs),
      apiCachedRepeatSaysCached: String(cached),
      rulesetsListP99IdleMs: Math.round(percentile(idle, 99)),
      rulesetsListP99SaturatedMs: Math.round(percentile(underLoad, 99)),
      rulesetsListP99Ratio: +(percentile(underLoad, 99) / percentile(idle, 99)).toFixed(2),
    };
  } finally {
    await system.stop();
  }
}

async function seq<T>(n: number, f: () => Promise<T>): Promise<T[]> {
  const xs: T[] = [];
  for (let i = 0; i < n; i += 1) xs.push(await f());
  return xs;
}

if (require.main === module) void main();
