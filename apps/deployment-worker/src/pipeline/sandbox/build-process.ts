import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { DEPLOYMENT_LIMITS } from '@pc/contracts';
import { type ProcessLaunch, spawnThroughHelper } from './spawner';

export class BuildError extends Error {}
export class BuildCancelled extends Error {}

/** What every way of running a build shares: the time limit, the cancel, the progress and the log. */
export interface BuildWatch {
  timeoutMs: number;
  /** Polled while the command runs: true stops the build (cancel). */
  cancelled: () => Promise<boolean>;
  /** Called with each output line of the command. */
  output: (line: string) => Promise<void>;
  /** Called every few seconds while the command runs (the queue's progress ack). */
  progress: () => void;
}

export interface ProcessSpec extends ProcessLaunch {
  /** Written to the process's stdin, which is then closed; unset: no stdin. */
  stdin?: Buffer;
  /** Extra pipes the process gets as fds 3, 4, ...: read by the caller through `fds`. */
  extraFds?: number;
  /** Called with the extra pipes as soon as the process started. */
  fds?: (pipes: Readable[]) => void;
}

/**
 * Runs one build process: its stdout and stderr become log lines (the first `buildOutputLinesMax`, then
 * one line saying the rest is not shown), it is killed with its whole process group at the time limit or
 * on cancel, and the exit code (or signal) is returned once the output is logged. Throws `BuildCancelled`
 * on cancel and `BuildError` at the time limit.
 */
export async function runBuildProcess(
  spec: ProcessSpec,
  watch: BuildWatch,
): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  let reason: 'timeout' | 'cancelled' | null = null;
  // Set once the process started (a time limit or a cancel before then kills it as soon as it is).
  const started: { kill?: () => void } = {};
  const stop = (why: 'timeout' | 'cancelled') => {
    reason = why;
    started.kill?.();
  };
  // The time limit and the cancel hold from the request on, the process's start included.
  const deadline = setTimeout(() => stop('timeout'), watch.timeoutMs);
  const poll = setInterval(() => {
    watch.progress();
    void watch.cancelled().then((yes) => {
      if (yes && reason === null) stop('cancelled');
    });
  }, 1000);
  // Started by the spawner helper, off the worker's event loop (see spawner.ts).
  const child = await spawnThroughHelper({
    program: spec.program,
    args: spec.args,
    cwd: spec.cwd,
    env: spec.env,
    uid: spec.uid,
    gid: spec.gid,
    stdin: spec.stdin !== undefined,
    extraFds: spec.extraFds ?? 0,
  });
  const { stdout, stderr, extra: pipes } = child;
  spec.fds?.(pipes);
  if (spec.stdin && child.stdin) {
    const stdin = child.stdin;
    stdin.on('error', () => undefined);
    stdin.end(spec.stdin);
  }
  // The whole process group (and, sandboxed, the whole PID namespace). A process that left the group
  // (setsid) may still hold the output pipes: they are closed on our side so that the time limit holds.
  const kill = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
    stdout.destroy();
    stderr.destroy();
    for (const pipe of pipes) pipe.destroy();
  };
  started.kill = kill;
  const log = buildLog(watch);
  log.follow(stdout);
  log.follow(stderr);
  // Stopped while it was being started: killed now.
  if (reason !== null) kill();
  const closed = await child.closed;
  const [code, signal] = 'error' in closed ? [127, null] : [closed.code, closed.signal];
  clearTimeout(deadline);
  clearInterval(poll);
  await log.flushed();
  if (reason === 'cancelled') throw new BuildCancelled('The build was cancelled');
  if (reason === 'timeout')
    throw new BuildError(`The build took longer than ${watch.timeoutMs} ms and was stopped`);
  return { code, signal };
}

/**
 * The build's output as log lines: the first `buildOutputLinesMax` of all the streams it follows, then
 * one line saying the rest is not shown; `flushed` resolves once every kept line is written.
 */
export function buildLog(watch: Pick<BuildWatch, 'output'>): {
  follow(stream: Readable): void;
  flushed(): Promise<void>;
} {
  let pending = Promise.resolve();
  // A repository's script chooses how much it prints: the log keeps the first lines only.
  const maxLines = DEPLOYMENT_LIMITS.buildOutputLinesMax;
  let lines = 0;
  const emit = (line: string) => {
    if (line.trim() === '') return;
    lines++;
    if (lines <= maxLines) pending = pending.then(() => watch.output(line));
    else if (lines === maxLines + 1)
      pending = pending.then(() =>
        watch.output(`[further output not shown: the log keeps the first ${maxLines} lines of a build]`),
      );
  };
  return {
    follow: (stream) => {
      const split = outputLines(emit);
      stream.on('data', split.write).on('close', split.end);
    },
    flushed: () => pending,
  };
}

/**
 * Lines of one output stream as the command wrote them: a line that arrives in two reads (or a
 * character split between them) is one line, and a line without end is cut at the log chunk's size.
 */
function outputLines(emit: (line: string) => void): { write: (chunk: Buffer) => void; end: () => void } {
  const decoder = new StringDecoder('utf8');
  const max = DEPLOYMENT_LIMITS.logChunkMax;
  let partial = '';
  return {
    write: (chunk) => {
      const parts = (partial + decoder.write(chunk)).split('\n');
      partial = parts.pop() ?? '';
      parts.forEach(emit);
      while (partial.length > max) {
        emit(partial.slice(0, max));
        partial = partial.slice(max);
      }
    },
    end: () => {
      emit(partial + decoder.end());
      partial = '';
    },
  };
}
