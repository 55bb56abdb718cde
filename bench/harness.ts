// What the benchmarks that start `npm start`'s composition share beside their child processes
// (`processes.ts`): the system started on a database of its own, an API client, percentiles, and the
// cleanup of a run's JetStream streams on the shared NATS.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connect } from 'nats';
import { Client } from 'pg';
import { startProcess, stopProcess } from './processes';

export type Json = Record<string, unknown>;

export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
export const round = (n: number, digits = 2): number => Math.round(n * 10 ** digits) / 10 ** digits;
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The load averages over 1, 5 and 15 minutes, as `0.5 0.7 0.9`. */
export const loadAverage = (): string =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
/** The machine a run starts on (for its figures): its cores and load average. */
export const machineAtStart = (): string =>
  `${os.cpus().length} cores, load average ${loadAverage()} at start`;

/** What one run of a bench owns on the shared PostgreSQL and NATS, and on disk. */
export interface BenchRun {
  /** Its database (`bench_<name>_<pid>_<time>`) and that database's URL. */
  dbName: string;
  dbUrl: string;
  /** Its data directory. */
  dataDir: string;
  /** Its subject prefix on the shared NATS. */
  prefix: string;
  /** What each of its child processes runs with (`processEnv`). */
  env: Record<string, string | undefined>;
  /** More for its `npm start` composition (`embeddedEnv`). */
  embeddedEnv: Record<string, string>;
  /** Drops the database and the run's JetStream streams, and removes the data directory. */
  drop(): Promise<void>;
}

/** A run of the bench `name`: its database created on `o.postgres` (an administrator's URL). */
export async function startRun(o: { postgres: string; nats: string }, name: string): Promise<BenchRun> {
  const dbName = `bench_${name}_${process.pid}_${Date.now().toString(36)}`;
  const admin = new Client({ connectionString: o.postgres });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `bench-${name}-`));
  const prefix = `${dbName}.`;
  const dbUrl = o.postgres.replace(/\/[^/]*$/, `/${dbName}`);
  return {
    dbName,
    dbUrl,
    dataDir,
    prefix,
    env: processEnv(dbUrl, o.nats, prefix),
    embeddedEnv: embeddedEnv(dataDir),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
      await dropStreams(o.nats, prefix).catch(() => undefined);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * What every child process of a bench runs with: PATH and HOME, the run's database, the NATS under the
 * run's subject prefix, and quiet logs.
 */
function processEnv(databaseUrl: string, nats: string, prefix: string): Record<string, string | undefined> {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATABASE_URL: databaseUrl,
    NATS_URL: nats,
    BUS_SUBJECT_PREFIX: prefix,
    LOG_LEVEL: 'warn',
  };
}

/** More for `npm start`'s composition (apps/embedded): ports of its choosing, `dataDir`, no deployment worker inside. */
function embeddedEnv(dataDir: string): Record<string, string> {
  return { PORT: '0', SANDBOX_PORT: '0', DATA_DIR: dataDir, EMBEDDED_DEPLOYMENT_WORKERS: '0' };
}

/** What every bench of its own system takes: where to write its figures, the NATS and the PostgreSQL. */
export interface CommonOptions {
  /** A file for the results as JSON (none: null). */
  json: string | null;
  nats: string;
  postgres: string;
}

/**
 * A bench's command line: each `--flag value` sets the field of the flag's name in camel case
 * (`--latency-ms` sets `latencyMs`) over `defaults`, a number where the default is a number, a
 * comma-separated list (of numbers where the default's are numbers) where it is a list, the text
 * otherwise; `--json`, `--nats` and `--postgres` as every bench takes them. Any other flag throws.
 */
export function benchOptions<T extends object>(argv: string[], defaults: T): T & CommonOptions {
  const o: Record<string, unknown> = {
    ...defaults,
    json: null,
    nats: 'nats://127.0.0.1:4222',
    postgres: 'postgres://postgres@127.0.0.1:5432/postgres',
  };
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1] ?? ''];
    const key = flag.replace(/^--/, '').replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
    if (!flag.startsWith('--') || !Object.hasOwn(o, key)) throw new Error(`unknown option ${flag}`);
    const current = o[key];
    if (typeof current === 'number') o[key] = Number(value);
    else if (Array.isArray(current))
      o[key] = value.split(',').map((item) => (typeof current[0] === 'number' ? Number(item) : item));
    else o[key] = value;
  }
  return o as T & CommonOptions;
}

export class Api {
  constructor(
    readonly base: string,
    readonly token = '',
  ) {}

  as(token: string): Api {
    return new Api(this.base, token);
  }

  async call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(new URL(url, this.base), {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : {}) as Json };
  }

  async ok<T = Json>(
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    const res = await this.call(method, url, body, headers);
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as T;
  }

  /** Signs a user up (password `password123`): their id and their session cookie (`sb-access-token=...`). */
  async signUp(email: string, name: string): Promise<{ id: string; cookie: string }> {
    const res = await fetch(new URL('/api/auth/signup', this.base), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'password123', name }),
    });
    if (res.status !== 201) throw new Error(`signup ${res.status} ${await res.text()}`);
    const cookie = (res.headers.getSetCookie().find((c) => c.startsWith('sb-access-token=')) ?? '').split(
      ';',
    )[0];
    return { id: ((await res.json()) as { user: { id: string } }).user.id, cookie };
  }

  /** A token named `name` of `scopes`, made in the session of `cookie`. */
  async newToken(cookie: string, name: string, scopes: string[]): Promise<string> {
    return (await this.ok<{ token: string }>('POST', '/api/tokens', { name, scopes }, { cookie })).token;
  }
}

/** The run's JetStream streams (its work queue still holds the POST phase's jobs): the NATS is shared. */
export async function dropStreams(url: string, prefix: string): Promise<void> {
  const nc = await connect({ servers: url });
  try {
    const jsm = await nc.jetstreamManager();
    const own = prefix.replace(/[^A-Za-z0-9_-]/g, '_');
    for await (const stream of jsm.streams.list()) {
      if (stream.config.name.startsWith(own)) await jsm.streams.delete(stream.config.name);
    }
  } finally {
    await nc.close();
  }
}

/** The embedded system (`npm start`) of one bench run: where it answers, and how to end it. */
export interface BenchSystem {
  /** The gateway's origin (`${base}/api/...`). */
  base: string;
  /** The sandbox's origin (its control routes under `/_sandbox`). */
  sandbox: string;
  /** Its database's URL (to seed it). */
  databaseUrl: string;
  child: ChildProcess;
  /** What the process printed (its last 100 kB). */
  output(): string;
  /** Signs a new user up through the API: the session cookie (`sb-access-token=...`). */
  signUp(): Promise<string>;
  /**
   * The user of `cookie` submits a ruleset from a new sandbox repository `bench/<repo>` holding `files`:
   * its id (under review, so its owner evaluates it with no approval).
   */
  submitRuleset(
    cookie: string,
    ruleset: { repo: string; files: Record<string, string>; name: string; description: string },
  ): Promise<string>;
  /** Stops the process, drops its database and its data directory. */
  stop(): Promise<void>;
}

/**
 * `apps/embedded` from the sources in a child process, on a database of its own (`bench_<name>_<pid>`,
 * created here) and the shared NATS under a subject prefix of its own, quiet logs, no deployment
 * workers and no rate limits on sign-ups and evaluations; `env` adds or overrides variables.
 */
export async function startSystem(name: string, env: Record<string, string> = {}): Promise<BenchSystem> {
  const db = `bench_${name}_${process.pid}`;
  const admin = new Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${db}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `bench-${name}-`));
  const cleanUp = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
    await admin.end();
  };
  let system: Awaited<ReturnType<typeof startProcess>>;
  try {
    system = await startProcess(
      'apps/embedded/src/main.ts',
      {
        ...processEnv(`postgres://postgres@127.0.0.1:5432/${db}`, 'nats://127.0.0.1:4222', `${db}.`),
        ...embeddedEnv(dataDir),
        RATE_LIMIT_SIGNUPS_PER_HOUR: '0',
        RATE_LIMIT_EVALUATIONS_PER_MINUTE: '0',
        ...env,
      },
      /^ {2}API: +http\S+\/api$/m,
    );
  } catch (error) {
    await cleanUp();
    throw error;
  }
  const base = /^ {2}API: +(http\S+)\/api$/m.exec(system.output())![1];
  const sandbox = /^Sandbox \(.*\): (http\S+)$/m.exec(system.output())![1];
  let users = 0;
  return {
    base,
    sandbox,
    databaseUrl: `postgres://postgres@127.0.0.1:5432/${db}`,
    child: system.child,
    output: system.output,
    async signUp() {
      return (await new Api(base).signUp(`bench-${Date.now()}-${(users += 1)}@example.com`, 'Bench')).cookie;
    },
    async submitRuleset(cookie, { repo, files, name, description }) {
      const { webUrl } = await new Api(sandbox).ok<{ webUrl: string }>('POST', '/_sandbox/repos', {
        owner: 'bench',
        name: repo,
        files,
      });
      const { submission } = await new Api(base).ok<{ submission: { ruleset_id: string } }>(
        'POST',
        '/api/ruleset-submissions',
        { name, description, repoUrl: webUrl },
        { cookie },
      );
      return submission.ruleset_id;
    },
    async stop() {
      await stopProcess(system.child);
      await cleanUp();
    },
  };
}
