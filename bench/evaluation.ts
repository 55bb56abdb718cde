// Evaluation bench (issue 27): the AMF engines called directly beside the same inputs through the
// evaluator pool (worker threads) and the service's cache, in one run, as ratios.
//   node -r ./tools/register.js bench/evaluation.ts [--operations 200] [--rules 20] [--rounds 3]
import { performance } from 'node:perf_hooks';
import {
  EvaluatorPool,
  RulesetsEnv,
  runEvaluatorTask as run,
  shutdownEngines as shutdown,
} from '@pc/rulesets';

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

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main(): Promise<void> {
  const ops = arg('operations', 200);
  const rules = arg('rules', 20);
  const rounds = arg('rounds', 3);
  const files = { 'api.yaml': document(ops) };
  const p = profile(rules);
  const task = { kind: 'evaluate' as const, files, main: 'api.yaml', profiles: [p] };

  // The engine directly, warm (first call loads it).
  await run(task);
  const direct = median(await seq(rounds, () => time(() => run(task))));

  // The same task on an evaluator thread (what the service does), warm.
  const env = Object.assign(new RulesetsEnv(), {
    EVALUATION_THREADS: 2,
    EVALUATION_QUEUE: 64,
    EVALUATION_TIMEOUT_MS: 600_000,
  });
  const pool = new EvaluatorPool(env);
  await pool.run(task);
  await Promise.all([pool.run(task), pool.run(task)]); // both threads warm
  const threaded: number[] = [];
  for (let i = 0; i < rounds; i += 1) threaded.push(await time(() => pool.run(task)));

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
  const twoThreads = await time(() => Promise.all(Array.from({ length: 6 }, () => pool.run(task))));

  const out = {
    operations: ops,
    rules,
    engineDirectWarmMs: Math.round(direct),
    evaluatorThreadWarmMs: Math.round(median(threaded)),
    threadOverEngine: +(median(threaded) / direct).toFixed(2),
    threeRulesetsOneTaskMs: Math.round(once),
    threeRulesetsThreeParsesMs: Math.round(thrice),
    sixEvaluationsOneThreadMs: Math.round(oneThread),
    sixEvaluationsTwoThreadsMs: Math.round(twoThreads),
    twoThreadsThroughputGain: +(oneThread / twoThreads).toFixed(2),
  };
  console.log(JSON.stringify(out, null, 2));
  await pool.onModuleDestroy();
  await one.onModuleDestroy();
  await shutdown();
}

async function seq<T>(n: number, f: () => Promise<T>): Promise<T[]> {
  const xs: T[] = [];
  for (let i = 0; i < n; i += 1) xs.push(await f());
  return xs;
}

if (require.main === module) void main();
