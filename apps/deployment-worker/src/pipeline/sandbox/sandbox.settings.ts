/**
 * Where a configured build command runs (`DEPLOY_BUILD_SANDBOX`):
 * - `bubblewrap` (default): on the worker's host, inside bubblewrap (`bwrap`): a filesystem view of its
 *   own (the sources on a size-limited tmpfs, a private `/tmp`, the read-only toolchain paths and nothing
 *   else), its own PID, IPC, UTS, user and (unless `DEPLOY_BUILD_NETWORK=host`) network namespaces, an
 *   unprivileged uid (a per-build one from `DEPLOY_BUILD_UIDS` when the worker is root), no new
 *   privileges, a clean environment and limits. Where bubblewrap cannot run, the job fails with the reason.
 * - `kubernetes`: each build is a Job of its own in the cluster (see kubernetes/).
 * - `unsafe-none`: no filesystem isolation at all (only the network rules, through `unshare`): the build
 *   reads what the worker's user reads. For trusted repositories only; an operator's explicit choice.
 */
export const BUILD_SANDBOXES = ['bubblewrap', 'kubernetes', 'unsafe-none'] as const;
export type BuildSandboxMode = (typeof BUILD_SANDBOXES)[number];

/**
 * How a build's memory and tasks are held to their limits (`DEPLOY_BUILD_CGROUP`), decided once when
 * the worker starts and logged:
 * - `cgroup`: each build in a cgroup v2 of its own under `root` (`memory.max`, no swap, `pids.max`, the
 *   whole build killed when it runs out of memory): the kernel enforces the totals exactly, and its
 *   event counters name the limit that was hit;
 * - `sampling`: where no cgroup v2 subtree is delegated to the worker (`reason` says why), the sandbox's
 *   supervisor samples the build's resident memory and tasks every 25 ms, beside the per-process limits.
 */
export type MemoryEnforcement = { kind: 'cgroup'; root: string } | { kind: 'sampling'; reason: string };

/** The limits of one build (`DEPLOY_BUILD_*`); each one hit fails the job with its name. */
export interface BuildLimits {
  /** The resident memory of all the build's processes together (and each process's data segment). */
  memoryMb: number;
  /** Tasks (processes and threads) in the build at once. */
  processes: number;
  /** CPU seconds per process (the wall-clock limit is `DEPLOY_BUILD_TIMEOUT_MS`). */
  cpuSeconds: number;
  /** Open files per process. */
  openFiles: number;
  /** The sources directory (`/build`, a tmpfs): its files together, hence also the largest file. */
  diskMb: number;
  /** The private `/tmp` (a tmpfs). */
  tmpMb: number;
}

export const DEFAULT_BUILD_LIMITS: BuildLimits = {
  memoryMb: 2048,
  processes: 512,
  cpuSeconds: 600,
  openFiles: 1024,
  diskMb: 1024,
  tmpMb: 256,
};

/** What the toolchain may read (`DEPLOY_BUILD_READONLY_PATHS`): mounted read-only where they exist. */
export const DEFAULT_READONLY_PATHS =
  '/usr,/bin,/lib,/lib64,/sbin,/etc/alternatives,/etc/ssl,/etc/ca-certificates,/etc/resolv.conf,/etc/hosts,/etc/nsswitch.conf';

/** The host uids given to builds when the worker runs as root (`DEPLOY_BUILD_UIDS`, `first-last`). */
export const DEFAULT_BUILD_UIDS = '200000-265535';

export interface SandboxSettings {
  mode: BuildSandboxMode;
  limits: BuildLimits;
  /**
   * bubblewrap: how memory and tasks are held to the limits (`DEPLOY_BUILD_CGROUP`, decided when the
   * worker starts; see cgroups.ts). Unset: sampling.
   */
  memory?: MemoryEnforcement;
  /** Comma-separated absolute paths. */
  readonlyPaths: string;
  /** `first-last`. */
  uids: string;
  /** For tests: the bubblewrap program (default `bwrap` on PATH). */
  bwrap?: string;
}

export const DEFAULT_SANDBOX: SandboxSettings = {
  mode: 'bubblewrap',
  limits: DEFAULT_BUILD_LIMITS,
  readonlyPaths: DEFAULT_READONLY_PATHS,
  uids: DEFAULT_BUILD_UIDS,
};

/** `first-last` with 1000 ≤ first ≤ last < 2^31-1, or undefined. */
export function parseUidRange(value: string): { first: number; last: number } | undefined {
  const match = /^\s*(\d{4,10})\s*-\s*(\d{4,10})\s*$/.exec(value);
  if (!match) return undefined;
  const first = Number(match[1]);
  const last = Number(match[2]);
  if (first < 1000 || last < first || last >= 2 ** 31 - 1) return undefined;
  return { first, last };
}

/** Comma-separated absolute paths without `..`, or undefined. */
export function parseReadonlyPaths(value: string): string[] | undefined {
  const paths = value
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
  const bad = (p: string) =>
    !p.startsWith('/') || p === '/' || p.split('/').includes('..') || /^\/(proc|dev|build|tmp)(\/|$)/.test(p);
  return paths.some(bad) ? undefined : paths;
}
