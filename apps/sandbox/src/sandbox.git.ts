import { CommandRunner, executablePath, isolatedGitEnv } from '@pc/platform';

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

/** Who writes the sandbox's commits. */
export const SANDBOX_GIT_IDENTITY = {
  GIT_AUTHOR_NAME: 'Sandbox Maintainer',
  GIT_AUTHOR_EMAIL: 'maintainer@sandbox.invalid',
  GIT_COMMITTER_NAME: 'Sandbox Maintainer',
  GIT_COMMITTER_EMAIL: 'maintainer@sandbox.invalid',
};

/** A git process that runs longer is killed: the sandbox is protected from hangs. */
const GIT_TIMEOUT_MS = 30_000;

/**
 * The sandbox's git, run from a small process of its own (`CommandRunner`: each git process would
 * otherwise be a fork of the process hosting the sandbox, a test worker or `npm start`). Owned by the
 * repository store and closed with it.
 */
export class GitRunner {
  private readonly runner = new CommandRunner();

  /** Runs git without a shell. Never throws for exit codes. */
  run(args: readonly string[], options: GitOptions = {}): Promise<GitOutput> {
    return this.runner.run({
      program: 'git',
      args,
      cwd: options.cwd,
      env: { PATH: executablePath(), ...isolatedGitEnv(), ...SANDBOX_GIT_IDENTITY, ...options.env },
      input: options.input,
      timeoutMs: GIT_TIMEOUT_MS,
      maxOutputBytes: Number.MAX_SAFE_INTEGER,
    });
  }

  /** Like `run`, but throws with stderr when git fails; returns trimmed stdout. */
  async ok(args: readonly string[], options: GitOptions = {}): Promise<string> {
    const result = await this.run(args, options);
    if (result.code !== 0) throw new Error(`git ${args[0] ?? ''} failed: ${result.stderr.trim()}`);
    return result.stdout.toString('utf8').trim();
  }

  close(): void {
    this.runner.close();
  }
}
