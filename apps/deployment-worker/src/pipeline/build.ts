import { spawn } from 'node:child_process';
import { mkdtemp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { tarArchive } from './archive';

export interface BuildOptions {
  /** A shell command run in the sources' directory; unset: the built-in packaging only. */
  command?: string;
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
 * no proxy or credentials), then packs the directory into a checksummed archive.
 */
export async function build(
  files: Map<string, Buffer>,
  options: BuildOptions,
): Promise<{ archive: Buffer; sha256: string; files: number }> {
  if (!options.command) {
    const { archive, sha256 } = tarArchive(files);
    return { archive, sha256, files: files.size };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'pc-build-'));
  try {
    for (const [name, content] of files) {
      const target = path.join(dir, name);
      if (!target.startsWith(dir + path.sep)) throw new BuildError(`Refused path ${name}`);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, content);
    }
    await run(options.command, dir, options);
    const built = new Map<string, Buffer>();
    await collect(dir, dir, built);
    const { archive, sha256 } = tarArchive(built);
    return { archive, sha256, files: built.size };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function run(command: string, cwd: string, options: BuildOptions): Promise<void> {
  const child = spawn('sh', ['-c', command], {
    cwd,
    env: { PATH: options.path, HOME: cwd, LANG: 'C.UTF-8' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const kill = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  };
  let pending = Promise.resolve();
  const forward = (chunk: Buffer) => {
    for (const line of chunk
      .toString('utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')) {
      pending = pending.then(() => options.output(line));
    }
  };
  child.stdout.on('data', forward);
  child.stderr.on('data', forward);
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

async function collect(root: string, dir: string, into: Map<string, Buffer>): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await collect(root, full, into);
    else if (entry.isFile())
      into.set(path.relative(root, full).split(path.sep).join('/'), await readFile(full));
  }
}
