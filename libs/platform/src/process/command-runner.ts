import { type ChildProcess, spawn } from 'node:child_process';

/** One command for a `CommandRunner`: run without a shell, its output read whole. */
export interface Command {
  program: string;
  args: readonly string[];
  cwd?: string;
  /** The whole environment of the command. */
  env: Record<string, string>;
  input?: string | Buffer;
  /** Killed past this (the answer says `timedOut`). */
  timeoutMs: number;
  /** Killed when its standard output grows past this; what it wrote until then is answered. */
  maxOutputBytes: number;
}

export interface CommandResult {
  code: number | null;
  stdout: Buffer;
  stderr: string;
  timedOut: boolean;
}

/**
 * The runner's own program (plain JavaScript, run with `node -e`: nothing to transpile or load). Each
 * message is one command; the answer carries its exit code and output, or why it did not start.
 */
const RUNNER = `
const { spawn } = require('node:child_process');
// A command runs in a process group of its own, killed whole: what it started goes with it.
const running = new Set();
const kill = (child) => { try { process.kill(-child.pid, 'SIGKILL'); } catch { child.kill('SIGKILL'); } };
process.on('message', ({ id, program, args, cwd, env, input, timeoutMs, maxOutputBytes }) => {
  let answered = false;
  let timedOut = false;
  let timer;
  const answer = (result) => {
    if (answered) return;
    answered = true;
    clearTimeout(timer);
    running.delete(child);
    process.send({ id, ...result });
  };
  let child;
  try {
    child = spawn(program, args, { cwd, env, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
  } catch (error) {
    answer({ error: String((error && error.message) || error) });
    return;
  }
  running.add(child);
  timer = setTimeout(() => { timedOut = true; kill(child); }, timeoutMs);
  const out = [];
  const err = [];
  let size = 0;
  child.stdout.on('data', (c) => { size += c.length; if (size > maxOutputBytes) kill(child); else out.push(c); });
  child.stderr.on('data', (c) => err.push(c));
  child.on('error', (e) => answer({ error: String(e.message) }));
  child.on('close', (code) =>
    answer({ code, stdout: Buffer.concat(out), stderr: Buffer.concat(err).toString('utf8'), timedOut }),
  );
  child.stdin.on('error', () => undefined);
  child.stdin.end(input);
});
// Closed, or the process that started the runner ended: what still runs is killed.
process.on('disconnect', () => {
  for (const child of running) kill(child);
  process.exit(0);
});
`;

/** A runner idle this long is stopped; the next command starts another. */
const IDLE_MS = 10_000;

type Answer =
  | { id: number; error: string }
  | { id: number; code: number | null; stdout: Uint8Array; stderr: string; timedOut: boolean };

interface Waiting {
  resolve: (result: CommandResult) => void;
  reject: (error: Error) => void;
}

/** A started runner process and the commands it was given that have not answered yet. */
interface Runner {
  child: ChildProcess;
  waiting: Map<number, Waiting>;
  idle?: ReturnType<typeof setTimeout>;
}

/**
 * Runs short commands (git, mostly) from a small process of its own instead of the calling one.
 * Starting a process forks the process that starts it, synchronously on its event loop, at a cost that
 * grows with its size: measured here, 1 ms of CPU per start from a small process, 25 ms (and 54 ms of
 * the event loop blocked) from one of 1 GB, the size of a test worker or of `npm start` after a while.
 * The runner (`node -e`, a few MB of heap) is started on the first command, stopped after IDLE_MS
 * without one or by `close`, and exits with the process that started it. A runner that died fails the
 * commands it was running; the next command starts another. The deployment worker's builds, which need
 * their pipes streamed and their process groups, start through their own helper (`spawner.ts`).
 */
export class CommandRunner {
  private runner: Runner | undefined;
  private nextId = 1;

  /** Runs the command; rejects only when it cannot be started. */
  run(command: Command): Promise<CommandResult> {
    const runner = (this.runner ??= this.start());
    clearTimeout(runner.idle);
    const id = this.nextId++;
    return new Promise<CommandResult>((resolve, reject) => {
      runner.waiting.set(id, { resolve, reject });
      runner.child.channel?.ref();
      runner.child.send({ id, ...command }, (error) => {
        if (!error) return;
        runner.waiting.delete(id);
        reject(error);
      });
    });
  }

  /** Stops the runner; commands it still runs are killed and fail. */
  close(): void {
    const child = this.runner?.child;
    this.runner = undefined;
    if (child?.connected) child.disconnect();
    else child?.kill();
  }

  /**
   * `close`, resolved once the runner has exited and been reaped: the CPU of the commands it ran is then
   * this process's children's (what /proc and a test file's CPU report count).
   */
  stop(): Promise<void> {
    const child = this.runner?.child;
    const exited =
      !child || child.exitCode !== null || child.signalCode !== null
        ? Promise.resolve()
        : new Promise<void>((resolve) => child.once('exit', () => resolve()));
    this.close();
    return exited;
  }

  private start(): Runner {
    // Nothing of this process's node flags (a preload, a profiler): the runner is its own small program.
    const child = spawn(process.execPath, ['-e', RUNNER], {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      serialization: 'advanced',
      env: {},
    });
    const runner: Runner = { child, waiting: new Map() };
    child.on('message', (answer: Answer) => {
      const waiting = runner.waiting.get(answer.id);
      runner.waiting.delete(answer.id);
      if (runner.waiting.size === 0) this.idle(runner);
      if (!waiting) return;
      if ('error' in answer) waiting.reject(new Error(answer.error));
      else
        waiting.resolve({
          code: answer.code,
          stdout: Buffer.from(answer.stdout.buffer, answer.stdout.byteOffset, answer.stdout.byteLength),
          stderr: answer.stderr,
          timedOut: answer.timedOut,
        });
    });
    const stopped = (error: Error) => {
      clearTimeout(runner.idle);
      if (this.runner === runner) this.runner = undefined;
      for (const waiting of runner.waiting.values()) waiting.reject(error);
      runner.waiting.clear();
    };
    child.on('error', stopped);
    child.on('exit', () => stopped(new Error('the command runner stopped')));
    child.unref();
    return runner;
  }

  /** With nothing running, the runner keeps nothing alive, and stops after IDLE_MS. */
  private idle(runner: Runner): void {
    runner.child.channel?.unref();
    runner.idle = setTimeout(() => {
      if (this.runner === runner && runner.waiting.size === 0) this.close();
    }, IDLE_MS);
    runner.idle.unref();
  }
}
