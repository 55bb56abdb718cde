/**
 * Roll-out benchmark (issue 26), one run, figures to stdout and optionally JSON: a roll-out of one
 * policy version to `--orgs` (50) organizations in 5 equal steps, against a sandbox platform that waits
 * `--latency-ms` (300) before each answer, with 1 and then 4 deployment-worker processes
 * (`--worker-concurrency`, 2, each). Measured:
 *
 * 1. The roll-out's time from its POST to its `end` event, and 4 workers' time as a ratio of 1
 *    worker's, in the same run (budget: at most 0.35).
 * 2. The delay of each state change on the roll-out's event stream: the time an SSE client receives the
 *    event minus the time it was stored (`at`, PostgreSQL's clock, the same machine): p50/p99 (budget:
 *    p99 under 100 ms).
 *
 * The system is `npm start`'s composition in a child process (see bench/deployments.ts, whose helpers
 * this uses). Usage: `npm run bench:rollouts -- [--orgs 50] [--steps 5] [--latency-ms 300]
 * [--workers 1,4] [--worker-concurrency 2] [--json file] [--nats url] [--postgres url]`.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { sseEvents } from '@pc/testing';
import { startBench, type World } from './deployments';
import { benchOptions, percentile, round } from './harness';
import { stopProcess } from './processes';

/** Follows a roll-out's event stream to its `end`: the delay of each event and the time of the end. */
async function follow(
  base: string,
  token: string,
  id: string,
): Promise<{ delays: number[]; endedAt: number; status: string }> {
  const res = await fetch(new URL(`/api/rollouts/${id}/events`, base), {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
  });
  if (!res.ok || !res.body) throw new Error(`events ${res.status}`);
  const delays: number[] = [];
  for await (const { event, receivedAt: now } of sseEvents(res.body)) {
    const data = JSON.parse(event.data || 'null') as { at?: string; status?: string } | null;
    if (event.event === 'end') return { delays, endedAt: performance.now(), status: data?.status ?? '?' };
    if (event.event === 'rollout' && data?.at) delays.push(now - Date.parse(data.at));
  }
  throw new Error('the stream ended without `end`');
}

async function rollOut(base: string, w: World, version: string, steps: number, orgs: number) {
  const size = Math.ceil(orgs / steps);
  const started = performance.now();
  const { rollout } = await w.user.ok<{ rollout: { id: string } }>('POST', '/api/rollouts', {
    policyId: w.policyId,
    connectionId: w.connectionId,
    workspaceId: w.workspaceId,
    version,
    doRelease: true,
    targetOrganizationIds: w.targets.slice(0, orgs),
    stepSizes: [...Array.from({ length: steps - 1 }, () => size), 'rest'],
    bakeSeconds: 0,
  });
  const followed = await follow(base, w.user.token, rollout.id);
  if (followed.status !== 'completed') throw new Error(`roll-out ${rollout.id} ended ${followed.status}`);
  return { seconds: (followed.endedAt - started) / 1000, delays: followed.delays };
}

async function main(): Promise<void> {
  const o = benchOptions(process.argv.slice(2), {
    orgs: 50,
    steps: 5,
    latencyMs: 300,
    workers: [1, 4],
    workerConcurrency: 2,
  });
  const bench = await startBench(o, o.orgs, { ROLLOUT_TICK_MS: '250' });
  const log = (line: string) => process.stdout.write(`${line}\n`);
  const results: Record<string, unknown> = { machine: bench.machine, options: o };
  try {
    log(`machine: ${bench.machine}`);
    await bench.w.control.ok('PUT', '/_sandbox/platform/latency', { ms: o.latencyMs });
    const runs: Array<{
      workers: number;
      seconds: number;
      ratio: number;
      p50: number;
      p99: number;
      events: number;
    }> = [];
    for (const [index, count] of o.workers.entries()) {
      const workers = await bench.startWorkers(count, {
        DEPLOY_WORKER_CONCURRENCY: String(o.workerConcurrency),
      });
      const { seconds, delays } = await rollOut(bench.base, bench.w, `${index + 40}.0.0`, o.steps, o.orgs);
      for (const worker of workers) await stopProcess(worker);
      const run = {
        workers: count,
        seconds: round(seconds, 1),
        ratio: round(seconds / (runs[0]?.seconds ?? seconds)),
        p50: percentile(delays, 50),
        p99: percentile(delays, 99),
        events: delays.length,
      };
      runs.push(run);
      log(
        `${o.orgs} organizations in ${o.steps} steps, ${count} worker process(es) x ${o.workerConcurrency}, ` +
          `platform ${o.latencyMs} ms: ${run.seconds} s (ratio ${run.ratio}); ${run.events} events, ` +
          `delay p50 ${run.p50} ms p99 ${run.p99} ms`,
      );
    }
    results.runs = runs;
    results.loadAtEnd = os.loadavg().map((l) => round(l, 1));
    if (o.json) writeFileSync(o.json, `${JSON.stringify(results, null, 2)}\n`);
    log(JSON.stringify(results));
  } finally {
    await bench.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
