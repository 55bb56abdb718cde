import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { DeploymentsCommonEnv } from '@pc/deployments-store';

/**
 * The deployments service: what it shares with its workers (`DeploymentsCommonEnv`: database, bus,
 * signing keys, the platform and registry it asks for sync and dev-version, the ack wait), and its own
 * limits and timers.
 */
export class DeploymentsEnv extends DeploymentsCommonEnv {
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
