import {
  IsIn,
  IsOptional,
  IsString,
  Matches,
  Validate,
  ValidatorConstraint,
  type ValidatorConstraintInterface,
} from 'class-validator';
import { DeploymentsCommonEnv } from '@pc/deployments-store';
import { EnvInt } from '@pc/platform';
import { BUILD_NETWORKS, type BuildNetwork } from './pipeline/build';
import { BuildAllowlistFormat } from './pipeline/build-proxy';
import {
  BUILD_SANDBOXES,
  DEFAULT_BUILD_LIMITS,
  DEFAULT_BUILD_UIDS,
  DEFAULT_READONLY_PATHS,
  parseReadonlyPaths,
  parseUidRange,
  type BuildSandboxMode,
  type SandboxSettings,
} from './pipeline/sandbox/sandbox.settings';
import { BUILD_CGROUP_PATTERN } from './pipeline/sandbox/cgroups';

@ValidatorConstraint({ name: 'buildUids' })
class BuildUidsFormat implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && parseUidRange(value) !== undefined;
  }
  defaultMessage(): string {
    return 'DEPLOY_BUILD_UIDS must be first-last (1000 <= first <= last < 2147483647)';
  }
}

@ValidatorConstraint({ name: 'buildReadonlyPaths' })
class BuildReadonlyPathsFormat implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && parseReadonlyPaths(value) !== undefined;
  }
  defaultMessage(): string {
    return 'DEPLOY_BUILD_READONLY_PATHS must be comma-separated absolute paths (not /, /proc, /dev, /build, /tmp, no ..)';
  }
}

/**
 * A deployment worker: what it shares with the deployments service (`DeploymentsCommonEnv`: database, bus,
 * signing keys, platform and registry, the ack wait), the source host, and the build.
 */
export class WorkerEnv extends DeploymentsCommonEnv {
  /** Jobs one worker process runs at once. */
  @EnvInt(1, 64)
  DEPLOY_WORKER_CONCURRENCY: number = 2;

  /**
   * A shell command run in the temporary directory holding the fetched sources (e.g. `make package`);
   * unset, the built-in packaging step makes a checksummed tar archive of the implementation. It is shown
   * in every build's log (`Building: …`), which the deploying user reads: never put a secret in it.
   */
  @IsOptional()
  @IsString()
  DEPLOY_BUILD_COMMAND?: string;

  /**
   * `isolated` (default): the build command runs in a network namespace of its own (no network at all;
   * `unshare --user --map-root-user --net`), and is refused, failing the job with the reason, where one
   * cannot be made (containers whose seccomp profile forbids user namespaces). `host`: it runs on the
   * worker's network; choose it explicitly. The built-in packaging (no command) never uses the network.
   */
  @IsOptional()
  @IsIn(BUILD_NETWORKS)
  DEPLOY_BUILD_NETWORK: BuildNetwork = 'isolated';

  /**
   * With `isolated`: the hosts the build command may reach, comma-separated `host` (any port),
   * `host:port`, `[v6]:port` or `*.domain`, through a proxy the worker runs for each build (its
   * HTTP_PROXY/HTTPS_PROXY); others get 403. Empty (default): no network at all. Ignored with `host`.
   */
  @IsOptional()
  @IsString()
  @Validate(BuildAllowlistFormat)
  DEPLOY_BUILD_ALLOWLIST: string = '';

  /**
   * Where a build command runs: `bubblewrap` (default: a sandbox of its own on the worker's host, see
   * pipeline/sandbox), `kubernetes` (a Job of its own on the cluster), or `unsafe-none` (no filesystem
   * isolation: for trusted repositories only). Where the sandbox cannot be made, the job fails with the
   * reason; nothing falls back to a weaker mode.
   */
  @IsOptional()
  @IsIn(BUILD_SANDBOXES)
  DEPLOY_BUILD_SANDBOX: BuildSandboxMode = 'bubblewrap';

  /**
   * With bubblewrap: how a build's memory and tasks are held to their limits. `auto` (default): a cgroup
   * v2 per build under the worker's own cgroup when it is delegated to the worker (writable, with the
   * memory and pids controllers), else 25 ms sampling plus per-process limits; `off`: sampling; an
   * absolute path: a delegated cgroup v2 directory to make the builds' cgroups in (the worker does not
   * start when it cannot). The worker logs which is in force when it starts.
   */
  @IsOptional()
  @Matches(BUILD_CGROUP_PATTERN, { message: 'DEPLOY_BUILD_CGROUP must be auto, off or an absolute path' })
  DEPLOY_BUILD_CGROUP: string = 'auto';

  /**
   * The memory of a build together (MiB); past it the build is stopped. With a cgroup: everything the
   * build holds in memory, its files in /build and /tmp (tmpfs) included; with sampling: the resident
   * memory of its processes.
   */
  @EnvInt(64, 262_144)
  DEPLOY_BUILD_MEMORY_MB: number = DEFAULT_BUILD_LIMITS.memoryMb;

  /** Processes and threads of a build at once (a fork bomb stops here). */
  @EnvInt(16, 65_536)
  DEPLOY_BUILD_PROCESSES: number = DEFAULT_BUILD_LIMITS.processes;

  /** CPU seconds per process of a build (the whole build is bounded by DEPLOY_BUILD_TIMEOUT_MS). */
  @EnvInt(1, 86_400)
  DEPLOY_BUILD_CPU_SECONDS: number = DEFAULT_BUILD_LIMITS.cpuSeconds;

  /** Open files per process of a build. */
  @EnvInt(64, 1_048_576)
  DEPLOY_BUILD_OPEN_FILES: number = DEFAULT_BUILD_LIMITS.openFiles;

  /** The size of a build's directory (MiB; a memory-backed tmpfs in bubblewrap, the emptyDir's sizeLimit in kubernetes). */
  @EnvInt(1, 262_144)
  DEPLOY_BUILD_DISK_MB: number = DEFAULT_BUILD_LIMITS.diskMb;

  /** The size of a build's private /tmp (MiB, a tmpfs). */
  @EnvInt(1, 262_144)
  DEPLOY_BUILD_TMP_MB: number = DEFAULT_BUILD_LIMITS.tmpMb;

  /**
   * What a bubblewrap build may read of the host: comma-separated absolute paths mounted read-only where
   * they exist (the toolchain). Nothing else of the host is in the build's view.
   */
  @IsOptional()
  @IsString()
  @Validate(BuildReadonlyPathsFormat)
  DEPLOY_BUILD_READONLY_PATHS: string = DEFAULT_READONLY_PATHS;

  /** With bubblewrap and a worker running as root: the host uids builds run as (`first-last`), one per build. */
  @IsOptional()
  @IsString()
  @Validate(BuildUidsFormat)
  DEPLOY_BUILD_UIDS: string = DEFAULT_BUILD_UIDS;

  /** With `kubernetes`: the namespace build Jobs run in (default: the worker's own). */
  @IsOptional()
  @IsString()
  DEPLOY_BUILD_K8S_NAMESPACE: string = '';

  /** With `kubernetes`: the image of build pods (the toolchain; `node` and `tar` on its PATH). Required. */
  @IsOptional()
  @IsString()
  DEPLOY_BUILD_K8S_IMAGE: string = '';

  /** With `kubernetes`: the API server (in a pod: the default, with the service account's token and CA). */
  @IsOptional()
  @IsString()
  DEPLOY_BUILD_K8S_API_URL: string = 'https://kubernetes.default.svc';

  /** With `kubernetes`: the port where build pods fetch their sources, send their files and find their proxy. */
  @EnvInt(0, 65_535)
  DEPLOY_BUILD_K8S_EXCHANGE_PORT: number = 8081;

  /** With `kubernetes`: that port as build pods reach this worker (default `http://<the pod's IPv4>:<port>`). */
  @IsOptional()
  @IsString()
  DEPLOY_BUILD_K8S_EXCHANGE_URL: string = '';

  /** The build's time limit; the process is killed after it and the job fails. */
  @EnvInt(1000, 3_600_000)
  DEPLOY_BUILD_TIMEOUT_MS: number = 300_000;

  /** The build command's PATH (the only variable of the worker's environment it gets). */
  @IsOptional()
  @IsString()
  PATH: string = '/usr/local/bin:/usr/bin:/bin';

  // The source host adapter's variables (see libs/adapters/source-host); the platform's and the
  // registry's are in DeploymentsCommonEnv.
  @IsOptional() @IsString() SOURCE_HOST_WEB_URL?: string;
  @IsOptional() @IsString() SOURCE_HOST_API_URL?: string;
  @IsOptional() @IsString() SOURCE_HOST_TOKEN?: string;
  @IsOptional() @IsString() SOURCE_HOST_TIMEOUT_MS?: string;

  /** The sandbox settings of a build (`DEPLOY_BUILD_SANDBOX` and the limits). */
  buildSandbox(): SandboxSettings {
    return {
      mode: this.DEPLOY_BUILD_SANDBOX,
      limits: {
        memoryMb: this.DEPLOY_BUILD_MEMORY_MB,
        processes: this.DEPLOY_BUILD_PROCESSES,
        cpuSeconds: this.DEPLOY_BUILD_CPU_SECONDS,
        openFiles: this.DEPLOY_BUILD_OPEN_FILES,
        diskMb: this.DEPLOY_BUILD_DISK_MB,
        tmpMb: this.DEPLOY_BUILD_TMP_MB,
      },
      readonlyPaths: this.DEPLOY_BUILD_READONLY_PATHS,
      uids: this.DEPLOY_BUILD_UIDS,
    };
  }
}
