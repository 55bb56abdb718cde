// Governance bench (issue #42): the budgets of governed APIs, in one run.
//   node -r ./tools/register.js bench/governance.ts [--apis 1000] [--evaluations 50] [--reads 500]
//     [--reevaluate 1000] [--only reads,reevaluation]
// 1. Reads through the API: the system `npm start` runs (a child process, from the sources, over NATS),
//    a workspace of `--apis` governed APIs with `--evaluations` each, and as many again in another
//    workspace (100,000 rows of history by default), seeded by SQL in the rulesets service's own table
//    shapes; the p50/p99 of the workspace's dashboard (`GET /api/workspaces/{id}/governed-apis`) and of
//    an API's history (`GET /api/governed-apis/{id}/evaluations`), `--reads` sequential requests each.
// 2. Re-evaluation at the service level (the rulesets service on its own database, in-process bus and
//    durable queue, two evaluator threads, the real engine): a new version of a ruleset followed by
//    `--reevaluate` APIs (two workspaces, a registrant each, each API a document of its own), the
//    service restarted once half are done; every API evaluated again once (none twice, none lost) and
//    the time per 100 APIs (the restart's own time left out).
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { GovernanceRpc, RulesetsRpc } from '@pc/contracts';
import { OAS3 } from '@pc/testing';
import { GOVERNANCE_PROFILE, RulesetsUnderTest } from '@pc/rulesets/testing';
import { rulesetsDatabase } from '@pc/rulesets';
import { createServiceDataSource, migrateServiceSchema } from '@pc/platform';
import { startSystem } from './harness';

const HELP = `bench/governance.ts: the governance budgets (issue #42)
  --apis N          governed APIs of the measured workspace (default 1000; as many again elsewhere)
  --evaluations N   evaluations kept per API (default 50)
  --reads N         sequential requests per read measured (default 500)
  --reevaluate N    APIs following the ruleset re-evaluated across a restart (default 1000)
  --only LIST       reads,reevaluation (default both)`;

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const only = (() => {
  const i = process.argv.indexOf('--only');
  return i >= 0 ? process.argv[i + 1].split(',') : ['reads', 'reevaluation'];
})();

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return +sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)].toFixed(1);
}

/** The dashboard and the history through the gateway, over a seeded workspace. */
async function reads(apis: number, evaluations: number, count: number): Promise<Record<string, unknown>> {
  const system = await startSystem('gov');
  const pg = new Client({ connectionString: system.databaseUrl });
  try {
    const { base } = system;
    const cookie = await system.signUp();
    const json = async (url: string, init: RequestInit = {}) => {
      const res = await fetch(`${base}${url}`, {
        ...init,
        headers: { 'content-type': 'application/json', cookie, ...init.headers },
      });
      if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
      return res.json();
    };
    const userId = ((await json('/api/me')) as { user: { id: string } }).user.id;
    const workspace = async (name: string) =>
      (
        (await json('/api/workspaces', { method: 'POST', body: JSON.stringify({ name }) })) as {
          workspace: { id: string };
        }
      ).workspace.id;
    const measured = await workspace(`Bench ${Date.now()}`);
    const other = await workspace(`Bench other ${Date.now()}`);

    await pg.connect();
    const seedStarted = performance.now();
    for (const workspaceId of [measured, other]) {
      await pg.query(
        `INSERT INTO rulesets.governed_apis (workspace_id, name, tags, created_by, conformance, previous_conformance)
         SELECT $1, 'API ' || i, ARRAY[(ARRAY['public','internal','partner'])[1 + i % 3]], $2,
                CASE WHEN i % 10 = 0 THEN NULL ELSE (i * 37) % 1000 / 10.0 END, (i * 31) % 1000 / 10.0
           FROM generate_series(1, $3::int) AS i`,
        [workspaceId, userId, apis],
      );
      await pg.query(
        `INSERT INTO rulesets.api_evaluations (api_id, workspace_id, trigger, run_by, created_at, format, digest,
           rulesets, counts, waived, passed_rules, applicable_rules, conformance, findings, findings_truncated)
         SELECT a.id, a.workspace_id, 'ci', a.created_by, now() - make_interval(hours => n), 'OAS 3.0',
                md5(a.id::text || n), '[]', '{"violation":1,"warning":0,"info":0}', 0, 3, 4, 75,
                '[{"rule":"operation-id-required","severity":"violation","pointer":"#/paths/~1pets/post"}]', false
           FROM rulesets.governed_apis a, generate_series(1, $2::int) AS n WHERE a.workspace_id = $1`,
        [workspaceId, evaluations],
      );
    }
    await pg.query('ANALYZE rulesets.governed_apis');
    await pg.query('ANALYZE rulesets.api_evaluations');
    const [{ rows: history }] = [
      await pg.query<{ n: number }>(`SELECT count(*)::int AS n FROM rulesets.api_evaluations`),
    ];
    const seedMs = performance.now() - seedStarted;
    const [{ id: apiId }] = (
      await pg.query<{ id: string }>(
        `SELECT id FROM rulesets.governed_apis WHERE workspace_id = $1 ORDER BY id LIMIT 1`,
        [measured],
      )
    ).rows;

    const sample = async (url: string) => {
      for (let i = 0; i < 20; i++) await json(url); // warm-up
      const ms: number[] = [];
      for (let i = 0; i < count; i++) {
        const t = performance.now();
        await json(url);
        ms.push(performance.now() - t);
      }
      return { p50: percentile(ms, 50), p99: percentile(ms, 99) };
    };
    const dashboard = await sample(`/api/workspaces/${measured}/governed-apis`);
    const atRisk = await sample(`/api/workspaces/${measured}/governed-apis?atRisk=true`);
    const apiHistory = await sample(`/api/governed-apis/${apiId}/evaluations`);
    return {
      apis: apis * 2,
      historyRows: history[0].n,
      seedSeconds: +(seedMs / 1000).toFixed(1),
      dashboardP50Ms: dashboard.p50,
      dashboardP99Ms: dashboard.p99,
      atRiskP50Ms: atRisk.p50,
      atRiskP99Ms: atRisk.p99,
      historyP50Ms: apiHistory.p50,
      historyP99Ms: apiHistory.p99,
    };
  } finally {
    await pg.end().catch(() => undefined);
    await system.stop();
  }
}

/** The rulesets schema migrated into a template database, which the service-level harness clones. */
async function migratedTemplate(): Promise<{ drop(): Promise<void> }> {
  const name = `bench_gov_tpl_${process.pid}`;
  const postgres = 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new Client({ connectionString: postgres });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const dataSource = createServiceDataSource({
    ...rulesetsDatabase,
    url: `postgres://postgres@127.0.0.1:5432/${name}`,
    poolSize: 1,
  });
  await dataSource.initialize();
  await migrateServiceSchema(dataSource, rulesetsDatabase.schema);
  await dataSource.destroy();
  process.env.PC_TEST_POSTGRES_URL = postgres;
  process.env.PC_TEST_TEMPLATE_DB = name;
  process.env.PC_TEST_NATS_URL = 'nats://127.0.0.1:4222';
  return {
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** The profile's next version: `operation-described` a warning, so every API moves from 50% to 75%. */
const NEXT_VERSION = GOVERNANCE_PROFILE.replace(
  '  - operation-described\nwarning:\n',
  'warning:\n  - operation-described\n',
);

/** A new version followed by `count` APIs, the service restarted once half are evaluated again. */
async function reevaluation(count: number): Promise<Record<string, unknown>> {
  const template = await migratedTemplate();
  const h = new RulesetsUnderTest();
  await h.start({ EVALUATION_THREADS: '2', GOVERNANCE_REF_CHECK_INTERVAL_MS: '0' });
  try {
    const owners = [h.user(), h.user()];
    const repoUrl = h.repo({ 'ruleset.yaml': GOVERNANCE_PROFILE });
    const { rulesetId } = await h.published(owners[0], { repoUrl });
    for (const [w, owner] of owners.entries()) {
      const workspaceId = h.workspace(owner);
      await h.request(GovernanceRpc.createProfile, owner.ctx, {
        workspaceId,
        name: 'All',
        rulesets: [{ rulesetId }],
      });
      // Each API a document of its own (the evaluator's cache answers a document it has seen).
      await h.sql(
        `WITH apis AS (
           INSERT INTO rulesets.governed_apis (workspace_id, name, created_by, conformance)
           SELECT $1, 'API ' || i, $2, 50 FROM generate_series(1, $3::int) AS i RETURNING id, workspace_id, name)
         INSERT INTO rulesets.api_documents (api_id, workspace_id, filename, content, digest, bytes, pushed_by)
         SELECT id, workspace_id, 'api.yaml', replace($4, 'title: Pets', 'title: ' || name), md5(name), 1000, $2
           FROM apis`,
        [workspaceId, owner.id, count / owners.length + (w === 0 ? count % owners.length : 0), OAS3],
      );
    }
    const done = async () =>
      (
        await h.sql<{ n: number }>(
          `SELECT count(*)::int AS n FROM rulesets.api_evaluations WHERE trigger = 'ruleset_published'`,
        )
      )[0].n;

    h.host.push(repoUrl, { 'ruleset.yaml': NEXT_VERSION });
    const started = performance.now();
    await h.request(RulesetsRpc.pin, h.admin.ctx, { id: rulesetId });
    while ((await done()) < count / 2) await sleep(50);
    const restartStarted = performance.now();
    await h.restart({ EVALUATION_THREADS: '2', GOVERNANCE_REF_CHECK_INTERVAL_MS: '0' });
    const restartMs = performance.now() - restartStarted;
    const atRestart = await done();
    const deadline = Date.now() + 60 * 60_000;
    while ((await done()) < count && Date.now() < deadline) await sleep(100);
    const totalMs = performance.now() - started;
    await sleep(2_000); // a job delivered twice would have evaluated by now
    const [counts] = await h.sql<{ apis: number; once: number; twice: number; conformance: string[] }>(
      `SELECT count(*)::int AS apis,
              count(*) FILTER (WHERE n = 1)::int AS once,
              count(*) FILTER (WHERE n > 1)::int AS twice,
              array_agg(DISTINCT conformance::text) AS conformance
         FROM (SELECT a.id, a.conformance,
                      count(e.id) FILTER (WHERE e.trigger = 'ruleset_published') AS n
                 FROM rulesets.governed_apis a LEFT JOIN rulesets.api_evaluations e ON e.api_id = a.id
                GROUP BY a.id, a.conformance) per_api`,
    );
    const evaluatingMs = totalMs - restartMs;
    return {
      apis: counts.apis,
      evaluatedOnce: counts.once,
      evaluatedTwice: counts.twice,
      lost: counts.apis - counts.once - counts.twice,
      conformanceAfter: counts.conformance,
      doneAtRestart: atRestart,
      restartSeconds: +(restartMs / 1000).toFixed(1),
      totalSeconds: +(totalMs / 1000).toFixed(1),
      secondsPer100Apis: +(((evaluatingMs / counts.apis) * 100) / 1000).toFixed(2),
    };
  } finally {
    await h.close();
    await template.drop();
  }
}

async function main(): Promise<void> {
  if (process.argv.includes('--help')) {
    console.log(HELP);
    return;
  }
  const load = os.loadavg().map((l) => +l.toFixed(2));
  const out: Record<string, unknown> = { loadAverageAtStart: load, cpus: os.cpus().length };
  if (only.includes('reads'))
    out.reads = await reads(arg('apis', 1000), arg('evaluations', 50), arg('reads', 500));
  if (only.includes('reevaluation')) out.reevaluation = await reevaluation(arg('reevaluate', 1000));
  out.loadAverageAtEnd = os.loadavg().map((l) => +l.toFixed(2));
  console.log(JSON.stringify(out, null, 2));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
