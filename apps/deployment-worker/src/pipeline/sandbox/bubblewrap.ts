import { randomInt, randomUUID } from 'node:crypto';
import { existsSync, lstatSync, readlinkSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { tarArchive } from '../archive';
import { BRIDGE_SCRIPT, startBuildProxy, type BuildAllowEntry } from '../build-proxy';
import { ArtifactError, readArtifact } from './artifact-reader';
import { BuildError, runBuildProcess, type BuildWatch } from './build-process';
import { probeHost } from './host-probe';
import { BuildCgroup, inCgroup } from './cgroups';
import {
  parseReadonlyPaths,
  parseUidRange,
  type BuildLimits,
  type SandboxSettings,
} from './sandbox.settings';
import { SUPERVISOR_SCRIPT } from './supervisor';

/** The user the build sees itself as, inside its user namespace. */
const INSIDE_UID = 1000;
const PROXY_SOCKET = '/run/build-proxy.sock';
const MIB = 1024 * 1024;

export interface SandboxedBuild extends BuildWatch {
  command: string;
  network: 'isolated' | 'host';
  allowlist: readonly BuildAllowEntry[];
  path: string;
  sandbox: SandboxSettings;
}

/** The host uids in use by this process's builds (a build's uid is its own while it runs). */
const uidsInUse = new Set<number>();

/**
 * Runs a build command in bubblewrap and returns the files it left in its directory. The sources go in
 * as a tar stream on the supervisor's stdin, the files come out as a tar stream on fd 4 (see
 * supervisor.ts), so the build never shares a directory with the host: its only writable places are its
 * own tmpfs `/build` and `/tmp`, gone when it ends.
 */
export async function buildInBubblewrap(
  files: Map<string, Buffer>,
  options: SandboxedBuild,
): Promise<Map<string, Buffer>> {
  const bwrap = options.sandbox.bwrap ?? 'bwrap';
  const user = takeUid(options.sandbox.uids);
  const memory = options.sandbox.memory;
  let cgroup: BuildCgroup | undefined;
  // A directory of the host for what is bound into the sandbox by file: the user database and the proxy's
  // socket. Owned by the build's user, mode 0700: no other build reaches it.
  const host = await mkdtemp(path.join(tmpdir(), 'pc-sandbox-'));
  try {
    await chmod(host, 0o700);
    await writeFile(path.join(host, 'passwd'), `build:x:${INSIDE_UID}:${INSIDE_UID}:build:/build:/bin/sh\n`);
    await writeFile(path.join(host, 'group'), `build:x:${INSIDE_UID}:\n`);
    if (user) await chown(host, user.uid, user.gid);
    const readonly = readonlyMounts(options.sandbox.readonlyPaths);
    await ensureBubblewrap(bwrap, user, host, readonly);

    const proxy =
      options.network === 'isolated' && options.allowlist.length > 0
        ? await startBuildProxy(host, { allowlist: options.allowlist, log: options.output })
        : undefined;
    try {
      if (memory?.kind === 'cgroup')
        cgroup = await BuildCgroup.create(memory.root, `build-${randomUUID()}`, options.sandbox.limits);
      if (proxy && user) await chown(proxy.socketPath, user.uid, user.gid);
      const run = [
        '/usr/bin/prlimit',
        ...prlimitArgs(options.sandbox.limits),
        '--',
        ...(proxy ? [process.execPath, '-e', BRIDGE_SCRIPT, PROXY_SOCKET] : []),
        'sh',
        '-c',
        options.command,
      ];
      const args = [
        ...bubblewrapArgs({
          network: options.network,
          readonly,
          host,
          limits: options.sandbox.limits,
          proxySocket: proxy?.socketPath,
          path: options.path,
        }),
        '--',
        process.execPath,
        '-e',
        SUPERVISOR_SCRIPT,
        JSON.stringify({
          run,
          limits: {
            processes: options.sandbox.limits.processes,
            memoryBytes: options.sandbox.limits.memoryMb * MIB,
          },
          // With a cgroup the kernel holds memory and tasks: the supervisor watches the disks only.
          sampled: cgroup === undefined,
        }),
      ];
      // In its cgroup before anything of the build runs (the shell that enters it drops to the build's
      // user after); else bubblewrap is started as the build's user directly.
      const started = cgroup
        ? inCgroup(cgroup, bwrap, args, user)
        : { program: bwrap, args, uid: user?.uid, gid: user?.gid };
      // A build at its cgroup's pids.max has a fork refused: it is stopped at once (a fork bomb would
      // otherwise spin at the limit until the time limit), naming the limit. Killed again at each look
      // until it has ended: a kill that found no process listed yet must not be the last.
      let forkRefusedByKernel = false;
      const pidsWatch = cgroup
        ? setInterval(() => {
            void cgroup!.outcome().then(async (counted) => {
              if (counted.forksRefused === 0) return;
              forkRefusedByKernel = true;
              await cgroup!.kill();
            });
          }, 100)
        : undefined;
      let verdictText = '';
      let artifact: Promise<Map<string, Buffer>> | undefined;
      // A short fork burst can die out between two samples of the supervisor: the shell's own report of
      // a fork refused at RLIMIT_NPROC names the limit then.
      let forkRefused = false;
      const output = (line: string): Promise<void> => {
        if (FORK_REFUSED.test(line)) forkRefused = true;
        return options.output(line);
      };
      const { code, signal } = await runBuildProcess(
        {
          ...started,
          cwd: host,
          env: { PATH: '/usr/local/bin:/usr/bin:/bin' },
          stdin: tarArchive(files).archive,
          extraFds: 2,
          fds: ([verdict, archive]: Readable[]) => {
            verdict.on('data', (chunk: Buffer) => {
              // The last line is the supervisor's; keep a bounded tail.
              verdictText = (verdictText + chunk.toString('utf8')).slice(-4096);
            });
            verdict.on('error', () => undefined);
            artifact = readArtifact(archive);
            artifact.catch(() => archive.destroy());
          },
        },
        { ...options, output },
      ).finally(() => clearInterval(pidsWatch));
      const supervised = lastVerdict(verdictText);
      // The kernel's counters name the limit when the build has a cgroup: out of memory (the whole build
      // killed), or a fork refused at pids.max.
      const counted = await cgroup?.outcome();
      const verdict: Verdict | undefined =
        counted && counted.oomKills > 0
          ? { kind: 'memory', detail: counted.peakBytes === null ? undefined : `peak ${counted.peakBytes}` }
          : (counted && counted.forksRefused > 0) || forkRefusedByKernel
            ? { kind: 'processes' }
            : supervised?.kind === 'exit' && supervised.code !== 0 && !supervised.signal && forkRefused
              ? { kind: 'processes' }
              : supervised;
      const read = await artifact!.then(
        (files) => ({ files, error: undefined }),
        (error: unknown) => ({
          files: undefined,
          error: error instanceof Error ? error : new ArtifactError(String(error)),
        }),
      );
      // Files past the archive's limit: the worker stopped reading (and the packing failed for it).
      if (read.error instanceof ArtifactError && /exceed/.test(read.error.message)) throw read.error;
      if (verdict?.kind !== 'ok' || code !== 0)
        throw new BuildError(failure(verdict, code, signal, options.sandbox.limits, options.timeoutMs));
      if (read.error) throw read.error;
      return read.files;
    } finally {
      await proxy?.close();
      await cgroup?.remove();
    }
  } finally {
    if (user) uidsInUse.delete(user.uid);
    await rm(host, { recursive: true, force: true });
  }
}

interface Verdict {
  kind: 'ok' | 'exit' | 'memory' | 'processes' | 'cpu' | 'disk' | 'tmp' | 'setup';
  code?: number | null;
  signal?: string | null;
  detail?: string;
}

function lastVerdict(text: string): Verdict | undefined {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  try {
    return JSON.parse(lines[lines.length - 1] ?? '') as Verdict;
  } catch {
    return undefined;
  }
}

/** The job's failure, naming the limit that was hit. */
/** What sh, dash and bash print when a fork is refused (RLIMIT_NPROC). */
const FORK_REFUSED = /Cannot fork|fork: (retry: )?Resource temporarily unavailable/;

function failure(
  verdict: Verdict | undefined,
  code: number | null,
  signal: string | null,
  limits: BuildLimits,
  timeoutMs: number,
): string {
  switch (verdict?.kind) {
    case 'memory':
      return verdict.code === undefined
        ? `The build used more than its memory limit (${limits.memoryMb} MiB, DEPLOY_BUILD_MEMORY_MB) and was stopped`
        : `The build command failed (exit code ${String(verdict.code)}) near its memory limit (${limits.memoryMb} MiB, DEPLOY_BUILD_MEMORY_MB)`;
    case 'processes':
      return `The build reached its limit of ${limits.processes} processes and threads (DEPLOY_BUILD_PROCESSES) and was stopped`;
    case 'cpu':
      return `A process of the build used more than its CPU time limit (${limits.cpuSeconds} s, DEPLOY_BUILD_CPU_SECONDS) and was stopped`;
    case 'disk':
      return `The build filled its directory (${limits.diskMb} MiB, DEPLOY_BUILD_DISK_MB) and was stopped`;
    case 'tmp':
      return `The build filled its /tmp (${limits.tmpMb} MiB, DEPLOY_BUILD_TMP_MB) and was stopped`;
    case 'setup':
      return `The build's sandbox failed: ${verdict.detail ?? 'no detail'}`;
    case 'exit':
      return verdict.signal
        ? `The build command was killed by ${verdict.signal} (its limits: ${describeLimits(limits, timeoutMs)})`
        : `The build command failed (exit code ${String(verdict.code)})`;
    case 'ok':
    case undefined:
      return `The build's sandbox ended without a result (exit code ${String(code)}${signal ? `, ${signal}` : ''})`;
  }
}

function describeLimits(limits: BuildLimits, timeoutMs: number): string {
  return (
    `memory ${limits.memoryMb} MiB, ${limits.processes} processes and threads, ${limits.cpuSeconds} s of CPU ` +
    `per process, ${limits.openFiles} open files, ${limits.diskMb} MiB of files, ${limits.tmpMb} MiB of /tmp, ` +
    `${timeoutMs} ms in all`
  );
}

/** The limits set on every process of the build (the supervisor watches the totals). */
export function prlimitArgs(limits: BuildLimits): string[] {
  return [
    `--as=unlimited`,
    // Above the total the supervisor watches, so that a growing build is stopped with that reason first.
    `--data=${Math.ceil(limits.memoryMb * 1.25) * MIB}`,
    `--nproc=${limits.processes}`,
    // Soft, then hard: SIGXCPU names the reason, SIGKILL a second later if it is ignored.
    `--cpu=${limits.cpuSeconds}:${limits.cpuSeconds + 1}`,
    `--nofile=${limits.openFiles}`,
    `--fsize=${limits.diskMb * MIB}`,
    `--core=0`,
  ];
}

interface Mounts {
  network: 'isolated' | 'host';
  readonly: string[];
  host: string;
  limits: BuildLimits;
  proxySocket?: string;
  path: string;
}

/**
 * bubblewrap's arguments: every namespace of its own (the network too unless `host`), no further user
 * namespaces, a new session (no terminal to inject into), killed with the worker, a clean environment,
 * the read-only toolchain, a fresh /proc and /dev, and two size-limited tmpfs, `/build` and `/tmp`.
 */
export function bubblewrapArgs(m: Mounts): string[] {
  return [
    '--unshare-all',
    ...(m.network === 'host' ? ['--share-net'] : []),
    '--unshare-user',
    '--disable-userns',
    '--uid',
    String(INSIDE_UID),
    '--gid',
    String(INSIDE_UID),
    '--die-with-parent',
    '--new-session',
    '--clearenv',
    '--setenv',
    'PATH',
    m.path,
    '--setenv',
    'HOME',
    '/build',
    '--setenv',
    'TMPDIR',
    '/tmp',
    '--setenv',
    'LANG',
    'C.UTF-8',
    ...(m.proxySocket ? ['--setenv', 'PC_BUILD_LOOPBACK_UP', '1'] : []),
    ...m.readonly.flatMap((entry) => {
      const [kind, target, source] = entry.split('\0');
      return kind === 'symlink' ? ['--symlink', source, target] : ['--ro-bind', source, target];
    }),
    ...nodeMount(m.readonly),
    '--ro-bind',
    path.join(m.host, 'passwd'),
    '/etc/passwd',
    '--ro-bind',
    path.join(m.host, 'group'),
    '/etc/group',
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--size',
    String(m.limits.diskMb * MIB),
    '--tmpfs',
    '/build',
    '--perms',
    '1777',
    '--size',
    String(m.limits.tmpMb * MIB),
    '--tmpfs',
    '/tmp',
    ...(m.proxySocket ? ['--bind', m.proxySocket, PROXY_SOCKET] : []),
    // The root itself (where bubblewrap made the mount points) is read-only: /build and /tmp are the
    // only places the build writes.
    '--remount-ro',
    '/',
    '--chdir',
    '/build',
  ];
}

/** The worker's node binary, read-only, unless a read-only path holds it already. */
function nodeMount(readonly: string[]): string[] {
  const node = process.execPath;
  const visible = readonly.some((entry) => {
    const [, target] = entry.split('\0');
    return node === target || node.startsWith(`${target}/`);
  });
  return visible ? [] : ['--ro-bind', node, node];
}

/**
 * The configured read-only paths as mounts (`kind\0target\0source`): a relative symlink (a merged /usr's
 * `/bin -> usr/bin`) stays a symlink, anything else is bound read-only (a symlink followed); a path that
 * does not exist is left out.
 */
function readonlyMounts(list: string): string[] {
  const paths = parseReadonlyPaths(list) ?? [];
  const mounts: string[] = [];
  for (const p of paths) {
    if (!existsSync(p)) continue;
    const stat = lstatSync(p);
    if (stat.isSymbolicLink()) {
      const target = readlinkSync(p);
      if (!target.startsWith('/')) {
        mounts.push(`symlink\0${p}\0${target}`);
        continue;
      }
    }
    mounts.push(`bind\0${p}\0${p}`);
  }
  return mounts;
}

/** A host uid of its own for the build when the worker runs as root; otherwise the worker's uid. */
function takeUid(range: string): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const parsed = parseUidRange(range);
  if (!parsed) throw new BuildError(`DEPLOY_BUILD_UIDS is not first-last: ${range}`);
  for (let attempt = 0; attempt < 1000; attempt++) {
    const uid = randomInt(parsed.first, parsed.last + 1);
    if (uidsInUse.has(uid)) continue;
    uidsInUse.add(uid);
    return { uid, gid: uid };
  }
  throw new BuildError('No free uid in DEPLOY_BUILD_UIDS for this build');
}

/** Whether bubblewrap runs here (for this user), asked once per program and user. */
const probes = new Map<string, Promise<string | null>>();

async function ensureBubblewrap(
  bwrap: string,
  user: { uid: number; gid: number } | undefined,
  host: string,
  readonly: string[],
): Promise<void> {
  const key = `${bwrap}:${user ? 'build-uid' : 'own-uid'}:${readonly.join(',')}`;
  let probe = probes.get(key);
  if (!probe) {
    probe = probeHost(
      bwrap,
      [
        '--unshare-all',
        '--unshare-user',
        '--disable-userns',
        '--die-with-parent',
        ...readonly.flatMap((entry) => {
          const [kind, target, source] = entry.split('\0');
          return kind === 'symlink' ? ['--symlink', source, target] : ['--ro-bind', source, target];
        }),
        '--proc',
        '/proc',
        '--size',
        String(MIB),
        '--tmpfs',
        '/build',
        ...nodeMount(readonly),
        // The worker's node runs the supervisor: the build's user must be able to run it.
        '--',
        process.execPath,
        '-e',
        '0',
      ],
      { cwd: host, uid: user?.uid, gid: user?.gid },
    );
    probes.set(key, probe);
  }
  const failure = await probe;
  if (failure !== null)
    throw new BuildError(
      `The build command cannot be sandboxed on this host (${bwrap}: ${failure}), so it was not run. Install ` +
        'bubblewrap and allow unprivileged user namespaces for the worker, run builds on the cluster ' +
        '(DEPLOY_BUILD_SANDBOX=kubernetes), or, for trusted repositories only, DEPLOY_BUILD_SANDBOX=unsafe-none.',
    );
}
