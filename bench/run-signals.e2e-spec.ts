import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { testEnv } from '@pc/testing';

const root = path.join(__dirname, '..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The processes whose parent is `pid` (from /proc). */
function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // `pid (comm) state ppid ...`: comm may hold spaces and parentheses, the last ')' ends it.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) found.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** Whether `pid` runs (a zombie, ended and not yet reaped, does not). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

async function until(what: string, done: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/**
 * `npm run bench` killed (Ctrl-C, or the smoke test's time limit) stops the system it started and
 * drops its database, as a run that ends does: the services it started used to run on, orphaned.
 */
describe('npm run bench, killed', () => {
  const env = testEnv();
  const started: number[] = [];

  afterAll(() => {
    // What a failed assertion left running.
    for (const pid of started) if (alive(pid)) process.kill(pid, 'SIGKILL');
  });

  it.each(['SIGTERM', 'SIGINT'] as const)(
    'stops the services it started and drops its database on %s',
    async (signal) => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-killed-'));
      const bench: ChildProcess = spawn(
        process.execPath,
        [
          '-r',
          path.join(root, 'tools/register.js'),
          path.join(root, 'bench/run.ts'),
          ...['--from-source', '--policies', '10', '--seconds', '1', '--rounds', '1', '--connections', '1'],
          ...['--no-markdown', '--json', path.join(dir, 'results.json'), '--port', '0'],
          ...['--nats', env.natsUrl, '--postgres', env.postgresUrl],
        ],
        { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] },
      );
      let stderr = '';
      let passed = false;
      bench.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = new Promise<void>((r) => bench.once('exit', () => r()));
      const pid = bench.pid!;
      const database = new Client({ connectionString: env.postgresUrl });
      await database.connect();
      const databases = async () =>
        (
          await database.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [
            `bench\\_${pid}\\_%`,
          ])
        ).rows;
      try {
        // Identity live and the catalog started: two services of the system running.
        await until(
          'two services started',
          () => {
            for (const child of childrenOf(pid)) if (!started.includes(child)) started.push(child);
            return childrenOf(pid).length >= 2;
          },
          90_000,
        );
        const services = childrenOf(pid);
        expect(await databases()).toHaveLength(1);

        bench.kill(signal);
        await exited;
        // They stop as a service does on SIGTERM: within a few seconds.
        await until('the services stopped', () => !services.some(alive), 20_000).catch(() => undefined);
        expect(services.filter(alive)).toEqual([]);
        expect(await databases()).toEqual([]);
        passed = true;
      } finally {
        if (!passed) process.stderr.write(`bench's stderr:\n${stderr}\n`);
        if (alive(pid)) bench.kill('SIGKILL');
        await database.end();
      }
    },
    180_000,
  );
});
