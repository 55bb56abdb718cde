import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..');
/** How long a stop may take, as a supervisor waits before it kills. */
const STOP_WITHIN_MS = 10_000;

/** `npm start` in a process group of its own (as a supervisor or a terminal runs it), with embedded PostgreSQL. */
function npmStart(dataDir: string): { child: ChildProcess; output: () => string; ready: Promise<string> } {
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    detached: true,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: '0',
      SANDBOX_PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start did not start:\n${output}`)), 180_000);
    const read = (chunk: Buffer): void => {
      output += chunk.toString();
      const api = /^ {2}API: +(http\S+\/api)$/m.exec(output);
      if (api) {
        clearTimeout(timer);
        resolve(api[1]);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited (${code}):\n${output}`));
    });
  });
  return { child, output: () => output, ready };
}

/** Whether any process of the group is left. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntil(check: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return check();
}

/**
 * A stop is a signal to the process group, as a supervisor sends it (or Ctrl-C in a terminal): every
 * process of the group gets it, npm, the system and the embedded PostgreSQL alike. The system must be
 * gone within seconds, its database stopped, no process of the group left.
 */
describe('npm start stopped by a signal to its process group', () => {
  jest.setTimeout(400_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pc-shutdown-'));
  const started: ChildProcess[] = [];

  afterAll(() => {
    for (const child of started) if (child.pid && groupAlive(child.pid)) process.kill(-child.pid, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each(['SIGTERM', 'SIGINT'] as const)(
    'ends within 10 s of %s, the database stopped and no process of the group left',
    async (signal) => {
      const system = npmStart(dataDir);
      started.push(system.child);
      const api = await system.ready;
      // Connections in use: a read that reaches the database, and a stream of the web app's kind.
      expect((await fetch(`${api}/policies`)).status).toBe(200);
      const pgid = system.child.pid!;
      const exited = new Promise<void>((resolve) => system.child.once('exit', () => resolve()));

      const sent = Date.now();
      process.kill(-pgid, signal);
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, STOP_WITHIN_MS))]);
      const gone = await waitUntil(
        () => !groupAlive(pgid),
        Math.max(0, STOP_WITHIN_MS - (Date.now() - sent)),
      );
      expect({ gone, within: Date.now() - sent <= STOP_WITHIN_MS }).toEqual({ gone: true, within: true });
      expect(system.output()).not.toMatch(/Called end on pool more than once/);
      expect(system.output()).toMatch(/"msg":"stopped"/);
    },
  );
});
