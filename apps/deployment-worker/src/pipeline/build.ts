import { mkdtemp, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEPLOYMENT_LIMITS } from '@pc/contracts';
import { tarArchive } from './archive';
import { startBuildProxy, type BuildAllowEntry } from './build-proxy';
import { ArtifactError } from './sandbox/artifact-reader';
import { BuildCancelled, BuildError, runBuildProcess, type BuildWatch } from './sandbox/build-process';
import { buildInBubblewrap } from './sandbox/bubblewrap';
import { probeHost } from './sandbox/host-probe';
import { DEFAULT_SANDBOX, type SandboxSettings } from './sandbox/sandbox.settings';

export { BuildCancelled, BuildError };

/**
 * The network a configured build command gets: `isolated` (the default) gives it a network namespace of
 * its own (loopback only, nothing outside; with `DEPLOY_BUILD_ALLOWLIST`, the listed hosts through a
 * proxy of its own); `host` lets it use the worker's network, an explicit choice of whoever operates the
 * workers. The filesystem, users and limits are the sandbox's (`DEPLOY_BUILD_SANDBOX`), whatever the network.
 */
export const BUILD_NETWORKS = ['isolated', 'host'] as const;
export type BuildNetwork = (typeof BUILD_NETWORKS)[number];

/**
 * With `DEPLOY_BUILD_SANDBOX=unsafe-none` only: the command that cuts the build off from the network
 * (a user, network and PID namespace, `unshare --user --map-root-user --net --pid`). The PID namespace
 * (`--fork --kill-child`) ends every process of the build when its first process is killed.
 */
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

export interface BuildOptions extends BuildWatch {
  /** A shell command run in the sources' directory; unset: the built-in packaging only. */
  command?: string;
  /** Default `isolated`. */
  network?: BuildNetwork;
  /**
   * Hosts an `isolated` build may reach through a proxy of its own (`DEPLOY_BUILD_ALLOWLIST`, see
   * build-proxy.ts); empty: no network at all. Not used with `host`.
   */
  allowlist?: readonly BuildAllowEntry[];
  /** Where and under which limits the command runs (default: bubblewrap with the default limits). */
  sandbox?: SandboxSettings;
  /** Runs the command on the cluster (`DEPLOY_BUILD_SANDBOX=kubernetes`). */
  cluster?: ClusterBuilds;
  /** `unsafe-none` only, for tests: the isolating wrapper (default `ISOLATE_COMMAND`). */
  isolateWith?: string[];
  /** The PATH the command gets (nothing else of the worker's environment). */
  path: string;
}

/** Runs one build command on the cluster and returns the files it left (see kubernetes/). */
export interface ClusterBuilds {
  build(
    files: Map<string, Buffer>,
    options: BuildOptions & { command: string },
  ): Promise<Map<string, Buffer>>;
}

/**
 * Builds: without a command, packs the sources into a checksummed archive; with one, runs it in the
 * configured sandbox (with a time limit, killed on cancel, a clean environment and the network rules),
 * then packs what it left in its directory.
 */
export async function build(
  files: Map<string, Buffer>,
  options: BuildOptions,
): Promise<{ archive: Buffer; sha256: string; files: number }> {
  if (!options.command) {
    const { archive, sha256 } = tarArchive(files);
    return { archive, sha256, files: files.size };
  }
  const sandbox = options.sandbox ?? DEFAULT_SANDBOX;
  let built: Map<string, Buffer>;
  try {
    if (sandbox.mode === 'bubblewrap')
      built = await buildInBubblewrap(files, {
        ...options,
        command: options.command,
        network: options.network ?? 'isolated',
        allowlist: options.allowlist ?? [],
        sandbox,
      });
    else if (sandbox.mode === 'kubernetes') {
      if (!options.cluster)
        throw new BuildError('DEPLOY_BUILD_SANDBOX=kubernetes but no cluster is configured');
      built = await options.cluster.build(files, { ...options, command: options.command });
    } else built = await buildUnsandboxed(files, { ...options, command: options.command });
  } catch (error) {
    if (error instanceof ArtifactError) throw new BuildError(error.message);
    throw error;
  }
  const { archive, sha256 } = tarArchive(built);
  return { archive, sha256, files: built.size };
}

/**
 * `unsafe-none`: the command runs as the worker's user in a temporary directory of the host, with a
 * reduced environment and the network rules (a namespace of its own through `unshare`, or `host`), and
 * nothing else between it and the host's files. For trusted repositories only.
 */
async function buildUnsandboxed(
  files: Map<string, Buffer>,
  options: BuildOptions & { command: string },
): Promise<Map<string, Buffer>> {
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
      const [program, ...args] = [...wrapper, ...(proxy ? proxy.wrapper : []), 'sh', '-c', options.command];
      const { code } = await runBuildProcess(
        { program, args, cwd: dir, env: { PATH: options.path, HOME: dir, LANG: 'C.UTF-8' } },
        options,
      );
      if (code !== 0) throw new BuildError(`The build command failed (exit code ${String(code)})`);
    } finally {
      await proxy?.close();
    }
    const built = new Map<string, Buffer>();
    await collect(dir, dir, built, { bytes: 0 });
    return built;
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
    probe = probeHost(wrapper[0], [...wrapper.slice(1), 'true']);
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
