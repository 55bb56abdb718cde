import type { Deployment, DeploymentDrift, DeploymentJob, LogChunk } from '@pc/contracts';
import type { DeployedItemRow, DeploymentRow, JobRow, LogRow, StoredDrift } from './deployment.rows';

const iso = (d: Date | null): string | null => (d === null ? null : d.toISOString());

/** The item a deployment or a roll-out is of: its kind, the policy's or the ruleset's id, and its name. */
export function deployedItem(
  row: DeployedItemRow,
): Pick<Deployment, 'asset_type' | 'policy_id' | 'ruleset_id' | 'asset_name'> {
  return {
    asset_type: row.asset_type,
    policy_id: row.policy_id,
    ruleset_id: row.ruleset_id,
    asset_name: row.asset_name,
  };
}

export function toDeployment(row: DeploymentRow): Deployment {
  return {
    id: row.id,
    ...deployedItem(row),
    governance_profile: row.governance_profile,
    governance_profile_result: row.governance_profile_result,
    connection_id: row.connection_id,
    workspace_id: row.workspace_id,
    created_by: row.created_by,
    status: row.status,
    platform_org_id: row.platform_org_id,
    platform_org_name: row.platform_org_name,
    mode: row.do_release ? 'release' : row.do_publish ? 'publish' : 'apply',
    do_publish: row.do_publish,
    do_release: row.do_release,
    cleanup_dev: row.cleanup_dev,
    ref: row.ref,
    implementation_ref: row.implementation_ref,
    requested_version: row.requested_version,
    commit_sha: row.commit_sha,
    reviewed: row.source.reviewed ?? null,
    pinned_commit: row.source.pin?.commit ?? null,
    version: row.version,
    definition_asset_version: row.definition_asset_version,
    implementation_asset_version: row.implementation_asset_version,
    home_doc_status: row.home_doc_status,
    error: row.error,
    rollout_id: row.rollout_id,
    drifted: row.drift !== null,
    drift: toDrift(row.drift),
    rollback_pinned: row.rollback_pinned_at !== null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    finished_at: iso(row.finished_at),
  };
}

/** A stored drift as the API shows it (`heal_failure` null on records made before it was kept). */
export function toDrift(stored: StoredDrift | null): DeploymentDrift | null {
  return stored === null ? null : { ...stored, heal_failure: stored.heal_failure ?? null };
}

export function toJob(row: JobRow): DeploymentJob {
  return {
    id: row.id,
    deployment_id: row.deployment_id,
    kind: row.kind,
    self_heal: row.self_heal,
    status: row.status,
    step: row.step as DeploymentJob['step'],
    attempts: row.attempts,
    error: row.error,
    created_at: row.created_at.toISOString(),
    started_at: iso(row.started_at),
    finished_at: iso(row.finished_at),
  };
}

export function toChunk(row: LogRow): LogChunk {
  return {
    seq: row.seq,
    job_id: row.job_id,
    step: row.step,
    level: row.level,
    text: row.text,
    at: row.at.toISOString(),
  };
}
