import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { spawnThroughHelper } from './spawner';

/** The process's command line, '' once it is gone (or a zombie). */
const commandLine = (pid: number): string => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
};

const kill = (pid: number) => {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    /* gone */
  }
};

/**
 * The spawner helper (spawner.ts) against real processes: a worker of its own (a child node process) is
 * killed while the helper is in the middle of passing it a build's pipes.
 */
describe('the spawner helper', () => {
  it('ends with its processes when the worker dies before taking the pipes of a process it started', async () => {
    const marker = `${Date.now() % 100000}.${process.pid % 1000}`;
    // The worker asks for a process, then holds its event loop (as a busy worker does) until the helper
    // started it and sent the first of its pipes, which the worker thus never acknowledges; then it dies.
    const worker = spawn(
      process.execPath,
      [
        '-r',
        path.join(__dirname, '../../../../../tools/register.js'),
        '-e',
        `const { readFileSync } = require('node:fs');
        void require(${JSON.stringify(path.join(__dirname, 'spawner'))}).spawnThroughHelper({
          program: 'sleep', args: ['${marker}'], cwd: '/', env: { PATH: '/usr/bin:/bin' }, stdin: true, extraFds: 2,
        });
        const children = (pid) => readFileSync('/proc/' + pid + '/task/' + pid + '/children', 'utf8').trim();
        const cmdline = (pid) => { try { return readFileSync('/proc/' + pid + '/cmdline', 'utf8'); } catch { return ''; } };
        const sleeping = 'sleep' + String.fromCharCode(0) + '${marker}' + String.fromCharCode(0);
        const helper = children(process.pid);
        const started = () => children(helper).split(' ')[0];
        const until = Date.now() + 5000;
        while ((started() === '' || cmdline(started()) !== sleeping) && Date.now() < until) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
        console.log(helper, started(), cmdline(started()) === sleeping ? 'sleeping' : 'not-started');
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
        process.kill(process.pid, 'SIGKILL');`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    worker.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    await new Promise((resolve) => worker.on('exit', resolve));
    const [helperPid, startedPid, seen] = out.trim().split(/\s+/);
    const [helper, started] = [Number(helperPid), Number(startedPid)];
    try {
      // The worker saw its process run (sleep with the marker) before it died: read then, not after its exit,
      // when the helper may already have ended it (the point of this test), on a busy machine sooner
      // than this process hears of the exit.
      expect(seen).toBe('sleeping');
      const running = () => commandLine(helper).includes('const groups') || commandLine(started) !== '';
      for (let i = 0; i < 30 && running(); i++) await new Promise((resolve) => setTimeout(resolve, 100));
      expect({
        helper: commandLine(helper).includes('const groups'),
        started: commandLine(started) !== '',
      }).toEqual({
        helper: false,
        started: false,
      });
    } finally {
      if (commandLine(started) === `sleep\0${marker}\0`) kill(started);
      if (commandLine(helper).includes('const groups')) kill(helper);
    }
  });

  it('passes on the whole output of processes that wrote and exited before the worker took their pipes', async () => {
    const scratch = mkdtempSync(path.join(tmpdir(), 'spawner-spec-'));
    const done = (n: number) => path.join(scratch, `done-${n}`);
    const text = (stream: Readable) =>
      new Promise<string>((resolve) => {
        let read = '';
        stream.on('data', (chunk: Buffer) => (read += chunk.toString())).on('close', () => resolve(read));
      });
    try {
      // Two at once: the second one's pipes wait in the helper until the first one's were acknowledged.
      const starting = [1, 2].map((n) =>
        spawnThroughHelper({
          program: 'sh',
          args: ['-c', `echo out${n}; echo err >&2; echo three >&3; echo four >&4; touch ${done(n)}`],
          cwd: '/',
          env: { PATH: '/usr/bin:/bin' },
          stdin: true,
          extraFds: 2,
        }),
      );
      // The worker's event loop held (a busy worker) until both have written everything and exited.
      const until = Date.now() + 5000;
      while (!(existsSync(done(1)) && existsSync(done(2))) && Date.now() < until)
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
      let timer: NodeJS.Timeout | undefined;
      const children = await Promise.race([
        Promise.all(starting),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('the processes were not started within 3 s')), 3000);
        }),
      ]).finally(() => clearTimeout(timer));
      const ended = children.map(async (child) => {
        child.stdin?.end();
        const output = Promise.all([child.stdout, child.stderr, ...child.extra].map(text));
        return { closed: await child.closed, output: await output };
      });
      expect(await Promise.all(ended)).toEqual(
        [1, 2].map((n) => ({
          closed: { code: 0, signal: null },
          output: [`out${n}\n`, 'err\n', 'three\n', 'four\n'],
        })),
      );
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
