import { type ChildProcess, spawn } from 'node:child_process';
import { executablePath } from '@pc/platform';

export interface GitOutput {
  code: number | null;
  stdout: Buffer;
  stderr: string;
}

export interface GitOptions {
  env?: Record<string, string>;
  input?: Buffer | string;
  cwd?: string;
}

/** Git configuration that keeps the machine's user and system settings out of the sandbox. */
export const ISOLATED_GIT_ENV: Record<string, string> = {
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_TERMINAL_PROMPT: '0',
  LANG: 'C',
  LC_ALL: 'C',
  GIT_AUTHOR_NAME: 'Sandbox Maintainer',
  GIT_AUTHOR_EMAIL: 'maintainer@sandbox.invalid',
  GIT_COMMITTER_NAME: 'Sandbox Maintainer',
  GIT_COMMITTER_EMAIL: 'maintainer@sandbox.invalid',
};

/** A git process that runs longer is killed: the sandbox is protected from hangs. */
const GIT_TIMEOUT_MS = 30_000;

/**
 * The runner's own program (plain JavaScript, run with `node -e`: nothing to transpile or load): each
 * message is one git command, run without a shell, answered with its exit code and output.
 */
const RUNNER = `
const { spawn } = require('node:child_process');
process.on('message', ({ id, args, cwd, env, input, timeoutMs }) => {
  let answered = false;
  const answer = (result) => {
    if (answered) return;
    answered = true;
    clearTimeout(timer);
    process.send({ id, ...result });
  };
  const child = spawn('git', args, { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const out = [];
  const err = [];
  child.stdout.on('data', (c) => out.push(c));
  child.stderr.on('data', (c) => err.push(c));
  child.on('error', (e) => answer({ error: String(e.message) }));
  child.on('close', (code) =>
    answer({ code, stdout: Buffer.concat(out), stderr: Buffer.concat(err).toString('utf8') }),
  );
  child.stdin.on('error', () => undefined);
  child.stdin.end(input);
});
process.on('disconnect', () => process.exit(0));
`;

interface Waiting {
  resolve: (output: GitOutput) => void;
  reject: (error: Error) => void;
}

type RunnerAnswer =
  { id: number; error: string } | { id: number; code: number | null; stdout: Uint8Array; stderr: string };

/**
 * Runs the sandbox's git commands from a small process of its own. Starting a process forks the one that
 * starts it, at a cost that grows with its size: 1 ms of CPU from a small process, 25 ms (and 54 ms with
 * its event loop blocked) from one of 1 GB, the size of `npm start` after a while or of a test worker.
 * The runner is started on the first command and stopped with the store; a runner that died is started
 * again by the next command (the commands it was running fail).
 */
export class GitRunner {
  private runner: Runner | undefined;
  private nextId = 1;

  /** Runs git without a shell. Never throws for exit codes. */
  run(args: readonly string[], options: GitOptions = {}): Promise<GitOutput> {
    const { child, waiting } = (this.runner ??= this.start());
    const id = this.nextId++;
    return new Promise<GitOutput>((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      child.channel?.ref();
      child.send({
        id,
        args,
        cwd: options.cwd,
        env: { PATH: executablePath(), ...ISOLATED_GIT_ENV, ...options.env },
        input: options.input,
        timeoutMs: GIT_TIMEOUT_MS,
      });
    });
  }

  /** Like `run`, but throws with stderr when git fails; returns trimmed stdout. */
  async ok(args: readonly string[], options: GitOptions = {}): Promise<string> {
    const result = await this.run(args, options);
    if (result.code !== 0) throw new Error(`git ${args[0] ?? ''} failed: ${result.stderr.trim()}`);
    return result.stdout.toString('utf8').trim();
  }

  close(): void {
    this.runner?.child.kill();
    this.runner = undefined;
  }

  private start(): Runner {
    const child = spawn(process.execPath, ['-e', RUNNER], {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      serialization: 'advanced',
    });
    const runner: Runner = { child, waiting: new Map() };
    child.on('message', (answer: RunnerAnswer) => {
      const waiting = runner.waiting.get(answer.id);
      runner.waiting.delete(answer.id);
      // Idle, the runner keeps nothing alive: the process hosting the sandbox exits as it would without.
      if (runner.waiting.size === 0) child.channel?.unref();
      if (!waiting) return;
      if ('error' in answer) waiting.reject(new Error(`git failed to start: ${answer.error}`));
      else
        waiting.resolve({
          code: answer.code,
          stdout: Buffer.from(answer.stdout.buffer, answer.stdout.byteOffset, answer.stdout.byteLength),
          stderr: answer.stderr,
        });
    });
    const stopped = (error: Error) => {
      if (this.runner === runner) this.runner = undefined;
      for (const waiting of runner.waiting.values()) waiting.reject(error);
      runner.waiting.clear();
    };
    child.on('error', stopped);
    child.on('exit', () => stopped(new Error('the git runner stopped')));
    child.unref();
    return runner;
  }
}

/** A started runner and the commands it was given that have not answered yet. */
interface Runner {
  child: ChildProcess;
  waiting: Map<number, Waiting>;
}
