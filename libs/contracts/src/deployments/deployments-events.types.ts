import type { AssetType } from './deployments.limits';
import type { RolloutSubject } from './rollouts.types';
import type { DeploymentSucceededEvent } from './deployments.types';

/** A deployment job ended in failure (written by the worker in the transaction that records it). */
export interface DeploymentFailedEvent extends DeploymentSucceededEvent {
  /** The failure as the deployment shows it (no secret: the worker redacts its messages). */
  error: string | null;
}

/**
 * A synchronization found the platform different from the deployment: the item removed out of band
 * (`deleted`: the deployment becomes `removed`) or applied again (`reapplied`: `succeeded` again).
 */
export interface DeploymentDriftDetectedEvent {
  deployment_id: string;
  asset_type: AssetType;
  policy_id: string | null;
  ruleset_id: string | null;
  workspace_id: string;
  platform_org_id: string;
  created_by: string;
  found: 'deleted' | 'reapplied';
  status: 'removed' | 'succeeded';
}

/** A roll-out halted (written by the driver in the transaction that halts it); webhooks of its author and workspace. */
export interface RolloutHaltedEvent extends RolloutSubject {
  rollout_id: string;
  version: string | null;
  /** 1-based; null before the first step started. */
  step: number | null;
  reason: string;
  halted_at: string;
}
