import { spawn } from 'node:child_process';
import path from 'node:path';

/** What `npx policy-catalog` starts in a clone: the TypeScript sources through SWC. */
export const SOURCE_CLI = path.resolve(__dirname, '..', '..', '..', 'cli', 'bin', 'policy-catalog.js');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The command line at `entry` run by this Node as a process of its own (the gateway under test lives in
 * this one, so never synchronously), with PATH, HOME and `env` only, and `input` on its standard input.
 */
export function runCli(
  entry: string,
  args: string[],
  options: { cwd: string; env: Record<string, string>; input?: string },
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [entry, ...args], {
      cwd: options.cwd,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}
