/**
 * `npm run bench`: seeds N policies, runs the system in distributed mode (gateway, identity and catalog
 * as separate processes over NATS, from the build output), and a one-process Fastify + `pg` baseline
 * (bench/baseline) serving the same routes with the same SQL; loads both with autocannon in its own
 * process, interleaved, for a number of rounds, and writes the median ratios beside their budgets
 * (bench/results.json and docs/benchmarks-history.md). See bench/README.md.
 */
import { randomBytes } from 'node:crypto';
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { connect as connectNats } from 'nats';
import { Client } from 'pg';
import { format, resolveConfig } from 'prettier';
import { type PolicySearch, searchQuery } from '@pc/catalog';
import { generateKeyRingEntry } from '@pc/connections';
import { Api } from './harness';
import { type MixLoad, type MixUser, runMix } from './mix';

const root = path.join(__dirname, '..');

interface Options {
  policies: number;
  seconds: number;
  rounds: number;
  connections: number;
  fromSource: boolean;
  build: boolean;
  json: string;
  markdown: string | null;
  postgres: string;
  nats: string;
  basePort: number;
  /** Extra Node.js flags for the system's processes (e.g. `--prof` to profile them). */
  nodeArgs: string[];
  /** Only these parts (request keys, `fixed`, `auth`), for profiling one path; empty: all. */
  only: string[];
  /** Writes timed in the read-after-write measure. */
  writes: number;
  /** Policies read by id in the scan (default: all of them). */
  scan: number;
  /** Seconds without requests before the idle memory is read (the budget's figure: 30). */
  idleSeconds: number;
  /** Seconds of load per request and side before measuring (JIT, prepared statements, caches); 0: none. */
  warmupSeconds: number;
  /** Seconds of the realistic mix per round and side (default: `seconds`). */
  mixSeconds: number;
  /** Share of the mix's requests that are writes (0.02; the smoke run raises it to check some). */
  mixWriteShare: number;
}

function options(argv: string[]): Options {
  const get = (name: string, fallback: string): string => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : fallback;
  };
  return {
    policies: Number(get('policies', '100000')),
    seconds: Number(get('seconds', '10')),
    rounds: Number(get('rounds', '3')),
    connections: Number(get('connections', '10')),
    fromSource: argv.includes('--from-source'),
    build: !argv.includes('--no-build') && !argv.includes('--from-source'),
    json: get('json', path.join(root, 'bench', 'results.json')),
    markdown: argv.includes('--no-markdown')
      ? null
      : get('markdown', path.join(root, 'docs', 'benchmarks-history.md')),
    postgres: get('postgres', 'postgres://postgres@127.0.0.1:5432/postgres'),
    nats: get('nats', 'nats://127.0.0.1:4222'),
    basePort: Number(get('port', '3900')),
    nodeArgs: get('node-args', '').split(' ').filter(Boolean),
    only: get('only', '').split(',').filter(Boolean),
    writes: Number(get('writes', '50')),
    scan: Number(get('scan', '0')),
    idleSeconds: Number(get('idle-seconds', '30')),
    warmupSeconds: Number(get('warmup-seconds', '1')),
    mixSeconds: Number(get('mix-seconds', get('seconds', '10'))),
    mixWriteShare: Number(get('mix-write-share', '0.02')),
  };
}

interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  requests: number;
  /** CPU time of the measured processes (user + system), microseconds per request. */
  cpuUs: number;
}

/** CPU time a process has used so far (user + system), in clock ticks (1/100 s). */
function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/**
 * autocannon in its own process, so that the load generator does not share the server's event loop:
 * bench/load.ts, started once per run (see there), given the arguments of autocannon's command line.
 */
function loadGenerator(children: ChildProcess[]) {
  const child = spawn(
    process.execPath,
    ['-r', path.join(root, 'tools/register.js'), path.join(root, 'bench/load.ts')],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    },
  );
  children.push(child);
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code, signal) => reject(new Error(`the load generator exited (${code ?? signal})`))),
  );
  exited.catch(() => undefined);
  let busy = false;
  return async (
    url: string,
    args: string[],
    headers: Record<string, string> = {},
    pids: number[] = [],
  ): Promise<Load> => {
    if (busy) throw new Error('one load at a time');
    busy = true;
    const ticks = () => pids.reduce((sum, pid) => sum + cpuTicks(pid), 0);
    const headerArgs = Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}=${v}`]);
    const answer = new Promise<{ result?: unknown; error?: string }>((resolve) =>
      child.once('message', (message) => resolve(message as { result?: unknown; error?: string })),
    );
    const before = ticks();
    child.send([...args, ...headerArgs, url]);
    const { result, error } = await Promise.race([answer, exited]).finally(() => (busy = false));
    const used = ticks() - before;
    if (error !== undefined) throw new Error(`autocannon ${url}: ${error}`);
    const r = result as {
      requests: { average: number; total: number };
      latency: { p50: number; p99: number };
      errors: number;
      non2xx: number;
      sampleInt: number;
    };
    return {
      // Requests per sample (autocannon's default interval: a second), per second.
      rps: (r.requests.average * 1000) / r.sampleInt,
      p50: r.latency.p50,
      p99: r.latency.p99,
      errors: r.errors,
      non2xx: r.non2xx,
      requests: r.requests.total,
      cpuUs: r.requests.total > 0 ? (used * 10_000) / r.requests.total : 0,
    };
  };
}

/**
 * autocannon's `-d` for a load of `seconds`: with less than a second, a sample interval of that length
 * too (a load ends on a sample, a second by default, whatever its duration).
 */
function duration(seconds: number): string[] {
  return ['-d', String(seconds), ...(seconds < 1 ? ['-L', String(Math.round(seconds * 1000))] : [])];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

async function waitFor(url: string, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not yet
    }
    if (Date.now() > until) throw new Error(`${url} did not become ready`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function main(): Promise<void> {
  const o = options(process.argv.slice(2));
  const started = new Date();
  const children: ChildProcess[] = [];
  const stop = () => children.forEach((c) => c.pid && !c.killed && c.kill('SIGTERM'));
  process.on('exit', stop);
  const dbName = `bench_${process.pid}_${Date.now().toString(36)}`;
  const admin = new Client({ connectionString: o.postgres });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const dbUrl = o.postgres.replace(/\/[^/]*$/, `/${dbName}`);
  let released: Promise<void> | undefined;
  /** Stops the processes started and drops the run's database, once (at the end, or when killed). */
  const release = (): Promise<void> =>
    (released ??= (async () => {
      stop();
      // Their connections to the database close as they exit: until they have, at most 1.5 s (the drop
      // forces the rest).
      const exited = (c: ChildProcess) =>
        c.exitCode !== null || c.signalCode !== null
          ? Promise.resolve()
          : new Promise<void>((r) => c.once('exit', () => r()));
      await Promise.race([
        Promise.all(children.map(exited)),
        new Promise((r) => setTimeout(r, 1500).unref()),
      ]);
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
      await admin.end().catch(() => undefined);
    })());
  // Killed (Ctrl-C, a test's time limit), the run stops what it started: a signal ends the process
  // without 'exit', which left every service running.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      void release().finally(() => process.exit(128 + os.constants.signals[signal]));
    });
  }
  try {
    if (o.build) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    const prefix = `${dbName}.`;
    const common = {
      ...process.env,
      DATABASE_URL: dbUrl,
      NATS_URL: o.nats,
      BUS_SUBJECT_PREFIX: prefix,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // Connections refuses to start without a key ring: one for this run.
      CONNECTIONS_ENCRYPTION_KEYS: generateKeyRingEntry('bench'),
      // Identity refuses to start without the webhook secrets' key ring.
      WEBHOOKS_ENCRYPTION_KEYS: generateKeyRingEntry('bench-webhooks'),
      // Deployments and its workers refuse to start without provenance signing keys.
      PROVENANCE_SIGNING_KEYS: `bench:${randomBytes(32).toString('base64')}`,
      // The mix's users comment far more than a day's quota allows one person.
      COMMENT_DAILY_QUOTA: '100000',
    };
    // `--port 0`: every process on a free port below the ephemeral range (the smoke test: no range to collide).
    const port = async (offset: number): Promise<number> =>
      o.basePort === 0 ? freePort() : o.basePort + offset;
    const ports = {
      gateway: await port(0),
      identity: await port(1),
      catalog: await port(2),
      baseline: await port(3),
      connections: await port(4),
      workspaces: await port(5),
      rulesets: await port(6),
      deployments: await port(7),
      gatewayCold: await port(8),
    };
    const start = (
      app: 'identity' | 'catalog' | 'rulesets' | 'connections' | 'workspaces' | 'deployments' | 'gateway',
      as: keyof typeof ports = app,
      env: Record<string, string> = {},
    ): ChildProcess => {
      const args = o.fromSource
        ? [
            ...o.nodeArgs,
            '-r',
            path.join(root, 'tools/register.js'),
            path.join(root, `apps/${app}/src/main.ts`),
          ]
        : [...o.nodeArgs, path.join(root, `dist/apps/${app}/main.js`)];
      const child = spawn(process.execPath, args, {
        cwd: root,
        env: { ...common, ...env, PORT: String(ports[as]), HOST: '127.0.0.1' },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      children.push(child);
      return child;
    };
    /** A service started, once it is live. */
    const startService = async (
      app: Exclude<Parameters<typeof start>[0], 'gateway'>,
    ): Promise<ChildProcess> => {
      const child = start(app);
      await waitFor(`http://127.0.0.1:${ports[app]}/health/live`);
      return child;
    };
    const identity = await startService('identity');
    const catalog = await startService('catalog');
    const rulesets = await startService('rulesets');
    const connections = await startService('connections');
    const workspaces = await startService('workspaces');
    // The gateway's readiness asks every service, the deployments service too.
    const deployments = await startService('deployments');
    const gateway = start('gateway');
    const system = `http://127.0.0.1:${ports.gateway}`;
    await waitFor(`${system}/health/ready`);
    // A second gateway replica with its response cache off: the cold reads, and the other replica a
    // write goes through in the read-after-write measure.
    const gatewayCold = start('gateway', 'gatewayCold', { RESPONSE_CACHE_ENABLED: 'false' });
    const cold = `http://127.0.0.1:${ports.gatewayCold}`;
    await waitFor(`${cold}/health/ready`);
    // Idle: started and ready, before any request (a sign-up's password hashing grows identity's heap).
    // Measured 2 s after the gateway is ready (start-up: V8's young generation is still at the size
    // start-up grew it to) and after `--idle-seconds` (30) without requests (V8's memory reducer has
    // then had its chance to shrink it, as in a replica that serves nothing).
    const services = {
      gateway,
      gatewayCold,
      identity,
      catalog,
      rulesets,
      connections,
      workspaces,
      deployments,
    };
    const rssOfAll = () =>
      Object.fromEntries(Object.entries(services).map(([name, child]) => [name, rssMb(child.pid!)]));
    const startSeconds = Math.min(2, o.idleSeconds);
    await new Promise((r) => setTimeout(r, startSeconds * 1000));
    const startMb = rssOfAll();
    await new Promise((r) => setTimeout(r, (o.idleSeconds - startSeconds) * 1000));
    const idleMb = rssOfAll();

    // Owners through the real sign-up; policies straight into the catalog's table.
    const owners: string[] = [];
    const ownerCookies: string[] = [];
    let token = '';
    let writeToken = '';
    const api = new Api(system);
    for (let i = 0; i < 10; i++) {
      const owner = await api.signUp(`bench${i}-${Date.now()}@example.com`, `Owner ${i}`);
      owners.push(owner.id);
      ownerCookies.push(owner.cookie);
      if (i === 0) {
        token = await api.newToken(owner.cookie, 'bench', ['api:read']);
        writeToken = await api.newToken(owner.cookie, 'bench-write', ['api:read', 'api:write']);
      }
    }
    // Readers, who own nothing (each owner above owns a tenth of every policy): the signed-in reads and
    // the mix's likes and comments; reader 0 reads with a token.
    const readers: Array<{ id: string; cookie: string }> = [];
    let readerToken = '';
    for (let i = 0; i < 5; i++) {
      const reader = await api.signUp(`reader${i}-${Date.now()}@example.com`, `Reader ${i}`);
      readers.push(reader);
      if (i === 0) readerToken = await api.newToken(reader.cookie, 'bench-reader', ['api:read']);
    }
    const db = new Client({ connectionString: dbUrl });
    await db.connect();
    // `traffic` is in 30% of descriptions, spread over the name order (a common word); `quokka` in one name of 5,000 (rare).
    await db.query(
      `INSERT INTO catalog.policies (slug, name, description, category, status, owner_id, source_host_url, asset_kinds)
       SELECT 'bench-' || i,
              (ARRAY['Rate','Header','Token','Cache','Spike','Client','Message','Schema','Retry','Tenant'])[1 + i % 10]
                || ' ' || (ARRAY['Guard','Limiter','Filter','Mapper','Shield','Router','Logger'])[1 + (i / 10) % 7]
                || CASE WHEN i % 5000 = 3 THEN ' Quokka' ELSE '' END || CASE WHEN i % 50 = 1 THEN ' OAuth' ELSE '' END
                || ' ' || i,
              'Applies ' || (ARRAY['limits','checks','rewrites','caching','quotas'])[1 + i % 5]
                || CASE WHEN (i / 10) % 10 < 3 THEN ' to traffic' ELSE '' END
                || ' of every request of an API, number ' || i || '. ' || repeat('Lorem ipsum dolor sit amet. ', 8),
              (ARRAY['Security','Transformation','Quality of service','Logging'])[1 + i % 4],
              'published', ($1::uuid[])[1 + i % 10], 'https://source-host.example/community/policy-' || i, ARRAY['api']
         FROM generate_series(1, $2::int) AS i`,
      [owners, o.policies],
    );
    await db.query('ANALYZE catalog.policies');
    const someId = (await db.query<{ id: string }>(`SELECT id FROM catalog.policies WHERE slug = 'bench-2'`))
      .rows[0].id;

    const baselineProc = spawn(
      process.execPath,
      [
        '-r',
        path.join(root, 'tools/register.js'),
        path.join(root, 'bench/baseline/server.ts'),
        dbUrl,
        String(ports.baseline),
      ],
      { cwd: root, env: { ...process.env, NODE_ENV: 'production' }, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    children.push(baselineProc);
    const autocannon = loadGenerator(children);
    const baseline = `http://127.0.0.1:${ports.baseline}`;
    await waitFor(`${baseline}/api/policies/${someId}`);

    const wanted = (key: string) => o.only.length === 0 || o.only.includes(key);
    // Budgets (issue 24): at least 1.0 of the baseline with the cache warm, 0.8 cold (cache off).
    const allRequests: Array<{ key: string; name: string; path: string }> = [
      { key: 'get', name: 'get by id', path: `/api/policies/${someId}` },
      { key: 'rare', name: 'rare-word search (q=quokka)', path: '/api/policies?q=quokka' },
      { key: 'list', name: '100-row list', path: '/api/policies?limit=100' },
      { key: 'common', name: 'common-word search (q=traffic)', path: '/api/policies?q=traffic' },
      { key: 'prefix', name: 'prefix search (q=auth)', path: '/api/policies?q=auth' },
    ];
    // Signed in: reader 0's token on the warm replica (their part added to the shared answers), against
    // the baseline's read for the same user.
    const signedIn = { authorization: `Bearer ${readerToken}` };
    const baselineSignedIn = { 'x-user-id': readers[0].id };
    const sides = [
      { side: 'warm', url: system, budget: 1.0, headers: {}, baselineHeaders: {} },
      { side: 'token', url: system, budget: 1.0, headers: signedIn, baselineHeaders: baselineSignedIn },
      { side: 'cold', url: cold, budget: 0.8, headers: {}, baselineHeaders: {} },
    ] as const;
    const requests = allRequests.filter((r) => wanted(r.key));
    const load = [...duration(o.seconds), '-c', String(o.connections)];
    // The Node.js processes a read passes through (NATS and PostgreSQL are shared with the baseline's
    // side and with other work on the machine, so they are not counted on either side).
    const pidsOf = {
      warm: [gateway.pid!, catalog.pid!, identity.pid!],
      token: [gateway.pid!, catalog.pid!, identity.pid!],
      cold: [gatewayCold.pid!, catalog.pid!, identity.pid!],
    };
    const systemPids = pidsOf.cold;
    // Warm both (JIT, prepared statements, caches) before measuring.
    for (const r of o.warmupSeconds > 0 ? requests : []) {
      const warmup = [...duration(o.warmupSeconds), '-c', '2'];
      await autocannon(baseline + r.path, warmup);
      for (const x of sides) await autocannon(x.url + r.path, warmup, x.headers);
    }
    const rounds: Array<Record<string, { baseline: Load; system: Load }>> = [];
    for (let round = 0; round < o.rounds; round++) {
      const results: Record<string, { baseline: Load; system: Load }> = {};
      for (const r of requests) {
        const anonymous = await autocannon(baseline + r.path, load, {}, [baselineProc.pid!]);
        for (const x of sides) {
          const b =
            x.side === 'token'
              ? await autocannon(baseline + r.path, load, x.baselineHeaders, [baselineProc.pid!])
              : anonymous;
          const s = await autocannon(x.url + r.path, load, x.headers, pidsOf[x.side]);
          results[`${r.name}|${x.side}`] = { baseline: b, system: s };
        }
      }
      rounds.push(results);
    }
    const throughput = requests
      .flatMap((req) =>
        sides.map((x) => ({
          ...req,
          name: `${req.name}|${x.side}`,
          label: req.name,
          side: x.side,
          budget: x.budget,
        })),
      )
      .map((r) => {
        const ratios = rounds.map((x) => x[r.name].system.rps / Math.max(x[r.name].baseline.rps, 1e-9));
        const p99 = rounds.map((x) => x[r.name].system.p99 / Math.max(x[r.name].baseline.p99, 1));
        return {
          name: `${r.label}, ${{ warm: 'cache warm', token: 'signed in (token), cache warm', cold: 'cache off' }[r.side]}`,
          path: r.path,
          budget: r.budget,
          ratio: median(ratios),
          ratios,
          p99Ratio: median(p99),
          systemRps: median(rounds.map((x) => x[r.name].system.rps)),
          baselineRps: median(rounds.map((x) => x[r.name].baseline.rps)),
          systemP99: median(rounds.map((x) => x[r.name].system.p99)),
          baselineP99: median(rounds.map((x) => x[r.name].baseline.p99)),
          errors: rounds.reduce((n, x) => n + x[r.name].system.errors + x[r.name].system.non2xx, 0),
          systemCpuUs: median(rounds.map((x) => x[r.name].system.cpuUs)),
          baselineCpuUs: median(rounds.map((x) => x[r.name].baseline.cpuUs)),
        };
      });

    // A fixed 200 req/s on the system: search latency for a common word and a prefix.
    const fixed: Array<{ name: string; p50: number; p99: number }> = [];
    for (const key of wanted('fixed') ? ['common', 'prefix'] : []) {
      const r = allRequests.find((x) => x.key === key)!;
      const name = r.name;
      const l = await autocannon(cold + r.path, [...duration(o.seconds), '-c', '4', '-R', '200']);
      fixed.push({ name, p50: l.p50, p99: l.p99 });
    }

    // Authenticated (Bearer) against anonymous, same request, interleaved.
    const authRatios: number[] = [];
    const authCpu: Array<[number, number]> = [];
    for (let round = 0; round < (wanted('auth') ? o.rounds : 0); round++) {
      // With a token nothing is cached: against the baseline's anonymous read (budget 0.6).
      const anon = await autocannon(`${baseline}/api/policies/${someId}`, load, {}, [baselineProc.pid!]);
      const auth = await autocannon(
        `${cold}/api/policies/${someId}`,
        load,
        { authorization: `Bearer ${token}` },
        systemPids,
      );
      authRatios.push(auth.rps / Math.max(anon.rps, 1e-9));
      authCpu.push([auth.cpuUs, anon.cpuUs]);
    }

    // Revalidations: If-None-Match with the current tag, on the warm replica. Gateway CPU per 304 and
    // the requests the catalog saw meanwhile (a plain NATS subscriber sees a copy of each).
    let revalidation = {
      cpuUs: 0,
      rps: 0,
      p99: 0,
      busRequests: -1,
      requests: 0,
      otherSubjects: [] as string[],
    };
    const bus = await connectNats({ servers: o.nats });
    // A window in which the tag changed (the end of a RESPONSE_CACHE_TTL_MS period: one fill by design)
    // is measured again, at most twice.
    for (let attempt = 0; attempt < 3 && wanted('revalidate'); attempt++) {
      const url = `${system}/api/policies/${someId}`;
      const tag = await tagOf(url);
      // Requests for policies only: the catalog's broadcasts and pings share the subject root.
      let seen = 0;
      const other = new Set<string>();
      const sub = bus.subscribe(`${prefix}catalog.>`, {
        callback: (_e, msg) => {
          if (msg.reply && msg.subject.startsWith(`${prefix}catalog.policy.`)) seen++;
          else other.add(msg.subject.slice(prefix.length));
        },
      });
      await bus.flush();
      const l = await autocannon(url, load, { 'if-none-match': tag }, [gateway.pid!]);
      await bus.flush();
      sub.unsubscribe();
      revalidation = {
        cpuUs: l.cpuUs,
        rps: l.rps,
        p99: l.p99,
        busRequests: seen,
        requests: l.requests,
        otherSubjects: [...other],
      };
      if ((await tagOf(url)) === tag) break;
    }

    // Read after write through the other replica: like through the cold replica, then read the warm one
    // (If-None-Match with the tag of before) until it answers 200; the delay from the write's answer.
    const delays: number[] = [];
    for (let i = 0; i < (wanted('raw') ? o.writes : 0); i++) {
      const url = `${system}/api/policies/${someId}`;
      const tag = await tagOf(url);
      const like = await fetch(`${cold}/api/policies/${someId}/like`, {
        method: 'POST',
        headers: { authorization: `Bearer ${writeToken}` },
      });
      if (!like.ok) throw new Error(`like answered ${like.status}`);
      const written = performance.now();
      for (;;) {
        const read = await fetch(url, { headers: { 'if-none-match': tag } });
        await read.arrayBuffer();
        if (read.status === 200) break;
        if (performance.now() - written > 5000) throw new Error('the change never reached the other replica');
      }
      delays.push(performance.now() - written);
    }
    const sortedDelays = [...delays].sort((a, b) => a - b);
    const pct = (q: number) =>
      sortedDelays.length
        ? sortedDelays[Math.min(sortedDelays.length - 1, Math.floor(q * sortedDelays.length))]
        : 0;
    const readAfterWrite = {
      p50: pct(0.5),
      p99: pct(0.99),
      max: sortedDelays.at(-1) ?? 0,
      samples: delays.length,
    };

    // A scan of every policy by id through the warm replica: its resident memory after (the cache's bound
    // is RESPONSE_CACHE_MAX_BYTES, 32 MiB by default).
    let scan = { ids: 0, gatewayMb: 0, seconds: 0 };
    if (wanted('scan')) {
      const ids = (
        await db.query<{ id: string }>('SELECT id FROM catalog.policies LIMIT $1', [
          o.scan > 0 ? o.scan : null,
        ])
      ).rows.map((r) => r.id);
      const began = performance.now();
      let next = 0;
      await Promise.all(
        Array.from({ length: 16 }, async () => {
          while (next < ids.length) {
            const res = await fetch(`${system}/api/policies/${ids[next++]}`);
            await res.arrayBuffer();
          }
        }),
      );
      scan = { ids: ids.length, gatewayMb: rssMb(gateway.pid!), seconds: (performance.now() - began) / 1000 };
    }
    await bus.close();

    // The realistic mix, last (its edits rename policies): readers and owners signed in (half the
    // connections) and anonymous readers, Zipf popularity, 2% writes through the cache-off replica and reads through
    // the warm one (read-your-writes across replicas), interleaved with the baseline, round by round.
    const mixRounds: Array<{ baseline: MixLoad; system: MixLoad }> = [];
    if (wanted('mix')) {
      const ids = (await db.query<{ id: string }>('SELECT id FROM catalog.policies')).rows.map((r) => r.id);
      for (let i = ids.length - 1; i > 0; i--) {
        const j = Math.floor(Math.random() * (i + 1));
        [ids[i], ids[j]] = [ids[j], ids[i]];
      }
      const users: MixUser[] = readers.map((reader) => ({
        systemHeaders: { cookie: reader.cookie },
        baselineHeaders: { 'x-user-id': reader.id },
        owned: [],
      }));
      for (const [i, owner] of owners.entries()) {
        const owned = await db.query<{ id: string }>(
          'SELECT id FROM catalog.policies WHERE owner_id = $1 LIMIT 100',
          [owner],
        );
        users.push({
          systemHeaders: { cookie: ownerCookies[i] },
          baselineHeaders: { 'x-user-id': owner },
          owned: owned.rows.map((r) => r.id),
        });
      }
      const mix = {
        seconds: o.mixSeconds,
        connections: o.connections,
        ids,
        users,
        writeShare: o.mixWriteShare,
        signedInShare: 0.5,
      };
      for (let round = 0; round < o.rounds; round++) {
        const b = await runMix({ readUrl: baseline, writeUrl: baseline, side: 'baseline' }, mix);
        const s = await runMix({ readUrl: system, writeUrl: cold, side: 'system' }, mix);
        mixRounds.push({ baseline: b, system: s });
      }
    }
    const mix = {
      ratio: median(mixRounds.map((x) => x.system.rps / Math.max(x.baseline.rps, 1e-9))),
      ratios: mixRounds.map((x) => x.system.rps / Math.max(x.baseline.rps, 1e-9)),
      p99Ratio: median(mixRounds.map((x) => x.system.p99 / Math.max(x.baseline.p99, 1))),
      budget: 1.5,
      rounds: mixRounds,
      stale: mixRounds.reduce((n, x) => n + x.system.stale, 0),
      baselineStale: mixRounds.reduce((n, x) => n + x.baseline.stale, 0),
      checked: mixRounds.reduce((n, x) => n + x.system.checked, 0),
    };

    // The plans of each list query at this volume.
    const plans: Record<string, string> = {};
    const cases: Array<[string, Partial<PolicySearch>]> = [
      ['100-row list', {}],
      ['rare word (quokka)', { q: 'quokka' }],
      ['common word (traffic)', { q: 'traffic' }],
      ['prefix (auth)', { q: 'auth' }],
      ['newest first', { sort: 'submitted', order: 'desc' }],
    ];
    for (const [name, search] of cases) {
      const full: PolicySearch = {
        viewerId: null,
        sort: 'alpha',
        order: 'asc',
        limit: 100,
        offset: 0,
        ...search,
      };
      // With q the catalog walks the order first and reads the search indexes when the walk came back short.
      for (const how of search.q ? (['walk', 'bitmap'] as const) : (['walk'] as const)) {
        const { sql, params } = searchQuery(full, how);
        const res = await db.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) ${sql}`,
          params,
        );
        plans[search.q ? `${name}, ${how}` : name] = res.rows.map((r) => r['QUERY PLAN']).join('\n');
      }
    }
    await db.end();

    const result = {
      date: started.toISOString(),
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model,
        memoryGb: Math.round(os.totalmem() / 2 ** 30),
        os: `${os.type()} ${os.release()}`,
      },
      versions: {
        node: process.version,
        postgres: await (async () => {
          const v = await admin.query<{ server_version: string }>('SHOW server_version');
          return v.rows[0].server_version;
        })(),
        nats: process.env.NATS_SERVER_VERSION ?? 'see docs/benchmarks.md',
      },
      options: { ...o, postgres: undefined },
      throughput,
      fixedRate: fixed,
      revalidation,
      readAfterWrite,
      scan,
      mix,
      auth: {
        ratio: authRatios.length ? median(authRatios) : 0,
        ratios: authRatios,
        budget: 0.6,
        bearerCpuUs: authCpu.length ? median(authCpu.map((x) => x[0])) : 0,
        anonymousCpuUs: authCpu.length ? median(authCpu.map((x) => x[1])) : 0,
      },
      startMb,
      idleMb,
      loadAverage: os.loadavg(),
      plans,
    };
    writeFileSync(o.json, JSON.stringify(result, null, 2));
    if (o.markdown) {
      // Formatted as the repository formats Markdown, so that `npm run format:check` stays green.
      const text = await format(withGenerated(o.markdown, markdown(result)), {
        ...(await resolveConfig(o.markdown)),
        filepath: o.markdown,
      });
      writeFileSync(o.markdown, text);
    }
    process.stdout.write(
      `${JSON.stringify({ throughput: throughput.map((t) => [t.name, t.ratio]), idleMb })}\n`,
    );
  } finally {
    await release();
  }
}

type Result = {
  date: string;
  machine: Record<string, unknown>;
  versions: Record<string, unknown>;
  options: Record<string, unknown>;
  throughput: Array<{
    name: string;
    path: string;
    budget: number;
    ratio: number;
    ratios: number[];
    p99Ratio: number;
    systemRps: number;
    baselineRps: number;
    systemP99: number;
    baselineP99: number;
    errors: number;
    systemCpuUs: number;
    baselineCpuUs: number;
  }>;
  fixedRate: Array<{ name: string; p50: number; p99: number }>;
  auth: { ratio: number; ratios: number[]; budget: number; bearerCpuUs: number; anonymousCpuUs: number };
  revalidation: {
    cpuUs: number;
    rps: number;
    p99: number;
    busRequests: number;
    requests: number;
    /** Other catalog subjects seen meanwhile (broadcasts, pings), not counted. */
    otherSubjects: string[];
  };
  readAfterWrite: { p50: number; p99: number; max: number; samples: number };
  scan: { ids: number; gatewayMb: number; seconds: number };
  mix: {
    ratio: number;
    ratios: number[];
    p99Ratio: number;
    budget: number;
    rounds: Array<{ baseline: MixLoad; system: MixLoad }>;
    stale: number;
    baselineStale: number;
    checked: number;
  };
  startMb: Record<string, number>;
  idleMb: Record<string, number>;
  loadAverage: number[];
  plans: Record<string, string>;
};

const START = '<!-- bench:generated:start -->';
const END = '<!-- bench:generated:end -->';

/** Replaces the generated part of the file, between its markers; the rest is written by hand. */
function withGenerated(file: string, generated: string): string {
  const block = `${START}\n${generated}${END}\n`;
  if (!existsSync(file)) return block;
  const text = readFileSync(file, 'utf8');
  const from = text.indexOf(START);
  const to = text.indexOf(END);
  if (from < 0 || to < 0) return block;
  return text.slice(0, from) + block + text.slice(to + END.length + 1);
}

function markdown(r: Result): string {
  const ok = (pass: boolean) => (pass ? 'met' : '**not met**');
  const f = (n: number, d = 2) => n.toFixed(d);
  const lines = [
    '## Latest run',
    '',
    'Generated by `npm run bench` (bench/README.md); this part is replaced on every run.',
    '',
    `- Date: ${r.date}`,
    `- Machine: ${String(r.machine.cpus)} CPUs (${String(r.machine.cpuModel)}), ${String(r.machine.memoryGb)} GB, ${String(r.machine.os)}`,
    `- Versions: Node ${String(r.versions.node)}, PostgreSQL ${String(r.versions.postgres)}`,
    `- Run: ${String(r.options.policies)} policies, ${String(r.options.rounds)} rounds of ${String(r.options.seconds)} s per request and side, ${String(r.options.connections)} connections, system from ${r.options.fromSource ? 'TypeScript sources' : 'build output (dist/)'}`,
    `- Load average at the end of the run (other work on the machine): ${r.loadAverage.map((x) => x.toFixed(1)).join(', ')}`,
    '',
    '### Throughput against the baseline (median of the rounds)',
    '',
    '| Request | ratio | budget | p99 ratio (budget 1.5) | system req/s | baseline req/s | system p99 ms | baseline p99 ms | ratios per round | Node CPU µs/request, system (baseline) | errors |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...r.throughput.map(
      (t) =>
        `| \`GET ${t.path}\` (${t.name}) | ${f(t.ratio)} (${ok(t.ratio >= t.budget)}) | ≥ ${t.budget} | ${f(t.p99Ratio)} (${ok(t.p99Ratio <= 1.5)}) | ${f(t.systemRps, 0)} | ${f(t.baselineRps, 0)} | ${t.systemP99} | ${t.baselineP99} | ${t.ratios.map((x) => f(x)).join(', ')} | ${f(t.systemCpuUs, 0)} (${f(t.baselineCpuUs, 0)}) | ${t.errors} |`,
    ),
    '',
    "Cache warm: the replica with its response cache on (every request after the first is a hit); signed in: the same replica with a token (the shared answer and the caller's part; against the baseline's read for the same user); cache off: the second replica, `RESPONSE_CACHE_ENABLED=false`. Node CPU per request: CPU time (user + system) of the Node.js processes on the path (system: the gateway replica, catalog and identity; baseline: its one process) over the requests served, median of the rounds. NATS and PostgreSQL are not counted on either side.",
    '',
    '### Revalidation (304), read after write, a scan',
    '',
    `- 304 (If-None-Match with the current tag, warm replica): ${f(r.revalidation.cpuUs, 0)} µs of gateway CPU per request (budget 300, ${ok(r.revalidation.cpuUs <= 300)}), ${f(r.revalidation.rps, 0)} req/s, p99 ${r.revalidation.p99} ms; ${r.revalidation.busRequests} policy requests on the bus during ${r.revalidation.requests} revalidations (budget 0, ${ok(r.revalidation.busRequests === 0)})${r.revalidation.otherSubjects.length ? `; other catalog subjects meanwhile: ${r.revalidation.otherSubjects.join(', ')}` : ''}.`,
    `- Read after write through the other replica (like through the cache-off replica, then If-None-Match on the warm one until 200), ${r.readAfterWrite.samples} writes: p50 ${f(r.readAfterWrite.p50, 1)} ms, p99 ${f(r.readAfterWrite.p99, 1)} ms (budget 50, ${ok(r.readAfterWrite.p99 <= 50)}), max ${f(r.readAfterWrite.max, 1)} ms.`,
    `- A scan of all ${r.scan.ids} policies by id through the warm replica (${f(r.scan.seconds, 1)} s): its resident memory after, ${r.scan.gatewayMb} MB (cache bound 32 MiB).`,
    '',
    '### The realistic mix',
    '',
    `Signed-in (half the connections) and anonymous readers, Zipf (s = 1.1) popularity over every policy, ${f((r.options.mixWriteShare as number) * 100, 0)}% writes (likes, comments, owners' renames; through the cache-off replica, read through the warm one); by id 75%, 20-row pages 15%, searches 10%. Throughput ratio ${f(r.mix.ratio)} (budget ≥ ${r.mix.budget}, ${ok(r.mix.ratio >= r.mix.budget)}); rounds ${r.mix.ratios.map((x) => f(x)).join(', ')}; p99 ratio ${f(r.mix.p99Ratio)} (budget 1.5, ${ok(r.mix.p99Ratio <= 1.5)}). Reads right after the same user's write that did not show it: ${r.mix.stale} of ${r.mix.checked} (budget 0, ${ok(r.mix.stale === 0)}; baseline ${r.mix.baselineStale}).`,
    '',
    '| Round | system req/s | baseline req/s | system p99 ms | baseline p99 ms | system writes | errors (system, baseline) |',
    '|---|---|---|---|---|---|---|',
    ...r.mix.rounds.map(
      (x, i) =>
        `| ${i + 1} | ${f(x.system.rps, 0)} | ${f(x.baseline.rps, 0)} | ${f(x.system.p99, 1)} | ${f(x.baseline.p99, 1)} | ${x.system.writes} | ${x.system.errors}, ${x.baseline.errors} |`,
    ),
    '',
    '### Search at a fixed 200 req/s (cache off)',
    '',
    '| Request | p50 ms (budget 10) | p99 ms (budget 50) |',
    '|---|---|---|',
    ...r.fixedRate.map(
      (x) => `| ${x.name} | ${x.p50} (${ok(x.p50 <= 10)}) | ${x.p99} (${ok(x.p99 <= 50)}) |`,
    ),
    '',
    '### With a token (never cached) against the baseline',
    '',
    `Bearer token on the system / the baseline's anonymous read, \`GET /api/policies/{id}\`: ${f(r.auth.ratio)} (budget ≥ 0.6, ${ok(r.auth.ratio >= 0.6)}); rounds ${r.auth.ratios.map((x) => f(x)).join(', ')}. Node CPU per request: ${f(r.auth.bearerCpuUs, 0)} µs with the token (system), ${f(r.auth.anonymousCpuUs, 0)} µs (baseline).`,
    '',
    '### Idle resident memory (budget 100 MB each)',
    '',
    `Resident set size of each process, ${Math.min(2, Number(r.options.idleSeconds))} s after the gateway is ready and after ${String(r.options.idleSeconds)} s without requests.`,
    '',
    `| Process | MB at start | MB idle (${String(r.options.idleSeconds)} s) |`,
    '|---|---|---|',
    ...Object.entries(r.idleMb).map(([k, v]) => `| ${k} | ${r.startMb[k]} | ${v} (${ok(v <= 100)}) |`),
    '',
    '### Plans of the list queries (EXPLAIN ANALYZE)',
    '',
    ...Object.entries(r.plans).flatMap(([k, v]) => [`#### ${k}`, '', '```', v, '```', '']),
  ];
  return `${lines.join('\n')}\n`;
}

/** The ETag of an anonymous read (asked again while a read crossed a change and came back untagged). */
async function tagOf(url: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const res = await fetch(url);
    await res.arrayBuffer();
    const tag = res.headers.get('etag');
    if (tag) return tag;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${url} is never tagged`);
}

void main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${String(error instanceof Error ? error.stack : error)}\n`);
  process.exit(1);
});

/**
 * A port nothing listens on now, picked at random below the range the system hands out for outgoing
 * connections and `listen(0)` (ip_local_port_range): a port from that range, free when picked, was taken
 * by another process's connection before the service came to listen on it (EADDRINUSE in a loaded run).
 */
const portsGiven = new Set<number>();
async function freePort(): Promise<number> {
  const range = '/proc/sys/net/ipv4/ip_local_port_range';
  const low = existsSync(range) ? Number(readFileSync(range, 'utf8').trim().split(/\s+/)[0]) : 32_768;
  for (;;) {
    const port = 10_000 + Math.floor(Math.random() * Math.max(1, low - 10_000));
    if (portsGiven.has(port) || !(await canListen(port))) continue;
    portsGiven.add(port);
    return port;
  }
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}
