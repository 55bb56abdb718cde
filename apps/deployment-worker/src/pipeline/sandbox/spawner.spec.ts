import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

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
        const helper = children(process.pid);
        const until = Date.now() + 5000;
        while (children(helper) === '' && Date.now() < until) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
        console.log(helper, children(helper));
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
        process.kill(process.pid, 'SIGKILL');`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    worker.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    await new Promise((resolve) => worker.on('exit', resolve));
    const [helper, started] = out.trim().split(/\s+/).map(Number);
    try {
      expect(commandLine(started)).toBe(`sleep\0${marker}\0`);
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
});
