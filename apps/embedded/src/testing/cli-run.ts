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
 * Starts the CLI's processes and the README's scripts and examples. Not the Jest worker itself: a process
 * start forks the process that starts it, and the worker, with a whole system in it, cost about 45 ms of
 * CPU a fork (2.9 s for the clients file's 63 starts); the runner is a small process of its own. A command started from it is the same
 * process as before: this Node, the same arguments, directory, environment and standard input, its
 * output read whole.
 */
const runner = new CommandRunner();

/** How long a command may run unless its caller says. */
const COMMAND_TIMEOUT_MS = 600_000;

/** A command's run, when it may be killed after its time: `timedOut` says it was (its code is then null). */
export interface CommandRun extends CliRun {
  timedOut: boolean;
}

/** How a command ended, for a message: its exit code, or that it was killed. */
export function exitOf(run: CommandRun): string {
  if (run.timedOut) return 'was killed after its time';
  return run.code === null ? 'was killed' : `exited ${run.code}`;
}

/**
 * `program` with `args` as a process of its own, started by the runner (the gateway under test lives in
 * this process, so never synchronously), with PATH and HOME unless `env` sets them (a variable set to
 * undefined is left out) and `input` on its standard input; killed with what it started after
 * `timeoutMs`, which the answer says. Rejects only when `program` cannot start.
 */
export async function runCommandSettled(
  program: string,
  args: string[],
  options: { cwd: string; env: Record<string, string | undefined>; input?: string; timeoutMs: number },
): Promise<CommandRun> {
  const given = { PATH: process.env.PATH, HOME: process.env.HOME, ...options.env };
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(given)) if (value !== undefined) env[name] = value;
  const result = await runner.run({
    program,
    args,
    cwd: options.cwd,
    env,
    input: options.input ?? '',
    timeoutMs: options.timeoutMs,
    maxOutputBytes: 64 * 1024 * 1024,
  });
  return { ...result, stdout: result.stdout.toString('utf8') };
}

/** `runCommandSettled` with `timeoutMs` 10 minutes unless told, failing the call when the command was killed. */
export async function runCommand(
  program: string,
  args: string[],
  options: { cwd: string; env: Record<string, string>; input?: string; timeoutMs?: number },
): Promise<CliRun> {
  const timeoutMs = options.timeoutMs ?? COMMAND_TIMEOUT_MS;
  const { timedOut, ...run } = await runCommandSettled(program, args, { ...options, timeoutMs });
  if (timedOut) throw new Error(`${program} ${args.join(' ')}: killed after ${timeoutMs} ms\n${run.stderr}`);
  return run;
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
