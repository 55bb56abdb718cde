import { type CommandResult, CommandRunner, executablePath } from '@pc/platform';

export type GitResult = CommandResult;

export interface GitRunOptions {
  cwd?: string;
  /** Replaces the environment (PATH is kept). */
  env?: Record<string, string>;
  input?: string | Buffer;
  timeoutMs: number;
  maxOutputBytes?: number;
}

/**
 * Git runs from a small process of its own, not from the service (see `CommandRunner`): a snapshot
 * runs five git commands, and each would fork the whole service on its event loop.
 */
const runner = new CommandRunner();

/** Runs the git CLI without a shell, with a hard timeout and bounded output. Never throws for exit codes. */
export function runGit(args: readonly string[], options: GitRunOptions): Promise<GitResult> {
  return runner.run({
    program: 'git',
    args,
    cwd: options.cwd,
    env: { PATH: executablePath(), LANG: 'C', LC_ALL: 'C', ...options.env },
    input: options.input,
    timeoutMs: options.timeoutMs,
    maxOutputBytes: options.maxOutputBytes ?? 100 * 1024 * 1024,
  });
}
