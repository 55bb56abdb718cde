import path from 'node:path';
import { CommandRunner } from '@pc/platform';

/** What `npx policy-catalog` starts in a clone: the TypeScript sources through SWC. */
export const SOURCE_CLI = path.resolve(__dirname, '..', '..', '..', 'cli', 'bin', 'policy-catalog.js');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Starts the CLI's processes. Not the Jest worker itself: a process start forks the process that starts
 * it, and the worker, with a whole system in it, cost about 45 ms of CPU a fork (2.9 s for the clients
 * file's 63 starts); the runner is a small process of its own. A command started from it is the same
 * process as before: this Node, the same arguments, directory, environment and standard input, its
 * output read whole.
 */
const runner = new CommandRunner();

/**
 * `program` with `args` as a process of its own, started by the runner (the gateway under test lives in
 * this process, so never synchronously), with PATH, HOME and `env` only, and `input` on its standard input;
 * killed after `timeoutMs` (10 minutes unless told), which fails the call.
 */
export async function runCommand(
  program: string,
  args: string[],
  options: { cwd: string; env: Record<string, string>; input?: string; timeoutMs?: number },
): Promise<CliRun> {
  const env: Record<string, string> = {};
  for (const name of ['PATH', 'HOME'] as const)
    if (process.env[name] !== undefined) env[name] = process.env[name];
  const result = await runner.run({
    program,
    args,
    cwd: options.cwd,
    env: { ...env, ...options.env },
    input: options.input ?? '',
    timeoutMs: options.timeoutMs ?? 600_000,
    maxOutputBytes: 64 * 1024 * 1024,
  });
  if (result.timedOut)
    throw new Error(
      `${program} ${args.join(' ')}: killed after ${options.timeoutMs ?? 600_000} ms\n${result.stderr}`,
    );
  return { code: result.code, stdout: result.stdout.toString('utf8'), stderr: result.stderr };
}

/** The command line at `entry` run by this Node (see `runCommand`). */
export function runCli(
  entry: string,
  args: string[],
  options: { cwd: string; env: Record<string, string>; input?: string },
): Promise<CliRun> {
  return runCommand(process.execPath, [entry, ...args], options);
}

/**
 * Stops the runner and waits for its exit, so that the CPU of the commands it ran is this process's
 * children's when a file's CPU report reads it (call it in the file's afterAll).
 */
export function stopCliRunner(): Promise<void> {
  return runner.stop();
}
