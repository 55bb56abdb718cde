import type { ItemHealth, RolloutEvent, RolloutOrgState, RolloutPhase, RolloutStatus } from '@pc/contracts';
import type { DeployedItemRow, NewDeployment } from '@pc/deployments-store';

/** What an organization ran when its step started (restored on a halt); null: nothing. */
export interface PreviousItem {
  kind: 'policy' | 'ruleset';
  groupId: string;
  version: string;
  configuration: Record<string, unknown>;
}

export interface RolloutRow extends DeployedItemRow {
  id: string;
  workspace_id: string;
  connection_id: string;
  created_by: string;
  /** The deployment every organization gets, but for its organization (checked at creation). */
  template: NewDeployment;
  requested_version: string | null;
  status: RolloutStatus;
  step_count: number;
  current_step: number | null;
  phase: RolloutPhase | null;
  phase_started_at: Date | null;
  bake_seconds: number;
  health_timeout_seconds: number;
  ends_as: RolloutStatus | null;
  halt_reason: string | null;
  event_seq: number;
  created_at: Date;
  updated_at: Date;
  finished_at: Date | null;
}

export interface RolloutOrgRow {
  rollout_id: string;
  platform_org_id: string;
  platform_org_name: string | null;
  step: number;
  position: number;
  item_key: string;
  state: RolloutOrgState;
  health: ItemHealth | null;
  previous: PreviousItem | null;
  previous_read: boolean;
  deployment_id: string | null;
  error: string | null;
  active: boolean;
  updated_at: Date;
}

export interface RolloutEventRow {
  rollout_id: string;
  seq: number;
  type: RolloutEvent['type'];
  status: RolloutStatus;
  step: number | null;
  platform_org_id: string | null;
  state: RolloutOrgState | null;
  message: string;
  at: Date;
}

/** An event to append (its number is given by the store). */
export type NewRolloutEvent = Pick<RolloutEvent, 'type' | 'message'> &
  Partial<Pick<RolloutEvent, 'step' | 'state'>> & { organizationId?: string };
