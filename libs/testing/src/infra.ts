import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort, startEmbeddedPostgres } from '@pc/platform';
import { Client } from 'pg';

export interface Provisioned {
  url: string;
  stop(): Promise<void>;
}

/**
 * The PostgreSQL the tests use: `DATABASE_URL` when set, else 127.0.0.1:5432; when neither answers, an
 * embedded PostgreSQL started on a free port for this run.
 */
export async function provisionPostgres(): Promise<Provisioned> {
  const candidate = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  if (await postgresAnswers(candidate)) return { url: adminUrl(candidate), stop: () => Promise.resolve() };
  if (process.env.DATABASE_URL) throw new Error(`DATABASE_URL is set but PostgreSQL does not answer at it`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pc-test-pg-'));
  const server = await startEmbeddedPostgres(path.join(dir, 'data'));
  return { url: server.adminUrl('postgres'), stop: () => server.stop() };
}

/**
 * The NATS the tests use: `NATS_URL` when set, else 127.0.0.1:4222; when neither answers, a
 * `nats-server` from PATH on a free port.
 */
export async function provisionNats(): Promise<Provisioned> {
  const candidate = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
  if (await tcpAnswers(candidate)) return { url: candidate, stop: () => Promise.resolve() };
  if (process.env.NATS_URL) throw new Error(`NATS_URL is set but NATS does not answer at ${candidate}`);
  if (spawnSync('nats-server', ['--version']).status !== 0) {
    throw new Error(
      'No NATS at 127.0.0.1:4222 and no nats-server on PATH: start NATS or install nats-server',
    );
  }
  const port = await freePort();
  const store = mkdtempSync(path.join(os.tmpdir(), 'pc-test-nats-'));
  const child: ChildProcess = spawn(
    'nats-server',
    ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', store],
    {
      stdio: 'ignore',
    },
  );
  const url = `nats://127.0.0.1:${port}`;
  for (let i = 0; i < 50 && !(await tcpAnswers(url)); i++) await new Promise((r) => setTimeout(r, 100));
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/** A database URL on the same server with another database name. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

function adminUrl(url: string): string {
  return withDatabase(url, 'postgres');
}

async function postgresAnswers(url: string): Promise<boolean> {
  const client = new Client({ connectionString: adminUrl(url), connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function tcpAnswers(url: string): Promise<boolean> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: u.hostname, port: Number(u.port || 4222) });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}
