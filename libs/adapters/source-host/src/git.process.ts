import { spawn } from 'node:child_process';
import { executablePath } from '@pc/platform';

export interface GitResult {
  code: number | null;
  stdout: Buffer;
  stderr: string;
  timedOut: boolean;
}

export interface GitRunOptions {
  cwd?: string;
  /** Replaces the environment (PATH is kept). */
  env?: Record<string, string>;
  input?: string | Buffer;
  timeoutMs: number;
  maxOutputBytes?: number;
}

/** Runs the git CLI without a shell, with a hard timeout and bounded output. Never throws for exit codes. */
export function runGit(args: readonly string[], options: GitRunOptions): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, {
      cwd: options.cwd,
      env: { PATH: executablePath(), LANG: 'C', LC_ALL: 'C', ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const max = options.maxOutputBytes ?? 100 * 1024 * 1024;
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let size = 0;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) child.kill('SIGKILL');
      else out.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout: Buffer.concat(out), stderr: Buffer.concat(err).toString('utf8'), timedOut });
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input);
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
