import { spawn } from 'node:child_process';
import { mkdtemp, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { DEPLOYMENT_LIMITS } from '@pc/contracts';
import { tarArchive } from './archive';
import { startBuildProxy, type BuildAllowEntry } from './build-proxy';

/**
 * The network a configured build command gets: `isolated` (the default) runs it in a network namespace of
 * its own (an unprivileged user namespace, `unshare --user --map-root-user --net`: loopback only, nothing
 * outside), and refuses to run it where such a namespace cannot be made; `host` runs it on the worker's
 * network, an explicit choice of whoever operates the workers. The isolated build also gets a PID
 * namespace (`--pid --fork --kill-child`): when its first process is killed (time limit, cancel) the kernel
 * ends every process in it, including those a repository's script detached with `setsid` or `nohup &`.
 */
export const BUILD_NETWORKS = ['isolated', 'host'] as const;
export type BuildNetwork = (typeof BUILD_NETWORKS)[number];

/** The command that puts the build into a namespace without network (no root needed where allowed). */
export const ISOLATE_COMMAND = [
  'unshare',
  '--user',
  '--map-root-user',
  '--net',
  '--pid',
  '--fork',
  '--kill-child',
  '--',
];

export interface BuildOptions {
  /** A shell command run in the sources' directory; unset: the built-in packaging only. */
  command?: string;
  /** Default `isolated`. */
  network?: BuildNetwork;
  /**
   * Hosts an `isolated` build may reach through a proxy of its own (`DEPLOY_BUILD_ALLOWLIST`, see
   * build-proxy.ts); empty: no network at all. Not used with `host`.
   */
  allowlist?: readonly BuildAllowEntry[];
  /** For tests: the isolating wrapper (default `ISOLATE_COMMAND`). */
  isolateWith?: string[];
  timeoutMs: number;
  /** The PATH the command gets (nothing else of the worker's environment). */
  path: string;
  /** Polled while the command runs: true stops the build (cancel). */
  cancelled: () => Promise<boolean>;
  /** Called with each output line of the command. */
  output: (line: string) => Promise<void>;
  /** Called every few seconds while the command runs (the queue's progress ack). */
  progress: () => void;
}

export class BuildError extends Error {}
export class BuildCancelled extends Error {}

/**
 * Builds in a temporary directory removed afterwards: writes the sources, runs the configured command
 * (with a time limit, killed on cancel, its environment reduced to PATH and a HOME inside the directory,
 * no proxy or credentials, and no network unless `network: host`), then packs the directory into a
 * checksummed archive.
 */
export async function build(
  files: Map<string, Buffer>,
  options: BuildOptions,
): Promise<{ archive: Buffer; sha256: string; files: number }> {
  if (!options.command) {
    const { archive, sha256 } = tarArchive(files);
    return { archive, sha256, files: files.size };
  }
  const wrapper =
    (options.network ?? 'isolated') === 'isolated' ? (options.isolateWith ?? ISOLATE_COMMAND) : [];
  if (wrapper.length > 0) await ensureIsolation(wrapper);
  const dir = await mkdtemp(path.join(tmpdir(), 'pc-build-'));
  try {
    for (const [name, content] of files) {
      const target = path.join(dir, name);
      if (!target.startsWith(dir + path.sep)) throw new BuildError(`Refused path ${name}`);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, content);
    }
    const allowlist = wrapper.length > 0 ? (options.allowlist ?? []) : [];
    const proxy =
      allowlist.length > 0 ? await startBuildProxy(dir, { allowlist, log: options.output }) : undefined;
    try {
      await run(options.command, dir, options, proxy ? [...wrapper, ...proxy.wrapper] : wrapper);
    } finally {
      await proxy?.close();
    }
    const built = new Map<string, Buffer>();
    await collect(dir, dir, built, { bytes: 0 });
    const { archive, sha256 } = tarArchive(built);
    return { archive, sha256, files: built.size };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Whether the wrapper can make a namespace here, asked once per wrapper (the answer does not change). */
const isolation = new Map<string, Promise<string | null>>();

async function ensureIsolation(wrapper: string[]): Promise<void> {
  const key = wrapper.join(' ');
  let probe = isolation.get(key);
  if (!probe) {
    probe = new Promise<string | null>((resolve) => {
      const child = spawn(wrapper[0], [...wrapper.slice(1), 'true'], {
        env: { PATH: '/usr/local/bin:/usr/bin:/bin' },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      child.on('error', (error) => resolve(error.message));
      child.on('close', (code) => resolve(code === 0 ? null : stderr.trim() || `exit code ${String(code)}`));
    });
    isolation.set(key, probe);
  }
  const failure = await probe;
  if (failure !== null)
    throw new BuildError(
      `The build command cannot be cut off from the network on this host (${wrapper[0]}: ${failure}), so it ` +
        'was not run. Run the workers where unprivileged user namespaces are allowed, or let builds use the ' +
        "worker's network explicitly with DEPLOY_BUILD_NETWORK=host.",
    );
}

async function run(command: string, cwd: string, options: BuildOptions, wrapper: string[]): Promise<void> {
  const [program, ...args] = [...wrapper, 'sh', '-c', command];
  const child = spawn(program, args, {
    cwd,
    env: { PATH: options.path, HOME: cwd, LANG: 'C.UTF-8' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  // The whole process group (and, isolated, the whole PID namespace). A process that left the group
  // (setsid) may still hold the output pipes: they are closed on our side so that the time limit holds.
  const kill = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
    child.stdout.destroy();
    child.stderr.destroy();
  };
  let pending = Promise.resolve();
  // A repository's script chooses how much it prints: the log keeps the first lines only.
  const maxLines = DEPLOYMENT_LIMITS.buildOutputLinesMax;
  let lines = 0;
  const emit = (line: string) => {
    if (line.trim() === '') return;
    lines++;
    if (lines <= maxLines) pending = pending.then(() => options.output(line));
    else if (lines === maxLines + 1)
      pending = pending.then(() =>
        options.output(`[further output not shown: the log keeps the first ${maxLines} lines of a build]`),
      );
  };
  const stdout = outputLines(emit);
  const stderr = outputLines(emit);
  child.stdout.on('data', stdout.write).on('close', stdout.end);
  child.stderr.on('data', stderr.write).on('close', stderr.end);
  let reason: 'timeout' | 'cancelled' | null = null;
  const deadline = setTimeout(() => {
    reason = 'timeout';
    kill();
  }, options.timeoutMs);
  const poll = setInterval(() => {
    options.progress();
    void options.cancelled().then((yes) => {
      if (yes && reason === null) {
        reason = 'cancelled';
        kill();
      }
    });
  }, 1000);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearTimeout(deadline);
  clearInterval(poll);
  await pending;
  if (reason === 'cancelled') throw new BuildCancelled('The build was cancelled');
  if (reason === 'timeout')
    throw new BuildError(`The build took longer than ${options.timeoutMs} ms and was stopped`);
  if (code !== 0) throw new BuildError(`The build command failed (exit code ${String(code)})`);
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

/** The regular files under `dir` (no links), sized before they are read: more than the limit fails. */
async function collect(
  root: string,
  dir: string,
  into: Map<string, Buffer>,
  total: { bytes: number },
): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await collect(root, full, into, total);
    else if (entry.isFile()) {
      total.bytes += (await stat(full)).size;
      if (total.bytes > DEPLOYMENT_LIMITS.buildBytesMax)
        throw new BuildError(`The build's files exceed ${DEPLOYMENT_LIMITS.buildBytesMax} bytes`);
      into.set(path.relative(root, full).split(path.sep).join('/'), await readFile(full));
    }
  }
}
