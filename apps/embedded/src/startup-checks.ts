import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** A start that cannot work as configured: `npm start` prints its message alone (no stack trace). */
export class StartupError extends Error {
  override readonly name = 'StartupError';
}

/** What a running `npm start` leaves in its DATA_DIR: its process and where it serves. */
interface InstanceFile {
  pid: number;
  url: string;
}

const INSTANCE_FILE = 'instance.json';

/**
 * Refuses to start beside another `npm start` on the same DATA_DIR: its embedded PostgreSQL holds the
 * data directory (its postmaster.pid names a living process). The instance file, written once the other
 * one started, names its process and address.
 */
export function refuseSecondInstance(dataDir: string, postgresDir: string): void {
  const postgresPid = livingPid(readLines(path.join(postgresDir, 'postmaster.pid'))[0]);
  if (postgresPid === undefined) return;
  const instance = readInstance(dataDir);
  const other =
    instance && livingPid(String(instance.pid)) !== undefined
      ? `pid ${instance.pid}, ${instance.url}`
      : `its database's pid ${postgresPid}`;
  throw new StartupError(
    `another npm start is running in this clone (${other}) with DATA_DIR ${dataDir}: stop it (Ctrl-C in ` +
      'its terminal), or run a second one with its own data and port (DATA_DIR=./.data/second PORT=3010 npm start)',
  );
}

/** Notes this instance in DATA_DIR for a second `npm start` to name; `forget` on a clean stop. */
export function recordInstance(dataDir: string, url: string): { forget(): void } {
  const file = path.join(dataDir, INSTANCE_FILE);
  writeFileSync(file, JSON.stringify({ pid: process.pid, url } satisfies InstanceFile));
  return { forget: () => rmSync(file, { force: true }) };
}

/** Fails at once, with what to change, when the gateway's port is taken or not allowed. */
export async function ensurePortFree(host: string, port: number): Promise<void> {
  if (port === 0) return;
  const error = await new Promise<NodeJS.ErrnoException | undefined>((resolve) => {
    const probe = net.createServer();
    probe.once('error', resolve);
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve(undefined)));
  });
  if (error) throw portError(error, port) ?? error;
}

/** The sentence for a port the gateway cannot listen on; undefined for any other error. */
export function portError(error: unknown, port: number): StartupError | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EADDRINUSE') {
    return new StartupError(
      `port ${port} is taken by another program: stop it, or start on another port (PORT=${port === 3010 ? 3020 : 3010} npm start)`,
    );
  }
  if (code === 'EACCES') {
    return new StartupError(
      `port ${port} needs privileges this process has not: start on a port above 1023 (PORT=3000 npm start)`,
    );
  }
  return undefined;
}

function readLines(file: string): string[] {
  try {
    return readFileSync(file, 'utf8').split('\n');
  } catch {
    return [];
  }
}

function readInstance(dataDir: string): InstanceFile | undefined {
  const file = path.join(dataDir, INSTANCE_FILE);
  if (!existsSync(file)) return undefined;
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<InstanceFile>;
    return typeof parsed.pid === 'number' && typeof parsed.url === 'string'
      ? { pid: parsed.pid, url: parsed.url }
      : undefined;
  } catch {
    return undefined;
  }
}

/** The pid when it names a living process other than this one (EPERM: alive, another user's). */
function livingPid(text: string | undefined): number | undefined {
  const pid = Number(text?.trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}
