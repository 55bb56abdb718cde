import { IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { ServiceEnv, SIGNING_KEY_RING_PATTERN } from '@pc/platform';

/** The deployments service: the common variables, and the adapters it uses for sync and dev-version. */
export class DeploymentsEnv extends ServiceEnv {
  /**
   * The provenance signing keys, as the workers have them (`id:base64seed[,...]`): the service serves
   * their public halves (`GET /api/provenance/keys`) and verifies attestations with them. Required.
   */
  @IsString()
  @Matches(SIGNING_KEY_RING_PATTERN, { message: 'must be id:base64seed[,id:base64seed...]' })
  PROVENANCE_SIGNING_KEYS!: string;

  // The platform and registry adapters' variables (see libs/adapters/*).
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

  /**
   * Per author: deployment jobs on the work queue or running at once (the rest wait their turn in the
   * jobs table). Another author's deployment then waits behind at most this many of one author's jobs:
   * keep it at or below the workers' total concurrency (replicas × DEPLOY_WORKER_CONCURRENCY).
   */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(10_000)
  DEPLOY_QUEUE_SLOTS_PER_USER: number = 2;

  /** Per author: deployment jobs queued or running at once; past it POST /api/deployments is 429. 0: no limit. */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  DEPLOY_MAX_ACTIVE_JOBS_PER_USER: number = 100;

  /** Per author: target organizations deployed to per rolling hour (each target counts). 0: no limit. */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  DEPLOY_MAX_TARGETS_PER_HOUR: number = 300;

  /** How often the roll-out driver looks at active roll-outs (it also wakes when a job ends), ms. */
  @IsOptional()
  @IsInt()
  @Min(50)
  @Max(60_000)
  ROLLOUT_TICK_MS: number = 1000;

  /**
   * How often the drift reconcile compares what the platform runs with what each deployment applied
   * (ms); 0: never (tests turn it on where they need it).
   */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(86_400_000)
  DRIFT_RECONCILE_INTERVAL_MS: number = 300_000;
}
