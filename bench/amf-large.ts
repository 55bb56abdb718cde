// AMF large-specification bench (issue 41): a generated OpenAPI 3.1 document at the size an AMF profile
// evaluates (EVALUATION_AMF_MAX_BYTES, 256 KiB; a 5 MiB one is refused with 422, which the run checks and
// times) evaluated with an AMF profile through the API of the system `npm start` runs (a child process,
// from the sources), beside the AMF engines called here on the same document and profile, round after
// round; then the p99 of `GET /api/rulesets` idle and while two users' evaluations keep every evaluator
// thread busy. The figures are ratios within the run.
//   node -r ./tools/register.js bench/amf-large.ts [--rounds 3] [--bytes 262144] [--reads 400]
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { EVALUATION_LIMITS } from '@pc/contracts';
import { RulesetsEnv, runEvaluatorTask as run, shutdownEngines as shutdown } from '@pc/rulesets';
import { largeOpenApi31, OPERATION_IDS } from '@pc/testing';
import { percentile, sleep, startSystem } from './harness';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ratio = (a: number, b: number) => +(a / b).toFixed(2);

async function time<T>(f: () => Promise<T>): Promise<[number, T]> {
  const t = performance.now();
  const value = await f();
  return [performance.now() - t, value];
}

/** CPU time a process (all its threads) has used so far, in clock ticks (1/100 s). */
function ticksOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** How long the system's idle CPU is sampled. */
const IDLE_SAMPLE_MS = 10_000;

/** The evaluations that keep the threads busy while the list is read: a document that takes seconds. */
const LOAD_BYTES = 64 * 1024;

async function main(): Promise<void> {
  const rounds = arg('rounds', 3);
  const bytes = arg('bytes', new RulesetsEnv().EVALUATION_AMF_MAX_BYTES);
  const reads = arg('reads', 400);
  // A title of its own per document: a new digest (no cache), the same work.
  const doc = (n: number, size = bytes) => largeOpenApi31(size).replace('title: Large', `title: Large ${n}`);
  const engine = (content: string) =>
    run({ kind: 'evaluate', files: { 'api.yaml': content }, main: 'api.yaml', profiles: [OPERATION_IDS] });
  // The engines loaded and warm here as the service's thread will be (below): on a full-size document,
  // so the validator's WebAssembly memory has grown to its size on both sides before the rounds.
  await engine(doc(-1));

  const system = await startSystem('amf', { EVALUATION_TIMEOUT_MS: '300000' }); // not what is measured
  try {
    const { base } = system;
    const json = { 'content-type': 'application/json' };
    // Two users: one user's evaluations hold at most half the threads (fair share).
    const cookies = [await system.signUp(), await system.signUp()];
    const rulesetId = await system.submitRuleset(cookies[0], {
      repo: `amf-${process.pid}`,
      files: { 'ruleset.yaml': OPERATION_IDS },
      name: 'Bench AMF',
      description: 'Operation ids',
    });
    // Under review: only its owner evaluates it (the second user, below, evaluates a ruleset of their own).
    const post = (content: string, cookie = cookies[0]) =>
      fetch(`${base}/api/rulesets/${rulesetId}/evaluations`, {
        method: 'POST',
        headers: { ...json, cookie },
        body: JSON.stringify({ specification: { content } }),
      });
    const evaluate = async (content: string, cookie = cookies[0]) => {
      const res = await post(content, cookie);
      if (res.status !== 200) throw new Error(`evaluation answered ${res.status}: ${await res.text()}`);
      const report = (await res.json()) as {
        durationMs: number;
        evaluations: Array<{ counts: { violation: number; warning: number; info: number } }>;
      };
      const c = report.evaluations[0].counts;
      return { service: report.durationMs, results: c.violation + c.warning + c.info };
    };

    // A 5 MiB document with the AMF profile: refused before any engine runs.
    const [refusedMs, refused] = await time(() => post(largeOpenApi31(EVALUATION_LIMITS.specificationBytes)));
    const refusal = (await refused.json()) as { message?: string };

    await evaluate(doc(-2)); // the service's evaluator thread starts and loads the engines
    // The system's own CPU while nobody calls it (its pollers, consumers, timers), per ms of wall time:
    // an evaluation through the API pays it for as long as it runs, the engine here does not.
    const idleTicks = ticksOf(system.child.pid!);
    await sleep(IDLE_SAMPLE_MS);
    const idleCpuPerMs = ((ticksOf(system.child.pid!) - idleTicks) * 10) / IDLE_SAMPLE_MS;
    // Each side as wall time and as CPU time (this process, where the engines run on the main thread;
    // the system's process with its evaluator threads), which a shared machine disturbs far less.
    const pairs: Array<{
      engine: number;
      api: number;
      service: number;
      engineCpu: number;
      apiCpu: number;
      results: string;
    }> = [];
    for (let i = 0; i < rounds; i += 1) {
      const content = doc(i);
      const cpuHere = process.cpuUsage();
      const [engineMs, here] = await time(() => engine(content));
      const { user, system: sys } = process.cpuUsage(cpuHere);
      // The engine held this event loop for seconds: the system closed the idle keep-alive socket
      // meanwhile, and the client must see that before it sends on it again.
      await sleep(200);
      const ticks = ticksOf(system.child.pid!);
      const [apiMs, there] = await time(() => evaluate(content));
      const hereCounts = here.kind === 'evaluated' && here.reports[0].ok ? here.reports[0].total : -1;
      pairs.push({
        engine: engineMs,
        api: apiMs,
        service: there.service,
        engineCpu: (user + sys) / 1000,
        apiCpu: (ticksOf(system.child.pid!) - ticks) * 10,
        results: `${hereCounts}/${there.results}`,
      });
    }

    // The list's p99 idle, then while both users' evaluations keep both threads busy.
    const list = async (n: number) => {
      const ms: number[] = [];
      for (let i = 0; i < n; i += 1)
        ms.push((await time(() => fetch(`${base}/api/rulesets`).then((r) => r.text())))[0]);
      return ms;
    };
    const idle = await list(reads);
    const other = cookies[1];
    const otherId = await system.submitRuleset(other, {
      repo: `amf-other-${process.pid}`,
      files: { 'ruleset.yaml': OPERATION_IDS },
      name: 'Bench AMF 2',
      description: 'Operation ids',
    });
    let next = 100;
    let saturated = true;
    let loadEvaluations = 0;
    const busy = Array.from({ length: 4 }, async (_, i) => {
      const [id, cookie] = i % 2 === 0 ? [rulesetId, cookies[0]] : [otherId, other];
      while (saturated) {
        const res = await fetch(`${base}/api/rulesets/${id}/evaluations`, {
          method: 'POST',
          headers: { ...json, cookie },
          body: JSON.stringify({ specification: { content: doc(next++, LOAD_BYTES) } }),
        });
        if (res.status !== 200)
          throw new Error(`load evaluation answered ${res.status}: ${await res.text()}`);
        loadEvaluations += 1;
      }
    });
    await new Promise((r) => setTimeout(r, 3000));
    const underLoad = await list(reads);
    saturated = false;
    await Promise.all(busy);

    console.log(
      JSON.stringify(
        {
          documentBytes: Buffer.byteLength(doc(0)),
          profile: 'OPERATION_IDS (operation-id-required, libs/testing)',
          fiveMiBStatus: refused.status,
          fiveMiBAnsweredMs: Math.round(refusedMs),
          fiveMiBMessage: refusal.message,
          engineMs: Math.round(median(pairs.map((p) => p.engine))),
          apiMs: Math.round(median(pairs.map((p) => p.api))),
          apiOverEngine: median(pairs.map((p) => ratio(p.api, p.engine))),
          apiOverEngineRounds: pairs.map((p) => ratio(p.api, p.engine)).join(', '),
          engineMsRounds: pairs.map((p) => Math.round(p.engine)).join(', '),
          apiCpuOverEngineCpu: median(pairs.map((p) => ratio(p.apiCpu, p.engineCpu))),
          apiCpuOverEngineCpuRounds: pairs.map((p) => ratio(p.apiCpu, p.engineCpu)).join(', '),
          engineCpuMsRounds: pairs.map((p) => Math.round(p.engineCpu)).join(', '),
          systemIdleCpuPercent: +(idleCpuPerMs * 100).toFixed(1),
          apiCpuLessIdleOverEngineCpu: median(
            pairs.map((p) => ratio(p.apiCpu - idleCpuPerMs * p.api, p.engineCpu)),
          ),
          apiCpuLessIdleOverEngineCpuRounds: pairs
            .map((p) => ratio(p.apiCpu - idleCpuPerMs * p.api, p.engineCpu))
            .join(', '),
          serviceMsRounds: pairs.map((p) => p.service).join(', '),
          resultsEngineApi: pairs.map((p) => p.results).join(', '),
          rulesetsListP99IdleMs: +percentile(idle, 99).toFixed(1),
          rulesetsListP99SaturatedMs: +percentile(underLoad, 99).toFixed(1),
          rulesetsListP99Ratio: ratio(percentile(underLoad, 99), percentile(idle, 99)),
          loadEvaluations,
          loadAverage: os
            .loadavg()
            .map((l) => l.toFixed(1))
            .join(' '),
        },
        null,
        2,
      ),
    );
  } catch (error) {
    console.error(error, (error as { cause?: unknown }).cause, system.output().slice(-4000));
    process.exitCode = 1;
  } finally {
    await system.stop();
    await shutdown();
  }
}

if (require.main === module) void main();
