import { spawn } from 'node:child_process';

/**
 * Asks the host whether it can make what a build needs (a namespace, a sandbox) by running a command
 * that does nothing else: null when it exits 0, else why not (its stderr, or its exit code).
 */
export function probeHost(
  command: string,
  args: string[],
  options: { cwd?: string; uid?: number; gid?: number } = {},
): Promise<string | null> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      ...options,
      env: { PATH: '/usr/local/bin:/usr/bin:/bin' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', (error) => resolve(error.message));
    child.on('close', (code) => resolve(code === 0 ? null : stderr.trim() || `exit code ${String(code)}`));
  });
}
