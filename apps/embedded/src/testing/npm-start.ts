import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');

export interface NpmStart {
  child: ChildProcess;
  output: () => string;
  /** The API's URL once the start printed it; rejects when the process exits first. */
  ready: Promise<string>;
  /** The exit code once the process ended. */
  exited: Promise<number | null>;
}

/**
 * What a newcomer's `npm start` runs with: their PATH and HOME, free ports, a data directory and the
 * info log level (the banner must not drown in start-up lines).
 */
export function npmStartEnvironment(dataDir: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: '0',
    SANDBOX_PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
  };
}

/**
 * `npm start` in a process group of its own (as a supervisor or a terminal runs it), with embedded
 * PostgreSQL in `dataDir`, on free ports unless `env` names them.
 */
export function npmStart(dataDir: string, env: Record<string, string> = {}): NpmStart {
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    detached: true,
    env: { ...npmStartEnvironment(dataDir), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
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
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited (${code}):\n${output}`));
    });
  });
  // A test that only waits for the exit leaves `ready` unobserved.
  ready.catch(() => undefined);
  return { child, output: () => output, ready, exited };
}

/** Whether any process of the group is left. */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function waitUntil(check: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return check();
}
