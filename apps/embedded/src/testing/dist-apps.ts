import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, passwordVariable, renderNatsConf } from '@pc/platform';
import { waitFor } from '@pc/testing';

export const ROOT = path.join(__dirname, '..', '..', '..', '..');
const DIST = path.join(ROOT, 'dist');

/** The newest modification time of the sources `npm run build` compiles. */
function newestSource(): number {
  let newest = 0;
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      // Not sources: dependencies, lint fixtures, and the clients' own build outputs (apps/cli/dist).
      if (['node_modules', 'lint-fixtures', 'dist'].includes(entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(tsx?|json|yaml|css|html|mjs)$/.test(entry.name) && !/spec\.ts$/.test(entry.name))
        newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  for (const dir of ['apps', 'libs', 'tools', 'types']) walk(path.join(ROOT, dir));
  for (const file of ['tsconfig.base.json', 'tsconfig.build.json', 'package-lock.json'])
    newest = Math.max(newest, statSync(path.join(ROOT, file)).mtimeMs);
  return newest;
}

/**
 * `npm run build:apps`, unless dist/ is newer than every source it compiles (the entry points are written
 * last). Returns whether it built.
 */
export function ensureBuild(apps: string[]): boolean {
  const entries = [
    ...apps.map((app) => path.join(DIST, 'apps', app, 'main.js')),
    path.join(DIST, 'tools', 'migrate.js'),
    path.join(DIST, 'web', 'index.html'),
  ];
  const built = entries.every((file) => existsSync(file))
    ? Math.min(...entries.map((file) => statSync(file).mtimeMs))
    : 0;
  if (built > newestSource()) return false;
  // The apps, their assets and the web app: not the CLI's package, which `npm run build` packs last. That
  // is the clients tests' to make (`packedClients`, under its lock): packing it again here removed
  // apps/cli/dist under the CLI runs of a file running beside this one.
  execFileSync('npm', ['run', 'build:apps'], { cwd: ROOT, stdio: 'pipe' });
  return true;
}

/** One app started from the build output, as production runs it: `node dist/apps/<app>/main.js`. */
export class DistApp {
  private output = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  url?: string;

  private constructor(
    readonly name: string,
    private readonly child: ChildProcess,
  ) {
    child.stdout!.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  }

  /**
   * Starts the app with exactly `env` (and PATH): no inherited variables, no TypeScript hook, another
   * working directory than the repository.
   */
  static start(app: string, env: Record<string, string>, name = app): DistApp {
    const child = spawn(process.execPath, [path.join(DIST, 'apps', app, 'main.js')], {
      cwd: os.tmpdir(),
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return new DistApp(name, child);
  }

  get log(): string {
    return this.output;
  }

  /** Waits for the app's "listening" log line and takes its URL from it. */
  async listening(timeoutMs: number): Promise<string> {
    await waitFor(
      () => {
        if (this.child.exitCode !== null) throw new Error(`${this.name} exited:\n${this.output}`);
        for (const line of this.output.split('\n')) {
          if (!line.startsWith('{')) continue;
          const entry = JSON.parse(line) as { url?: string; msg?: string };
          if (entry.url && /listening/.test(entry.msg ?? '')) {
            this.url = entry.url.replace(/\/mcp$/, '');
            return true;
          }
        }
        return false;
      },
      timeoutMs,
      `${this.name} to listen`,
    );
    return this.url!;
  }

  /** SIGTERM, then how the process ended. */
  async stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGTERM');
    return this.exited;
  }

  kill(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }
}

/** A one-off command from the build output (`node dist/tools/migrate.js catalog`), env only. */
export function runDist(script: string, args: string[], env: Record<string, string>): string {
  return execFileSync(process.execPath, [path.join(DIST, script), ...args], {
    cwd: os.tmpdir(),
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
    encoding: 'utf8',
  });
}

/**
 * A nats-server of the test's own configured with the generated permissions for `prefix` (a user per
 * app, as deploy/nats/nats.conf for production), with a random password per app.
 */
export async function natsWithPermissions(
  prefix: string,
  apps: string[],
): Promise<{ urlOf(app: string): string; stop(): Promise<void> }> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pc-dist-nats-'));
  const conf = renderNatsConf(prefix)
    .replace(/^port: 4222$/m, `port: ${port}\nhost: 127.0.0.1`)
    .replace('store_dir: /data', `store_dir: ${path.join(dir, 'js')}`);
  writeFileSync(path.join(dir, 'nats.conf'), conf);
  const passwords = Object.fromEntries(
    apps.map((app) => [app, `${app}-${Math.random().toString(36).slice(2)}`]),
  );
  const child = spawn('nats-server', ['-c', path.join(dir, 'nats.conf')], {
    stdio: 'ignore',
    env: {
      PATH: process.env.PATH,
      ...Object.fromEntries(apps.map((app) => [passwordVariable(app), passwords[app]])),
    },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const net = await import('node:net');
  await waitFor(
    () =>
      new Promise<boolean>((resolve) => {
        const socket = net.connect({ host: '127.0.0.1', port });
        socket.once('connect', () => (socket.destroy(), resolve(true)));
        socket.once('error', () => resolve(false));
      }),
    10_000,
    'nats-server',
  );
  return {
    urlOf: (app) => `nats://${app}:${passwords[app]}@127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
