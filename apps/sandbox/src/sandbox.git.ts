import { spawn } from 'node:child_process';
import { executablePath } from '@pc/platform';

export interface GitOutput {
  code: number | null;
  stdout: Buffer;
  stderr: string;
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

/** Runs git without a shell. Never throws for exit codes; a 30 s cap protects the sandbox from hangs. */
export function git(
  args: readonly string[],
  options: { env?: Record<string, string>; input?: Buffer | string; cwd?: string } = {},
): Promise<GitOutput> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, {
      cwd: options.cwd,
      env: { PATH: executablePath(), ...ISOLATED_GIT_ENV, ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout: Buffer.concat(out), stderr: Buffer.concat(err).toString('utf8') });
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input);
  });
}

/** Like `git`, but throws with stderr when git fails; returns trimmed stdout. */
export async function gitOk(
  args: readonly string[],
  options: { env?: Record<string, string>; input?: Buffer | string; cwd?: string } = {},
): Promise<string> {
  const result = await git(args, options);
  if (result.code !== 0) throw new Error(`git ${args[0] ?? ''} failed: ${result.stderr.trim()}`);
  return result.stdout.toString('utf8').trim();
}
