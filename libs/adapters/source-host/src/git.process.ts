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

/** Environment that keeps the user's and the system's git configuration (and prompts) out. */
export function isolatedGitEnv(
  config: ReadonlyArray<readonly [string, string]> = [],
): Record<string, string> {
  const env: Record<string, string> = {
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_TERMINAL_PROMPT: '0',
    GIT_ASKPASS: 'false',
    SSH_ASKPASS: 'false',
    HOME: '/nonexistent',
    GIT_CONFIG_COUNT: String(config.length),
  };
  config.forEach(([key, value], i) => {
    env[`GIT_CONFIG_KEY_${i}`] = key;
    env[`GIT_CONFIG_VALUE_${i}`] = value;
  });
  return env;
}
