import { type ChildProcess, spawn, type SpawnOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '../logging/logger';

const log = createLogger('embedded-postgres');

/** The user PostgreSQL runs as when this process is root (it refuses to run as root itself). */
export interface DatabaseUser {
  name: string;
  uid: number;
  gid: number;
}

/**
 * A start of the embedded PostgreSQL that cannot work as configured: its message says what to change.
 * `npm start` prints it alone (no stack trace).
 */
export class EmbeddedPostgresSetupError extends Error {
  override readonly name = 'EmbeddedPostgresSetupError';
}

export interface PostgresProcess {
  stop(): Promise<void>;
}

const READY = 'database system is ready to accept connections';
const START_TIMEOUT_MS = 60_000;

/**
 * `initdb` of the package's binaries into `dataDir` (created empty, owned by `user` when given), with
 * password authentication and a throw-away superuser password (replaced at once by the caller).
 */
export async function initdb(
  binDir: string,
  dataDir: string,
  superuser: string,
  password: string,
  user: DatabaseUser | undefined,
): Promise<void> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (user) chownSync(dataDir, user.uid, user.gid);
  // initdb reads the password from a file: readable by the database user alone, removed at once.
  const scratch = path.join(os.tmpdir(), `pc-initdb-${randomBytes(8).toString('hex')}`);
  writeFileSync(scratch, `${password}\n`, { mode: 0o600, flag: 'wx' });
  if (user) chownSync(scratch, user.uid, user.gid);
  try {
    const child = spawnAs(
      path.join(binDir, 'initdb'),
      [
        `--pgdata=${dataDir}`,
        '--auth=scram-sha-256',
        `--username=${superuser}`,
        `--pwfile=${scratch}`,
        '--encoding=UTF8',
        '--locale=C',
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
      ],
      dataDir,
      user,
    );
    const { code, output } = await finished(child, 'initdb', user);
    if (code !== 0) {
      throw new EmbeddedPostgresSetupError(
        `initdb failed (exit code ${code}) in ${dataDir}: ${tail(output)}`,
      );
    }
  } finally {
    rmSync(scratch, { force: true });
  }
}

/** How long PostgreSQL's fast shutdown may take before the immediate one. */
const STOP_FAST_MS = 4_000;

/**
 * The PostgreSQL server on 127.0.0.1:`port` (its socket in the data directory), resolved once it
 * accepts connections. It is stopped when this process exits.
 */
export async function startPostgres(
  binDir: string,
  dataDir: string,
  port: number,
  user: DatabaseUser | undefined,
): Promise<PostgresProcess> {
  const child = spawnAs(
    path.join(binDir, 'postgres'),
    [
      '-D',
      dataDir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-k',
      dataDir,
      '-c',
      'lc_messages=C',
    ],
    dataDir,
    user,
  );
  const onExit = () => child.kill('SIGINT');
  process.once('exit', onExit);
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  void exited.then(() => process.removeListener('exit', onExit));
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGINT');
      reject(
        new EmbeddedPostgresSetupError(
          `PostgreSQL did not start within ${START_TIMEOUT_MS} ms: ${tail(output)}`,
        ),
      );
    }, START_TIMEOUT_MS);
    child.stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      output += text;
      log.debug(text.trim());
      if (output.includes(READY)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(spawnFailure('postgres', error, user));
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      reject(
        new EmbeddedPostgresSetupError(`PostgreSQL stopped at start (exit code ${code}): ${tail(output)}`),
      );
    });
  });
  child.on('error', (error) => log.warn({ err: error }, 'the embedded PostgreSQL process'));
  return {
    // SIGINT: PostgreSQL's fast shutdown (sessions ended, a checkpoint written); when that has not
    // ended within STOP_FAST_MS, SIGQUIT: its immediate shutdown (recovery at the next start).
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill('SIGINT');
      const immediate = setTimeout(() => child.kill('SIGQUIT'), STOP_FAST_MS);
      await exited;
      clearTimeout(immediate);
    },
  };
}

/** Runs as `user` when given (root starting PostgreSQL), with a working directory that user can reach. */
function spawnAs(command: string, args: string[], cwd: string, user: DatabaseUser | undefined): ChildProcess {
  const options: SpawnOptions = {
    cwd: path.dirname(cwd),
    stdio: ['ignore', 'pipe', 'pipe'],
  };
  if (user) Object.assign(options, { uid: user.uid, gid: user.gid });
  return spawn(command, args, options);
}

function finished(
  child: ChildProcess,
  what: string,
  user: DatabaseUser | undefined,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('error', (error) => reject(spawnFailure(what, error, user)));
    child.once('close', (code) => resolve({ code, output }));
  });
}

function spawnFailure(what: string, error: Error, user: DatabaseUser | undefined): Error {
  return new EmbeddedPostgresSetupError(
    `Cannot run the embedded PostgreSQL's ${what}${user ? ` as the "${user.name}" user` : ''}: ${error.message}`,
  );
}

function tail(output: string): string {
  return output.trim().split('\n').slice(-5).join(' | ');
}
