import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { groupAlive, npmStart, waitUntil } from './testing/npm-start';

/** A known condition fails before anything slow starts (the embedded PostgreSQL, the services). */
const FAIL_WITHIN_MS = 30_000;
/** A line of a stack trace. */
const STACK_LINE = /^\s+at .+\(.+:\d+:\d+\)$/m;

/** The process group a process belongs to (the fifth field of its stat line). */
function processGroupOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
}

/** The exit code, or 'running' when the process has not ended within `ms`. */
async function exitCodeWithin(
  exited: Promise<number | null>,
  ms: number,
): Promise<number | null | 'running'> {
  let timer: NodeJS.Timeout | undefined;
  const running = new Promise<'running'>((resolve) => (timer = setTimeout(() => resolve('running'), ms)));
  try {
    return await Promise.race([exited, running]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `npm start` refused for a reason the user can fix: one sentence saying what to change, a non-zero
 * exit within seconds, no stack trace.
 */
describe('npm start refused at start', () => {
  jest.setTimeout(300_000);
  const dataDirs: string[] = [];
  const started: ChildProcess[] = [];
  const freshDataDir = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pc-startup-'));
    dataDirs.push(dir);
    return dir;
  };

  afterAll(() => {
    for (const child of started) if (child.pid && groupAlive(child.pid)) process.kill(-child.pid, 'SIGKILL');
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('names the taken port and PORT, and exits non-zero without a stack trace', async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = (holder.address() as net.AddressInfo).port;
    try {
      const system = npmStart(freshDataDir(), { PORT: String(port) });
      started.push(system.child);
      const sent = Date.now();
      const code = await exitCodeWithin(system.exited, FAIL_WITHIN_MS);
      expect({ code, within: Date.now() - sent <= FAIL_WITHIN_MS }).toEqual({ code: 1, within: true });
      expect(system.output()).toContain(`port ${port} is taken`);
      expect(system.output()).toMatch(/PORT=\d+ npm start/);
      expect(system.output()).not.toMatch(STACK_LINE);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });

  it('names the running instance (its pid and address) when a second starts on the same DATA_DIR', async () => {
    const dataDir = freshDataDir();
    const first = npmStart(dataDir);
    started.push(first.child);
    const api = await first.ready;

    const second = npmStart(dataDir);
    started.push(second.child);
    const code = await exitCodeWithin(second.exited, FAIL_WITHIN_MS);
    expect(code).toBe(1);
    const refusal = /another npm start is running in this clone \(pid (\d+), (\S+)\).*DATA_DIR/.exec(
      second.output(),
    );
    expect(refusal).not.toBeNull();
    // The pid is the first start's process, and the address where it answers.
    expect(processGroupOf(Number(refusal![1]))).toBe(first.child.pid);
    expect(`${refusal![2]}/api`).toBe(api);
    expect(second.output()).not.toMatch(STACK_LINE);
    expect(second.output()).not.toContain('postmaster.pid');
    // The first one was not disturbed, and still stops cleanly.
    expect((await fetch(`${api}/policies`)).status).toBe(200);
    process.kill(-first.child.pid!, 'SIGINT');
    expect(await waitUntil(() => !groupAlive(first.child.pid!), 10_000)).toBe(true);
    expect(first.output()).toMatch(/"msg":"stopped"/);
    expect(first.output()).not.toMatch(/Called end on pool more than once/);
  });
});
