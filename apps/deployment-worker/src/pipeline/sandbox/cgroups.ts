import { constants } from 'node:fs';
import { access, mkdir, readFile, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BuildLimits, MemoryEnforcement } from './sandbox.settings';

const MIB = 1024 * 1024;
/** The controllers a build's cgroup needs. */
const CONTROLLERS = ['memory', 'pids'] as const;

/** `DEPLOY_BUILD_CGROUP`: `auto`, `off`, or an absolute path to a delegated cgroup v2 directory. */
export const BUILD_CGROUP_PATTERN = /^(auto|off|\/[^\0]*)$/;

export interface CgroupHost {
  /** Where `/proc` is (tests give a directory of their own). */
  proc: string;
  /** This process's pid (written into the worker's leaf cgroup). */
  pid: number;
}

const REAL_HOST: CgroupHost = { proc: '/proc', pid: process.pid };

/**
 * Finds and prepares the builds' cgroups:
 * - `off`: sampling;
 * - an absolute path: that directory is the parent of the builds' cgroups (a subtree delegated to the
 *   worker, e.g. by systemd's `Delegate=yes`); it must be writable with the memory and pids controllers
 *   enabled for its children, else the worker does not start;
 * - `auto` (default): the worker's own cgroup, when it is a cgroup v2 the worker may write with the memory
 *   and pids controllers available (a container with a delegated, writable cgroupfs): the worker moves
 *   itself into a leaf `worker` (cgroup v2 keeps processes out of a cgroup whose children have
 *   controllers), enables the controllers and makes `builds`; anything missing means sampling, with why.
 */
export async function setUpBuildCgroups(
  setting: string,
  host: CgroupHost = REAL_HOST,
): Promise<MemoryEnforcement> {
  if (setting === 'off') return { kind: 'sampling', reason: 'DEPLOY_BUILD_CGROUP=off' };
  if (setting !== 'auto') {
    const problem = await unusable(setting, { enable: true });
    if (problem) throw new Error(`DEPLOY_BUILD_CGROUP=${setting}: ${problem}`);
    return { kind: 'cgroup', root: setting };
  }
  const own = await ownCgroup(host);
  if (typeof own !== 'string') return { kind: 'sampling', reason: own.reason };
  const available = await controllersOf(own);
  const missing = CONTROLLERS.filter((c) => !available.includes(c));
  if (missing.length > 0)
    return {
      kind: 'sampling',
      reason: `the ${missing.join(' and ')} controller${missing.length > 1 ? 's are' : ' is'} not available in the worker's cgroup v2 (${own})`,
    };
  if (!(await writable(own, 'cgroup.subtree_control')))
    return { kind: 'sampling', reason: `the worker's cgroup (${own}) is not delegated to it (read-only)` };
  try {
    const leaf = path.join(own, 'worker');
    await mkdir(leaf, { recursive: true });
    await writeFile(path.join(leaf, 'cgroup.procs'), String(host.pid));
    await enable(own);
    const root = path.join(own, 'builds');
    await mkdir(root, { recursive: true });
    await enable(root);
    return { kind: 'cgroup', root };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return {
      kind: 'sampling',
      reason:
        code === 'EBUSY'
          ? `other processes share the worker's cgroup (${own}): give the worker a cgroup of its own`
          : `the worker's cgroup (${own}) could not be prepared: ${(error as Error).message}`,
    };
  }
}

/** The worker's cgroup v2 directory, from /proc/self/mountinfo and /proc/self/cgroup. */
async function ownCgroup(host: CgroupHost): Promise<string | { reason: string }> {
  const mountinfo = await readFile(path.join(host.proc, 'self', 'mountinfo'), 'utf8').catch(() => '');
  // `id parent major:minor root mountpoint options ... - fstype source superoptions`
  const mount = mountinfo
    .split('\n')
    .map((line) => line.split(' '))
    .find((fields) => fields[fields.indexOf('-') + 1] === 'cgroup2');
  if (!mount) return { reason: 'no cgroup v2 hierarchy is mounted' };
  const [mountRoot, mountPoint] = [unescape(mount[3]), unescape(mount[4])];
  const membership = await readFile(path.join(host.proc, 'self', 'cgroup'), 'utf8').catch(() => '');
  const line = membership.split('\n').find((l) => l.startsWith('0::'));
  if (!line) return { reason: 'the worker is in no cgroup v2' };
  const own = line.slice(3).trim();
  const relative = path.posix.relative(mountRoot, own);
  if (relative.startsWith('..'))
    return { reason: `the worker's cgroup (${own}) is outside the mounted hierarchy (${mountRoot})` };
  return path.join(mountPoint, relative);
}

/** Octal escapes of mountinfo (`\040` for a space). */
function unescape(field: string): string {
  return field.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8)));
}

async function controllersOf(dir: string): Promise<string[]> {
  const text = await readFile(path.join(dir, 'cgroup.controllers'), 'utf8').catch(() => '');
  return text.split(/\s+/).filter(Boolean);
}

async function writable(dir: string, file: string): Promise<boolean> {
  return access(path.join(dir, file), constants.W_OK).then(
    () => true,
    () => false,
  );
}

/** Lets the children of `dir` have their own memory and pids limits. */
async function enable(dir: string): Promise<void> {
  await writeFile(path.join(dir, 'cgroup.subtree_control'), CONTROLLERS.map((c) => `+${c}`).join(' '));
}

/** Why an operator's cgroup cannot hold builds, or null when it can. */
async function unusable(dir: string, options: { enable: boolean }): Promise<string | null> {
  const available = await controllersOf(dir);
  if (available.length === 0) return 'not a cgroup v2 directory';
  const missing = CONTROLLERS.filter((c) => !available.includes(c));
  if (missing.length > 0) return `the ${missing.join(' and ')} controller is not available there`;
  if (!(await writable(dir, 'cgroup.subtree_control'))) return 'not writable by the worker';
  if (options.enable) {
    try {
      await enable(dir);
    } catch (error) {
      return `its controllers cannot be enabled for builds (${(error as Error).message})`;
    }
  }
  return null;
}

/** What the kernel counted for one build. */
export interface CgroupOutcome {
  /** Processes the kernel killed because the build reached `memory.max`. */
  oomKills: number;
  /** Forks refused because the build reached `pids.max`. */
  forksRefused: number;
  /** The most memory the build held (bytes), when the kernel reports it (`memory.peak`). */
  peakBytes: number | null;
}

/** One build's cgroup: made with its limits before the build starts, removed after. */
export class BuildCgroup {
  private constructor(readonly dir: string) {}

  /** `<root>/<name>`, with `memory.max`, no swap, `pids.max`, and the whole build killed on OOM. */
  static async create(root: string, name: string, limits: BuildLimits): Promise<BuildCgroup> {
    const dir = path.join(root, name);
    await mkdir(dir);
    const cgroup = new BuildCgroup(dir);
    try {
      await cgroup.write('memory.max', String(limits.memoryMb * MIB));
      await cgroup.write('pids.max', String(limits.processes));
      // Present on kernels with swap accounting and 4.19+: written where they are.
      await cgroup.write('memory.swap.max', '0', { optional: true });
      await cgroup.write('memory.oom.group', '1', { optional: true });
    } catch (error) {
      await cgroup.remove();
      throw error;
    }
    return cgroup;
  }

  /** The file a process writes its pid to, to enter this cgroup (with its future children). */
  get procs(): string {
    return path.join(this.dir, 'cgroup.procs');
  }

  async outcome(): Promise<CgroupOutcome> {
    const events = async (file: string) => {
      const text = await readFile(path.join(this.dir, file), 'utf8').catch(() => '');
      return new Map(
        text
          .split('\n')
          .map((l) => l.trim().split(/\s+/))
          .filter((f) => f.length === 2)
          .map(([k, v]) => [k, Number(v)] as const),
      );
    };
    const memory = await events('memory.events');
    const pids = await events('pids.events');
    const peak = await readFile(path.join(this.dir, 'memory.peak'), 'utf8').catch(() => null);
    return {
      oomKills: memory.get('oom_kill') ?? 0,
      forksRefused: pids.get('max') ?? 0,
      peakBytes: peak === null ? null : Number(peak.trim()) || null,
    };
  }

  /** Kills every process left in it (`cgroup.kill`, or one by one on kernels before 5.14). */
  async kill(): Promise<void> {
    if (await this.write('cgroup.kill', '1', { optional: true })) return;
    const pids = await readFile(this.procs, 'utf8').catch(() => '');
    for (const pid of pids.split('\n').filter(Boolean)) {
      try {
        process.kill(Number(pid), 'SIGKILL');
      } catch {
        /* gone */
      }
    }
  }

  /** Kills what is left and removes the cgroup (once its last process is gone). */
  async remove(): Promise<void> {
    await this.kill();
    for (let attempt = 0; attempt < 50; attempt++) {
      try {
        await rmdir(this.dir);
        return;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') return;
        // A plain directory with files (tests) is not a cgroup: nothing to wait for.
        if (code === 'ENOTEMPTY' && !(await isCgroup(this.dir))) return;
        await sleep(20);
      }
    }
  }

  /** Writes one interface file; with `optional`, false when the kernel has no such file. */
  private async write(file: string, value: string, options: { optional?: boolean } = {}): Promise<boolean> {
    const target = path.join(this.dir, file);
    if (options.optional && !(await exists(target))) return false;
    await writeFile(target, value);
    return true;
  }
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

async function isCgroup(dir: string): Promise<boolean> {
  return exists(path.join(dir, 'cgroup.controllers'));
}

/**
 * The program and arguments that run `program args` inside `cgroup`: a shell writes its own pid to the
 * cgroup (as the worker's user, who owns the subtree), then becomes the program, dropping to the build's
 * host user first when there is one (`setpriv`, util-linux, beside `prlimit`). Nothing of the build runs
 * before it is in the cgroup.
 */
export function inCgroup(
  cgroup: BuildCgroup,
  program: string,
  args: string[],
  user: { uid: number; gid: number } | undefined,
): { program: string; args: string[] } {
  const drop = user
    ? ['/usr/bin/setpriv', `--reuid=${user.uid}`, `--regid=${user.gid}`, '--clear-groups', '--']
    : [];
  return {
    program: '/bin/sh',
    args: ['-c', 'echo $$ > "$0" && exec "$@"', cgroup.procs, ...drop, program, ...args],
  };
}
