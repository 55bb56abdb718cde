/**
 * A/B of two gateway builds on one set of services, interleaved request after request: each build's
 * throughput and the CPU per request of the gateway, catalog and identity processes (from
 * /proc/<pid>/stat), so that a change to the gateway is measured against the build before it in the
 * same run, whatever else the machine is doing. Response cache off unless `--cache-on`.
 *
 *   git archive <commit> | tar -x -C /tmp/old && ln -s "$PWD/node_modules" /tmp/old/node_modules
 *   (cd /tmp/old && node tools/build.js && node tools/copy-assets.js)   # its own `npm run build`, less the web app
 *   npm run build && node -r ./tools/register.js bench/gateway-ab.ts --old /tmp/old [--new .] \
 *     [--old-flags "..."] [--new-flags "..."] [--only get,list,common,auth] [--rounds 3] [--seconds 5]
 *
 * `--old` and `--new` may name the same build with different Node.js flags (`--new-flags`).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { generateKeyRingEntry } from '@pc/connections';

const root = path.join(__dirname, '..');
const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** CPU time a process has used so far (user + system), in clock ticks (1/100 s). */
function ticks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await sleep(250);
  }
  throw new Error(`${url} did not become ready`);
}

interface Load {
  rps: number;
  p99: number;
  errors: number;
  /** Microseconds of CPU per request, per measured process. */
  cpu: number[];
}

function load(url: string, extra: string[], pids: number[], seconds: string): Load {
  const before = pids.map(ticks);
  const bin = require.resolve('autocannon/autocannon.js');
  const out = JSON.parse(
    execFileSync(process.execPath, [bin, '-j', '-d', seconds, '-c', '10', ...extra, url], {
      maxBuffer: 1 << 26,
      stdio: ['ignore', 'pipe', 'ignore'],
    }).toString(),
  ) as {
    requests: { average: number; total: number };
    latency: { p99: number };
    errors: number;
    non2xx: number;
  };
  const n = Math.max(out.requests.total, 1);
  return {
    rps: out.requests.average,
    p99: out.latency.p99,
    errors: out.errors + out.non2xx,
    cpu: pids.map((pid, i) => ((ticks(pid) - before[i]) * 10_000) / n),
  };
}

async function main(): Promise<void> {
  const oldDir = path.resolve(arg('old', ''));
  const newDir = path.resolve(arg('new', root));
  const seconds = arg('seconds', '5');
  const rounds = Number(arg('rounds', '3'));
  const base = Number(arg('port', '32900'));
  const flags = (side: string) => arg(`${side}-flags`, '').split(' ').filter(Boolean);
  const which = arg('only', 'get,list,common,auth').split(',');
  const postgres = 'postgres://postgres@127.0.0.1:5432';
  const db = `ab_${process.pid}`;
  const admin = new Client({ connectionString: `${postgres}/postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${db}`);
  const children: ChildProcess[] = [];
  const env = {
    ...process.env,
    DATABASE_URL: `${postgres}/${db}`,
    NATS_URL: 'nats://127.0.0.1:4222',
    BUS_SUBJECT_PREFIX: `${db}.`,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    CONNECTIONS_ENCRYPTION_KEYS: generateKeyRingEntry('ab'),
    // Identity refuses to start without the webhook secrets' key ring.
    WEBHOOKS_ENCRYPTION_KEYS: generateKeyRingEntry('ab-webhooks'),
    PROVENANCE_SIGNING_KEYS: `ab:${randomBytes(32).toString('base64')}`,
    RESPONSE_CACHE_ENABLED: process.argv.includes('--cache-on') ? 'true' : 'false',
  };
  const start = async (dir: string, app: string, port: number, nodeFlags: string[] = []) => {
    const child = spawn(process.execPath, [...nodeFlags, path.join(dir, `dist/apps/${app}/main.js`)], {
      cwd: dir,
      env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(child);
    await waitFor(`http://127.0.0.1:${port}/health/live`);
    return child;
  };
  try {
    const identity = await start(newDir, 'identity', base + 1);
    const catalog = await start(newDir, 'catalog', base + 2);
    await start(newDir, 'rulesets', base + 3);
    const gatewayA = await start(oldDir, 'gateway', base + 4, flags('old'));
    const gatewayB = await start(newDir, 'gateway', base + 5, flags('new'));
    const a = `http://127.0.0.1:${base + 4}`;
    const b = `http://127.0.0.1:${base + 5}`;
    const signup = await fetch(`${b}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `ab-${Date.now()}@example.com`, password: 'password123', name: 'Owner' }),
    });
    const owner = ((await signup.json()) as { user: { id: string } }).user.id;
    const cookie = /sb-access-token=[^;]+/.exec(signup.headers.get('set-cookie') ?? '')![0];
    const created = await fetch(`${b}/api/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ name: 'ab', scopes: ['api:read'] }),
    });
    const token = ((await created.json()) as { token: string }).token;
    const pg = new Client({ connectionString: `${postgres}/${db}` });
    await pg.connect();
    await pg.query(
      `INSERT INTO catalog.policies (slug, name, description, category, status, owner_id, source_host_url, asset_kinds)
       SELECT 'ab-' || i, 'Rate Guard ' || i,
              'Applies limits' || CASE WHEN (i / 10) % 10 < 3 THEN ' to traffic' ELSE '' END
                || ' of every request, number ' || i || '. ' || repeat('Lorem ipsum dolor sit amet. ', 8),
              'Security', 'published', $1, 'https://source-host.example/p-' || i, ARRAY['api']
         FROM generate_series(1, 20000) AS i`,
      [owner],
    );
    await pg.query('ANALYZE catalog.policies');
    const id = (await pg.query<{ id: string }>(`SELECT id FROM catalog.policies WHERE slug = 'ab-2'`)).rows[0]
      .id;
    await pg.end();
    const cases: Record<string, [string, string[]]> = {
      get: [`/api/policies/${id}`, []],
      list: ['/api/policies?limit=100', []],
      common: ['/api/policies?q=traffic', []],
      auth: [`/api/policies/${id}`, ['-H', `authorization=Bearer ${token}`]],
    };
    for (const k of which) for (const g of [a, b]) load(g + cases[k][0], cases[k][1], [], '1');
    const rows: Record<string, Array<{ a: Load; b: Load }>> = {};
    for (let round = 0; round < rounds; round++) {
      for (const k of which) {
        const [p, extra] = cases[k];
        const old = load(a + p, extra, [gatewayA.pid!, catalog.pid!, identity.pid!], seconds);
        const next = load(b + p, extra, [gatewayB.pid!, catalog.pid!, identity.pid!], seconds);
        (rows[k] ??= []).push({ a: old, b: next });
        const show = (l: Load) =>
          `${l.rps.toFixed(0)} req/s, CPU ${l.cpu.map((x) => x.toFixed(0)).join('/')} µs`;
        console.log(
          `${k} round ${round}: old ${show(old)} | new ${show(next)} | load ${os.loadavg()[0].toFixed(1)}`,
        );
      }
    }
    const summary = Object.fromEntries(
      Object.entries(rows).map(([k, rs]) => [
        k,
        {
          throughputNewOverOld: +median(rs.map((x) => x.b.rps / x.a.rps)).toFixed(2),
          gatewayCpuUs: [median(rs.map((x) => x.a.cpu[0])), median(rs.map((x) => x.b.cpu[0]))].map(
            Math.round,
          ),
          catalogCpuUs: [median(rs.map((x) => x.a.cpu[1])), median(rs.map((x) => x.b.cpu[1]))].map(
            Math.round,
          ),
          identityCpuUs: [median(rs.map((x) => x.a.cpu[2])), median(rs.map((x) => x.b.cpu[2]))].map(
            Math.round,
          ),
          p99Ms: [median(rs.map((x) => x.a.p99)), median(rs.map((x) => x.b.p99))],
          errors: rs.reduce((n, x) => n + x.a.errors + x.b.errors, 0),
        },
      ]),
    );
    console.log(JSON.stringify(summary, null, 2));
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await sleep(1500);
    await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
    await admin.end();
  }
}

if (require.main === module) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    },
  );
}
