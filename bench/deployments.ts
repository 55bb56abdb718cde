/**
 * Deployment benchmarks (issue 14), one run, figures to stdout and optionally JSON:
 *
 * 1. POST /api/deployments with 50 targets against 1 target: p50/p99 of each and the p99 ratio
 *    (budget: p99 of 50 under 300 ms and at most 3x the 1-target p99).
 * 2. 100 jobs with 1, 2 and 4 deployment-worker processes against a sandbox platform with a fixed
 *    latency: the time until all 100 ended, and its ratio to one process (budgets 0.55 and 0.3).
 * 3. A worker writes a log chunk, an SSE client receives it, with 20 streams open: p50/p99 of the
 *    delay (budgets 5 ms and 50 ms), and no line lost or repeated, also across a reconnect. Beside it
 *    (no budget), the delay from the build's own print (each line carries the build's clock), which
 *    also counts a worker that stalls before it stores the line.
 *
 * The system is `npm start`'s composition in a child process (gateway, services and sandbox, over the
 * real NATS and PostgreSQL, with no deployment worker inside); workers are processes of their own, as
 * operations run them. Usage: `npm run bench:deployments -- [--jobs 100] [--latency-ms 500]
 * [--workers 1,2,4] [--worker-concurrency 2] [--posts 60] [--streams 20] [--lines 40]
 * [--phases scaling,sse,post] [--json file] [--nats url] [--postgres url]`.
 */
import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { Client } from 'pg';
import { sandboxAdapterEnv } from '@pc/outbound';
import { generateSigningKeyEntry } from '@pc/platform';
import { sseEvents } from '@pc/testing';
import { Api, benchOptions, startRun, type Json, machineAtStart, percentile, round, sleep } from './harness';
import { startProcess, stopProcess } from './processes';

const PHASES = ['scaling', 'sse', 'post'] as const;
type Phase = (typeof PHASES)[number];

/** The command line: the phases to run (unknown ones left out) and their sizes. */
function options(argv: string[]) {
  const o = benchOptions(argv, {
    phases: [...PHASES] as string[],
    jobs: 100,
    latencyMs: 500,
    workers: [1, 2, 4],
    workerConcurrency: 2,
    posts: 60,
    streams: 20,
    lines: 40,
  });
  return { ...o, phases: o.phases.filter((p): p is Phase => (PHASES as readonly string[]).includes(p)) };
}

interface Created {
  results: Array<{ ok: boolean; deployment: { id: string } | null }>;
}

/** A user, a platform tenant with `orgs` deployable organizations, a connection, a workspace, a policy. */
export async function world(api: Api, sandbox: string, orgs: number) {
  const n = `${process.pid}${Date.now().toString(36)}`;
  const { cookie } = await api.signUp(`bench-${n}@example.com`, 'Bench');
  const user = api.as(await api.newToken(cookie, 'bench', ['api:read', 'api:write']));
  const control = new Api(sandbox);
  const organizations = [
    { id: `root-${n}`, name: 'Bench Root' },
    ...Array.from({ length: orgs }, (_, i) => ({
      id: `org-${i}-${n}`,
      name: `Org ${i}`,
      parentId: `root-${n}`,
    })),
  ];
  await control.ok('POST', '/_sandbox/platform/tenants', {
    clientId: `bench-${n}`,
    clientSecret: `secret-${n}`,
    organizations,
  });
  const connectionId = (
    await user.ok<{ connection: { id: string } }>('POST', '/api/connections', {
      name: 'Bench',
      host: 'us',
      clientId: `bench-${n}`,
      clientSecret: `secret-${n}`,
      organizationId: `root-${n}`,
    })
  ).connection.id;
  const workspaceId = (
    await user.ok<{ workspace: { id: string } }>('POST', '/api/workspaces', { name: `Bench ${n}` })
  ).workspace.id;
  const repo = await control.ok<{ webUrl: string }>('POST', '/_sandbox/repos', {
    owner: 'bench',
    name: `rate-guard-${n}`,
    files: {
      'definition/gcl.yaml':
        'apiVersion: gateway.vendor/v1alpha1\nkind: Extension\nmetadata:\n  name: rate-guard\n  labels:\n' +
        '    title: Rate Guard\n    category: Security\nspec:\n  properties: {}\n',
      'Cargo.toml': '[package]\nname = "rate_guard"\nversion = "1.0.0"\n',
      'src/lib.rs': '// filter\n',
    },
  });
  const policyId = (
    await user.ok<{ submission: { policyId: string } }>('POST', '/api/submissions', {
      name: `Rate Guard ${n}`,
      description: 'Limits requests per client so that no client starves the others.',
      sourceHostUrl: repo.webUrl,
    })
  ).submission.policyId;
  const targets = organizations.slice(1).map((o) => o.id);
  return { user, control, connectionId, workspaceId, policyId, targets };
}

export type World = Awaited<ReturnType<typeof world>>;

const deployBody = (w: World, targets: string[], extra: Json = {}) => ({
  policyId: w.policyId,
  connectionId: w.connectionId,
  workspaceId: w.workspaceId,
  targetOrganizationIds: targets,
  ...extra,
});

/** Until every deployment of `version` has ended; the time it took from `started`. */
async function waitEnded(pg: Client, version: string, count: number, started: number): Promise<number> {
  for (;;) {
    const [row] = (
      await pg.query<{ ended: string; failed: string }>(
        `SELECT count(*) FILTER (WHERE status IN ('succeeded', 'failed', 'cancelled')) AS ended,
                count(*) FILTER (WHERE status <> 'succeeded' AND status IN ('failed', 'cancelled')) AS failed
           FROM deployments.deployments WHERE requested_version = $1`,
        [version],
      )
    ).rows;
    if (Number(row.ended) >= count) {
      if (Number(row.failed) > 0) {
        const why = await pg.query<{ status: string; error: string | null }>(
          `SELECT status, error FROM deployments.deployments
            WHERE requested_version = $1 AND status <> 'succeeded' LIMIT 3`,
          [version],
        );
        throw new Error(
          `${row.failed} deployments of ${version} did not succeed: ${JSON.stringify(why.rows)}`,
        );
      }
      return performance.now() - started;
    }
    await sleep(100);
  }
}

interface SseResult {
  seqs: number[];
  delays: number[];
  /** When each delayed line was stored (epoch ms), beside `delays`: where in the run the slow lines fall. */
  storedAt: number[];
  /**
   * From the build's print (the epoch ms the command stamps on its line) to the client: what a user
   * watching the log sees, a stall of the worker before the line is stored included (`delays` starts
   * at the store).
   */
  printedDelays: number[];
  /** When each of those lines was printed (the build's clock, epoch ms). */
  printedAt: number[];
  lastId: string | null;
  ended: boolean;
}

/** Follows a deployment's log; the delay of each `log` event is now minus the chunk's stored `at`. */
async function follow(
  base: string,
  token: string,
  id: string,
  options: { lastEventId?: string; stopAfter?: number } = {},
): Promise<SseResult> {
  const controller = new AbortController();
  const res = await fetch(new URL(`/api/deployments/${id}/logs`, base), {
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'text/event-stream',
      ...(options.lastEventId ? { 'last-event-id': options.lastEventId } : {}),
    },
    signal: controller.signal,
  });
  const result: SseResult = {
    seqs: [],
    delays: [],
    storedAt: [],
    printedDelays: [],
    printedAt: [],
    lastId: null,
    ended: false,
  };
  if (!res.ok || !res.body) throw new Error(`logs ${res.status}`);
  try {
    for await (const { event, receivedAt: now } of sseEvents(res.body)) {
      if (event.event === 'end') {
        result.ended = true;
        continue;
      }
      if (event.event !== 'log') continue;
      const chunk = JSON.parse(event.data || '{}') as { seq: number; at: string; step: string; text: string };
      result.seqs.push(chunk.seq);
      result.lastId = event.id ?? null;
      // Only lines written while this client listened (the replay of stored ones is not a delay).
      if (chunk.step === 'build') {
        result.delays.push(now - Date.parse(chunk.at));
        result.storedAt.push(Date.parse(chunk.at));
        const printed = / (\d{13})$/.exec(chunk.text);
        if (printed) {
          result.printedDelays.push(now - Number(printed[1]));
          result.printedAt.push(Number(printed[1]));
        }
      }
      if (options.stopAfter !== undefined && result.seqs.length >= options.stopAfter) {
        controller.abort();
        return result;
      }
    }
  } catch (error) {
    if (!controller.signal.aborted) throw error;
  }
  return result;
}

/**
 * A bench's system: `npm start`'s composition in a child process (no worker inside) on a database and
 * subject prefix of its own, a user with `orgs` organizations, worker processes on demand; `close`
 * stops every process and drops the database and the run's JetStream streams.
 */
export async function startBench(
  o: { nats: string; postgres: string },
  orgs: number,
  env: Record<string, string> = {},
) {
  const machine = machineAtStart();
  const run = await startRun(o, 'deploy');
  const { dbUrl } = run;
  const common = {
    ...run.env,
    // The workers sign provenance and the service verifies it: one key for the run.
    PROVENANCE_SIGNING_KEYS: generateSigningKeyEntry('bench'),
  };
  const children: ChildProcess[] = [];
  const pg = new Client({ connectionString: dbUrl });
  const close = async (): Promise<void> => {
    await pg.end().catch(() => undefined);
    for (const child of children.reverse()) await stopProcess(child);
    await run.drop();
  };
  try {
    // The system: gateway, services and sandbox in one process, no worker inside.
    const system = await startProcess(
      'apps/embedded/src/main.ts',
      {
        ...common,
        ...run.embeddedEnv,
        BOOTSTRAP_ADMIN_EMAIL: 'bench-admin@example.com',
        BOOTSTRAP_ADMIN_PASSWORD: 'bench-admin-password',
        RATE_LIMIT_SIGNUPS_PER_HOUR: '0',
        RATE_LIMIT_SUBMISSIONS_PER_HOUR: '0',
        // One bench user measures the workers' throughput: no per-user cap on jobs out at once.
        DEPLOY_QUEUE_SLOTS_PER_USER: '10000',
        DEPLOY_MAX_ACTIVE_JOBS_PER_USER: '0',
        DEPLOY_MAX_TARGETS_PER_HOUR: '0',
        ...env,
      },
      /^Sandbox .*: http\S+$/m,
    );
    children.push(system.child);
    const base = /^ {2}API: +(http\S+)\/api$/m.exec(system.output())![1];
    const sandbox = /^Sandbox .*: (http\S+)$/m.exec(system.output())![1];
    const api = new Api(base);
    const w = await world(api, sandbox, orgs);
    await pg.connect();
    const startWorkers = async (count: number, extra: Record<string, string> = {}) => {
      const started = await Promise.all(
        Array.from({ length: count }, () =>
          startProcess(
            'apps/deployment-worker/src/main.ts',
            // 'deployment worker pulling jobs' (info) says it is ready.
            { ...common, ...sandboxAdapterEnv(sandbox), LOG_LEVEL: 'info', PORT: '0', ...extra },
            /deployment worker pulling jobs/,
          ),
        ),
      );
      for (const s of started) children.push(s.child);
      return started.map((s) => s.child);
    };
    return { machine, base, w, pg, startWorkers, close };
  } catch (error) {
    await close();
    throw error;
  }
}

async function main(): Promise<void> {
  const o = options(process.argv.slice(2));
  // One bench user follows every stream: the gateway's per-user cap on open log streams
  // (LOG_STREAMS_MAX_PER_USER, 10 by default) is raised to the streams measured.
  const bench = await startBench(o, Math.max(50, o.jobs, o.streams), {
    LOG_STREAMS_MAX_PER_USER: String(o.streams + 1),
  });
  const { machine, base, w, pg, startWorkers } = bench;
  const results: Json = { machine, options: o };
  try {
    const log = (line: string) => process.stdout.write(`${line}\n`);
    log(`machine: ${machine}`);

    if (o.phases.includes('scaling')) {
      // 2. Scaling out: the same 100 jobs (distinct organizations, one version per round) per worker count.
      await w.control.ok('PUT', '/_sandbox/platform/latency', { ms: o.latencyMs });
      const scaling: Array<{ workers: number; seconds: number; ratio: number }> = [];
      for (const [index, count] of o.workers.entries()) {
        const workers = await startWorkers(count, { DEPLOY_WORKER_CONCURRENCY: String(o.workerConcurrency) });
        const version = `${index + 10}.0.0`;
        const started = performance.now();
        for (let i = 0; i < o.jobs; i += 50) {
          const targets = w.targets.slice(i, Math.min(i + 50, o.jobs));
          await w.user.ok('POST', '/api/deployments', deployBody(w, targets, { version, doRelease: true }));
        }
        const ms = await waitEnded(pg, version, o.jobs, started);
        for (const worker of workers) await stopProcess(worker);
        const seconds = ms / 1000;
        scaling.push({
          workers: count,
          seconds: round(seconds, 1),
          ratio: round(seconds / (scaling[0]?.seconds ?? seconds)),
        });
        log(
          `${o.jobs} jobs, ${count} worker process(es) x ${o.workerConcurrency}, platform ${o.latencyMs} ms: ${seconds.toFixed(1)} s`,
        );
      }
      results.scaling = scaling;
      await w.control.ok('PUT', '/_sandbox/platform/latency', { ms: 0 });
    }
    if (o.phases.includes('sse')) {
      // 3. Log chunk to SSE client: `streams` deployments whose build prints a line every 100 ms, each followed.
      const sseWorkers = await startWorkers(1, {
        DEPLOY_WORKER_CONCURRENCY: String(o.streams),
        DEPLOY_BUILD_COMMAND: `i=0; while [ $i -lt ${o.lines} ]; do i=$((i+1)); echo "line $i $(date +%s%3N)"; sleep 0.1; done`,
      });
      const sse = await w.user.ok<Created>(
        'POST',
        '/api/deployments',
        deployBody(w, w.targets.slice(0, o.streams), { version: '20.0.0', doPublish: true }),
      );
      const ids = sse.results.map((r) => r.deployment!.id);
      // One client drops after 15 events and reconnects with Last-Event-ID: it must miss and repeat nothing.
      // Its delays are left out: the lines stored while it was away come back as a replay, not live.
      const [first, ...others] = ids;
      const followed = await Promise.all([
        (async () => {
          const part = await follow(base, w.user.token, first, { stopAfter: 15 });
          await sleep(300);
          const rest = await follow(base, w.user.token, first, {
            lastEventId: part.lastId ?? undefined,
          });
          return {
            seqs: [...part.seqs, ...rest.seqs],
            delays: [],
            storedAt: [],
            printedDelays: [],
            printedAt: [],
            ended: rest.ended,
          };
        })(),
        ...others.map((id) => follow(base, w.user.token, id)),
      ]);
      await waitEnded(pg, '20.0.0', o.streams, performance.now());
      for (const worker of sseWorkers) await stopProcess(worker);
      const delays = followed.flatMap((f) => f.delays);
      const printedDelays = followed.flatMap((f) => f.printedDelays);
      // The lines over 50 ms, counted per half second since the first line was stored (and, for the
      // delays from the build's print, since the first line printed): a burst that delays every stream
      // at once is a stalled process; scattered ones are scheduling.
      const storedAt = followed.flatMap((f) => f.storedAt);
      const firstStored = Math.min(...storedAt);
      const slowByHalfSecond = slowLinesByHalfSecond(delays, storedAt);
      const printedSlowByHalfSecond = slowLinesByHalfSecond(
        printedDelays,
        followed.flatMap((f) => f.printedAt),
      );
      const gapless = followed.every((f) => f.ended && f.seqs.every((s, i) => s === i + 1));
      const sseFigures = {
        streams: o.streams,
        samples: delays.length,
        p50: percentile(delays, 50),
        p99: percentile(delays, 99),
        max: Math.max(...delays),
        printed: {
          samples: printedDelays.length,
          p50: percentile(printedDelays, 50),
          p99: percentile(printedDelays, 99),
          max: Math.max(...printedDelays),
          slowByHalfSecond: printedSlowByHalfSecond,
        },
        gaplessAcrossReconnect: gapless,
        slowByHalfSecond,
        /** The first line's time, to line the half seconds up with a profile of the processes. */
        firstStoredAt: new Date(firstStored).toISOString(),
      };
      results.sse = sseFigures;
      log(
        `log chunk -> SSE, ${o.streams} streams, ${delays.length} lines: p50 ${sseFigures.p50} ms, p99 ${sseFigures.p99} ms ` +
          `(from the build's print: p50 ${sseFigures.printed.p50} ms, p99 ${sseFigures.printed.p99} ms), ` +
          `every stream complete and in order (one reconnected): ${gapless}`,
      );
    }
    if (o.phases.includes('post')) {
      // 1. POST with 50 targets against 1 (no worker running: jobs stay queued; distinct versions, no dedupe).
      const one: number[] = [];
      const fifty: number[] = [];
      for (let i = 0; i < o.posts + 5; i++) {
        for (const [targets, into] of [
          [w.targets.slice(0, 1), one],
          [w.targets.slice(0, 50), fifty],
        ] as const) {
          const started = performance.now();
          const res = await w.user.call(
            'POST',
            '/api/deployments',
            deployBody(w, targets, { version: `30.${i}.${targets.length}` }),
          );
          const ms = performance.now() - started;
          if (res.status !== 201) throw new Error(`POST ${res.status} ${JSON.stringify(res.body)}`);
          if (i >= 5) into.push(ms); // the first five warm up
        }
      }
      const postFigures = {
        samples: one.length,
        oneTarget: { p50: round(percentile(one, 50), 1), p99: round(percentile(one, 99), 1) },
        fiftyTargets: { p50: round(percentile(fifty, 50), 1), p99: round(percentile(fifty, 99), 1) },
        p99Ratio: round(percentile(fifty, 99) / percentile(one, 99)),
      };
      results.post = postFigures;
      log(
        `POST /api/deployments, ${one.length} each: 1 target p50 ${postFigures.oneTarget.p50} ms p99 ${postFigures.oneTarget.p99} ms; ` +
          `50 targets p50 ${postFigures.fiftyTargets.p50} ms p99 ${postFigures.fiftyTargets.p99} ms; p99 ratio ${postFigures.p99Ratio}`,
      );
    }
    results.loadAtEnd = os.loadavg().map((l) => round(l, 1));
    if (o.json) writeFileSync(o.json, `${JSON.stringify(results, null, 2)}\n`);
    log(JSON.stringify(results));
  } finally {
    await bench.close();
  }
}

/** How many of the delays are over 50 ms, by the half second (since the first time) of their line. */
function slowLinesByHalfSecond(delays: number[], at: number[]): Record<string, number> {
  const first = Math.min(...at);
  const slow: Record<string, number> = {};
  delays.forEach((delay, i) => {
    if (delay <= 50) return;
    const half = ((Math.floor((at[i] - first) / 500) * 500) / 1000).toFixed(1);
    slow[half] = (slow[half] ?? 0) + 1;
  });
  return slow;
}

// Run as a script (bench/rollouts.ts imports the helpers above).
if (require.main === module)
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    },
  );
