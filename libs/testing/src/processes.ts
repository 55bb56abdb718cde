import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort, type PlacementOptions } from '@pc/platform';

/**
 * A nats-server of the test's own on a fixed free port, that the test may stop and start again (never
 * the machine's shared one, which other test files use).
 */
export class OwnNats {
  private child?: ChildProcess;
  /** JetStream's store, kept across stop and start (durable events survive as they would). */
  private store?: string;

  private constructor(readonly port: number) {}

  static async start(): Promise<OwnNats> {
    const nats = new OwnNats(await freePort());
    await nats.start();
    return nats;
  }

  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.store ??= mkdtempSync(path.join(os.tmpdir(), 'pc-own-nats-'));
    this.child = spawn(
      'nats-server',
      ['-a', '127.0.0.1', '-p', String(this.port), '-js', '-sd', this.store],
      {
        stdio: 'ignore',
      },
    );
    await waitFor(() => portAnswers(this.port), 10_000, `nats-server on ${this.port}`);
  }

  /** Like a crash: the connections drop at once. */
  async stop(): Promise<void> {
    await stopChild(this.child, 'SIGKILL');
  }
}

interface Started {
  adminUrl: string;
  url: string;
  credentialsFile: string;
  dataDir: string;
  binDir: string;
}

/**
 * An embedded PostgreSQL of the test's own (started as `npm start` starts it: `startEmbeddedPostgres`),
 * with its data kept across stop and start. It runs in a process of its own, which a test can stop like
 * a crash of the database.
 */
export class OwnPostgres {
  private child?: ChildProcess;
  private started?: Started;

  private constructor(
    readonly dataDir: string,
    readonly port: number,
    private readonly placement: PlacementOptions,
  ) {}

  /** `placement`: other binaries, cache or relocation folders than the defaults (see PlacementOptions). */
  static async start(dataDir?: string, placement: PlacementOptions = {}): Promise<OwnPostgres> {
    const dir = dataDir ?? path.join(mkdtempSync(path.join(os.tmpdir(), 'pc-own-pg-')), 'data');
    const postgres = new OwnPostgres(dir, await freePort(), placement);
    await postgres.start();
    return postgres;
  }

  /** The `policy_catalog` database, as the embedded mode's services connect to it (not a superuser). */
  get url(): string {
    return this.ready().url;
  }

  /** The superuser on the `postgres` database. */
  get adminUrl(): string {
    return this.ready().adminUrl;
  }

  get credentialsFile(): string {
    return this.ready().credentialsFile;
  }

  /** Where PostgreSQL keeps its data: `dataDir`, or (as root) where `dataDir` links to. */
  get realDataDir(): string {
    return this.ready().dataDir;
  }

  /** The folder of the binaries it runs. */
  get binDir(): string {
    return this.ready().binDir;
  }

  private ready(): Started {
    if (!this.started) throw new Error('PostgreSQL was never started');
    return this.started;
  }

  async start(): Promise<void> {
    const root = path.resolve(__dirname, '../../..');
    const child = spawn(
      process.execPath,
      [
        '-r',
        path.join(root, 'tools/register.js'),
        path.join(__dirname, 'own-postgres.main.ts'),
        this.dataDir,
        String(this.port),
        JSON.stringify(this.placement),
      ],
      { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LOG_LEVEL: 'warn' } },
    );
    this.child = child;
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    this.started = await new Promise((resolve, reject) => {
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const line = stdout.split('\n').find((l) => l.startsWith('{"adminUrl"'));
        if (line) resolve(JSON.parse(line) as Started);
      });
      child.once('exit', (code) =>
        reject(new Error(`embedded PostgreSQL exited (${code}): ${stderr.trim()}`)),
      );
    });
  }

  /** A clean, fast shutdown: open connections are terminated. */
  async stop(): Promise<void> {
    await stopChild(this.child, 'SIGTERM');
  }
}

/**
 * A TCP relay that a test can cut (every connection through it drops, new ones are refused) and
 * restore: one process losing its network while the others keep theirs.
 */
export class CuttableLink {
  private server?: net.Server;
  private readonly sockets = new Set<net.Socket>();

  private constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  static async to(url: string): Promise<CuttableLink> {
    const u = new URL(url);
    const link = new CuttableLink(await freePort(), { host: u.hostname, port: Number(u.port) });
    await link.restore();
    return link;
  }

  /** `url` with this link's address instead of the target's. */
  via(url: string): string {
    const u = new URL(url);
    u.host = `127.0.0.1:${this.port}`;
    return u.toString().replace(/\/$/, '');
  }

  async restore(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.server = server;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise((resolve) => server.close(resolve));
  }
}

export async function waitFor(
  condition: () => Promise<boolean> | boolean,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Gave up waiting for ${what} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Sends `signal` to `child` (when it still runs) and waits for it to exit. */
async function stopChild(child: ChildProcess | undefined, signal: NodeJS.Signals): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

/** Whether something accepts TCP connections on 127.0.0.1:`port`. */
export function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
