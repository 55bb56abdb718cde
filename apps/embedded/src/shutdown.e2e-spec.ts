import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { groupAlive, npmStart, waitUntil } from './testing/npm-start';

/** How long a stop may take, as a supervisor waits before it kills. */
const STOP_WITHIN_MS = 10_000;

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
      let deadline: NodeJS.Timeout | undefined;
      await Promise.race([
        exited,
        new Promise((resolve) => (deadline = setTimeout(resolve, STOP_WITHIN_MS))),
      ]);
      clearTimeout(deadline);
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
