import type { AssetType } from './deployments.limits';
import type { PageInfo, PageRequest } from '../catalog/catalog.types';
import type { CreateDeploymentRequest } from './deployments.types';

// Progressive delivery (an extension of the spec): a plan before apply, roll-outs in steps gated on
// the platform's health, rollback pins, drift. Limits are defined once here and used by the gateway's
// DTOs (validator and document) and by the service.

export const ROLLOUT_LIMITS = {
  /** Steps of one roll-out. */
  stepsMax: 20,
  /** Bake time after a step is healthy (seconds). */
  bakeSecondsMin: 0,
  bakeSecondsMax: 86_400,
  /** How long a step may take to report healthy before the roll-out halts (seconds). */
  healthTimeoutSecondsMin: 1,
  healthTimeoutSecondsMax: 3600,
  healthTimeoutSecondsDefault: 600,
  /** Roll-outs of one author running, paused or rolling back at once. */
  activePerUserMax: 10,
  /** Events returned by one page of the event stream's replay. */
  eventsPageMax: 500,
  /** GET /api/rollouts: page size (default and maximum). */
  pageDefault: 20,
  pageMax: 100,
} as const;

/** What `POST /api/deployments` with `dryRun: true` says apply would do in one organization. */
export const PLAN_ACTIONS = ['create', 'update', 'unchanged', 'error'] as const;
export type PlanAction = (typeof PLAN_ACTIONS)[number];

export interface PlannedTarget {
  organizationId: string;
  organizationName: string | null;
  action: PlanAction;
  /** The version the organization runs now (null: none, or unknown with `error`). */
  from: string | null;
  /** The version apply would leave there; null when only the build decides it (no `version` given). */
  to: string | null;
  /** With `error`: the message the real request, or the deployment it would make, would give this target. */
  error: string | null;
}

export interface DeploymentPlan {
  dryRun: true;
  /** The registry asset applied (the same in every organization). */
  assetId: string;
  targets: PlannedTarget[];
}

/**
 * Roll-out status: `running` (a step deploying, verifying or baking), `paused` (no new step starts),
 * `rolling_back` (restoring the organizations changed), then one of the ended ones: `completed`,
 * `halted` (a failed or unhealthy organization stopped it, the changed ones restored), `aborted`
 * (stopped by hand, what was applied kept), `rolled_back` (stopped and restored by hand).
 */
export const ROLLOUT_STATUSES = [
  'running',
  'paused',
  'rolling_back',
  'completed',
  'halted',
  'aborted',
  'rolled_back',
] as const;
export type RolloutStatus = (typeof ROLLOUT_STATUSES)[number];
export const ACTIVE_ROLLOUT_STATUSES: readonly RolloutStatus[] = ['running', 'paused', 'rolling_back'];

/** What the current step is doing: its deployments run, then health is awaited, then it bakes. */
export const ROLLOUT_PHASES = ['deploying', 'verifying', 'baking'] as const;
export type RolloutPhase = (typeof ROLLOUT_PHASES)[number];

/**
 * One organization's state: `pending` (its step has not started), `deploying`, `applied` (its
 * deployment succeeded), `healthy`, `failed` (its deployment failed), `degraded` (the platform reports
 * it degraded or failing), `restoring`, `restored` (the version it ran before is back), `removed` (it
 * ran none before: the item was removed), `skipped` (never touched: the roll-out ended before its step).
 */
export const ROLLOUT_ORG_STATES = [
  'pending',
  'deploying',
  'applied',
  'healthy',
  'failed',
  'degraded',
  'restoring',
  'restored',
  'removed',
  'skipped',
] as const;
export type RolloutOrgState = (typeof ROLLOUT_ORG_STATES)[number];

/** The platform's health of an applied item (`progressing`: not settled yet). */
export const ITEM_HEALTHS = ['healthy', 'progressing', 'degraded', 'failing'] as const;
export type ItemHealth = (typeof ITEM_HEALTHS)[number];

export const ROLLOUT_ACTIONS = ['pause', 'resume', 'abort', 'rollback'] as const;
export type RolloutAction = (typeof ROLLOUT_ACTIONS)[number];

export interface RolloutOrganization {
  organization_id: string;
  organization_name: string | null;
  state: RolloutOrgState;
  /** The platform's last reported health of the item there (null: not asked yet). */
  health: ItemHealth | null;
  /** The version it ran before the roll-out changed it (null: none, or not changed yet). */
  previous_version: string | null;
  /** The ordinary deployment that changed it (null before its step). */
  deployment_id: string | null;
  error: string | null;
}

/**
 * A step's state: `pending` (not started), `active` (deploying, verifying or baking), `done` (every
 * organization of it went through), `halted` (the roll-out halted during it), `aborted` (stopped by
 * hand during it), `rolled_back` (its organizations got back what they ran before: a halt or a
 * rollback after it, or during it), `skipped` (the roll-out ended before it).
 */
export const ROLLOUT_STEP_STATES = [
  'pending',
  'active',
  'done',
  'halted',
  'aborted',
  'rolled_back',
  'skipped',
] as const;
export type RolloutStepState = (typeof ROLLOUT_STEP_STATES)[number];

export interface RolloutStep {
  /** From 0. */
  index: number;
  state: RolloutStepState;
  organizations: RolloutOrganization[];
}

/** What a roll-out delivers, through which connection and for whom: the part of it its events repeat. */
export interface RolloutSubject {
  asset_type: AssetType;
  policy_id: string | null;
  ruleset_id: string | null;
  asset_name: string;
  workspace_id: string;
  connection_id: string;
  created_by: string;
}

export interface Rollout extends RolloutSubject {
  id: string;
  status: RolloutStatus;
  /** The step in progress (from 0), or the last one that ran; null before the first. */
  current_step: number | null;
  phase: RolloutPhase | null;
  requested_version: string | null;
  bake_seconds: number;
  health_timeout_seconds: number;
  /** Why it halted (the organization and what it reported), or why it was stopped by hand. */
  halt_reason: string | null;
  steps: RolloutStep[];
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

/** One entry of a roll-out's event log (the SSE event id is its `seq`). */
export interface RolloutEvent {
  seq: number;
  rollout_id: string;
  /** `status` (the roll-out's status or phase changed), `step` (a step started or ended), `organization`. */
  type: 'status' | 'step' | 'organization';
  status: RolloutStatus;
  step: number | null;
  organization_id: string | null;
  /** The organization's new state, for `organization` events. */
  state: RolloutOrgState | null;
  message: string;
  at: string;
}

/** Steps as explicit lists of organizations, or targets cut by sizes (`rest`: all that remain). */
export interface CreateRolloutRequest extends Omit<
  CreateDeploymentRequest,
  'targetOrganizationIds' | 'idempotencyKey' | 'dryRun'
> {
  steps?: string[][];
  targetOrganizationIds?: string[];
  stepSizes?: Array<number | 'rest'>;
  bakeSeconds?: number;
  healthTimeoutSeconds?: number;
}

export interface RolloutIdRequest {
  id: string;
}

export interface RolloutActionRequest {
  id: string;
  action: RolloutAction;
}

/** GET /api/rollouts: a page of the caller's roll-outs, newest first, after `cursor` (a `nextCursor`). */
export type ListRolloutsRequest = PageRequest;

export interface ListRolloutsResult extends PageInfo {
  rollouts: Rollout[];
}

export interface RolloutEventsAfterRequest {
  id: string;
  afterSeq?: number;
  limit?: number;
}

export interface RolloutEventsAfterResult {
  rollout: Rollout;
  events: RolloutEvent[];
  more: boolean;
}

/** Broadcast each time a roll-out's event is stored, for every gateway replica's streams. */
export interface RolloutEventAppended {
  rollout_id: string;
  event: RolloutEvent;
}

/** One field of a drifted deployment that differs from what it applied. */
export interface DriftDifference {
  field: 'presence' | 'version' | 'groupId' | 'kind' | `configuration.${string}`;
  expected: unknown;
  actual: unknown;
}

export interface DeploymentDrift {
  detected_at: string;
  differences: DriftDifference[];
  /**
   * The last self-heal of this drift that did not repair it (its job failed or was cancelled): the
   * deployment keeps its status and its drift, and the next reconcile tries again. Null while none has.
   */
  heal_failure: DriftHealFailure | null;
}

/** A self-heal job that ended without applying the deployment again. */
export interface DriftHealFailure {
  job_id: string;
  status: 'failed' | 'cancelled';
  error: string | null;
  at: string;
}

/** Durable: a deployment drifted (the author's inbox is told once per drift). */
export interface DeploymentDriftedEvent {
  eventId: string;
  deployment_id: string;
  created_by: string;
  /** The deployment's workspace: its author hears of the drift while a member (absent on older events). */
  workspace_id?: string;
  asset_name: string;
  platform_org_id: string;
  platform_org_name: string | null;
  differences: DriftDifference[];
}

/** A workspace's deployment settings (an extension): self-heal re-applies a drifted item. */
export interface WorkspaceDeploymentSettings {
  workspace_id: string;
  self_heal: boolean;
}
