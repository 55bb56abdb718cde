import { type CommandResult, CommandRunner, executablePath, isolatedGitEnv } from '@pc/platform';

export type GitResult = CommandResult;

export interface GitRunOptions {
  cwd?: string;
  /** All the configuration git reads besides the repository's own (see `isolatedGitEnv`). */
  config?: ReadonlyArray<readonly [string, string]>;
  input?: string | Buffer;
  timeoutMs: number;
  maxOutputBytes?: number;
}

/**
 * Git runs from a small process of its own, not from the service (see `CommandRunner`): a snapshot
 * runs five git commands, and each would fork the whole service on its event loop.
 */
const runner = new CommandRunner();

/**
 * Runs the git CLI without a shell, kept from the machine's git configuration, with a hard timeout and
 * bounded output. Never throws for exit codes.
 */
export function runGit(args: readonly string[], options: GitRunOptions): Promise<GitResult> {
  return runner.run({
    program: 'git',
    args,
    cwd: options.cwd,
    env: { PATH: executablePath(), ...isolatedGitEnv(options.config) },
    input: options.input,
    timeoutMs: options.timeoutMs,
    maxOutputBytes: options.maxOutputBytes ?? 100 * 1024 * 1024,
  });
}
