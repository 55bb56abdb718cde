import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, Validate } from 'class-validator';
import { ServiceEnv, SIGNING_KEY_RING_PATTERN } from '@pc/platform';
import { BUILD_NETWORKS, type BuildNetwork } from './pipeline/build';
import { BuildAllowlistFormat } from './pipeline/build-proxy';

/** A deployment worker: the database and bus of the deployments service, the adapters, the build. */
export class WorkerEnv extends ServiceEnv {
  /**
   * `id:base64seed[,id:base64seed...]` (32-byte Ed25519 seeds): the first signs every provenance
   * attestation, all verify (the deployments service serves their public keys). Required: the worker
   * refuses to start without it (embedded mode generates one in DATA_DIR). Never logged.
   */
  @IsString()
  @Matches(SIGNING_KEY_RING_PATTERN, { message: 'must be id:base64seed[,id:base64seed...]' })
  PROVENANCE_SIGNING_KEYS!: string;

  /** Jobs one worker process runs at once. */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(64)
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

  /** The build's time limit; the process is killed after it and the job fails. */
  @IsOptional()
  @IsInt()
  @Min(1000)
  @Max(3_600_000)
  DEPLOY_BUILD_TIMEOUT_MS: number = 300_000;

  /** The build command's PATH (the only variable of the worker's environment it gets). */
  @IsOptional()
  @IsString()
  PATH: string = '/usr/local/bin:/usr/bin:/bin';

  // The adapters' variables (see libs/adapters/*).
  @IsOptional() @IsString() SOURCE_HOST_WEB_URL?: string;
  @IsOptional() @IsString() SOURCE_HOST_API_URL?: string;
  @IsOptional() @IsString() SOURCE_HOST_TOKEN?: string;
  @IsOptional() @IsString() SOURCE_HOST_TIMEOUT_MS?: string;
  @IsOptional() @IsString() PLATFORM_US_URL?: string;
  @IsOptional() @IsString() PLATFORM_EU_URL?: string;
  @IsOptional() @IsString() PLATFORM_TIMEOUT_MS?: string;
  @IsOptional() @IsString() REGISTRY_URL?: string;
  @IsOptional() @IsString() REGISTRY_TIMEOUT_MS?: string;
  @IsOptional() @IsString() OUTBOUND_ALLOWLIST?: string;

  /**
   * How long a worker may hold a job without progress before the queue hands it to another worker (a
   * killed worker's job comes back after this). Workers and the service must agree.
   */
  @IsOptional()
  @IsInt()
  @Min(1000)
  @Max(600_000)
  DEPLOY_JOB_ACK_WAIT_MS: number = 30_000;
}
