import type { Rollout, RolloutEvent, RolloutStep } from '@pc/contracts';
import { deployedItem } from '@pc/deployments-store';
import type { RolloutEventRow, RolloutOrgRow, RolloutRow } from './rollout.rows';

const iso = (d: Date | null): string | null => (d === null ? null : d.toISOString());

export function toRollout(row: RolloutRow, orgs: RolloutOrgRow[]): Rollout {
  const steps: RolloutStep[] = Array.from({ length: row.step_count }, (_, index) => ({
    index,
    state: stepState(row, index, orgs),
    organizations: orgs
      .filter((o) => o.step === index)
      .sort((a, b) => a.position - b.position)
      .map((o) => ({
        organization_id: o.platform_org_id,
        organization_name: o.platform_org_name,
        state: o.state,
        health: o.health,
        previous_version: o.previous?.version ?? null,
        deployment_id: o.deployment_id,
        error: o.error,
      })),
  }));
  return {
    id: row.id,
    ...deployedItem(row),
    workspace_id: row.workspace_id,
    connection_id: row.connection_id,
    created_by: row.created_by,
    status: row.status,
    current_step: row.current_step,
    phase: row.phase,
    requested_version: row.requested_version,
    bake_seconds: row.bake_seconds,
    health_timeout_seconds: row.health_timeout_seconds,
    halt_reason: row.halt_reason,
    steps,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    finished_at: iso(row.finished_at),
  };
}

/**
 * A step's state from the roll-out's: the step it ended in says how it ended (`halted`, `aborted`,
 * `rolled_back`); the steps before it went through (`done`), unless a halt or a rollback restored them.
 */
function stepState(row: RolloutRow, index: number, orgs: RolloutOrgRow[]): RolloutStep['state'] {
  const mine = orgs.filter((o) => o.step === index);
  if (mine.length > 0 && mine.every((o) => o.state === 'skipped')) return 'skipped';
  if (row.current_step === null || index > row.current_step) return 'pending';
  const restored = row.status === 'halted' || row.status === 'rolled_back';
  if (index < row.current_step) return restored ? 'rolled_back' : 'done';
  if (row.finished_at === null) return 'active';
  if (row.status === 'halted') return 'halted';
  if (row.status === 'aborted') return 'aborted';
  if (row.status === 'rolled_back') return 'rolled_back';
  return 'done';
}

export function toRolloutEvent(row: RolloutEventRow): RolloutEvent {
  return {
    seq: row.seq,
    rollout_id: row.rollout_id,
    type: row.type,
    status: row.status,
    step: row.step,
    organization_id: row.platform_org_id,
    state: row.state,
    message: row.message,
    at: row.at.toISOString(),
  };
}
