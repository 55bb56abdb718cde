import { Injectable } from '@nestjs/common';
import type { AssetType, DeploymentStatus, DriftHealFailure } from '@pc/contracts';
import type { Executor } from '@pc/platform';
import type { DeployOutcome, DeploymentRow, RemovalOutcome } from './deployment.rows';

/** What a new deployment row is given; the rest is the database's defaults and later steps. */
export type NewDeployment = Pick<
  DeploymentRow,
  | 'asset_type'
  | 'policy_id'
  | 'ruleset_id'
  | 'asset_name'
  | 'asset_slug'
  | 'connection_id'
  | 'workspace_id'
  | 'created_by'
  | 'platform_org_id'
  | 'platform_org_name'
  | 'do_publish'
  | 'do_release'
  | 'cleanup_dev'
  | 'ref'
  | 'implementation_ref'
  | 'requested_version'
  | 'source'
  | 'governance_profile'
  | 'dedupe_key'
>;

export interface ListFilter {
  createdBy: string;
  /**
   * The workspaces whose roll-outs' deployments the caller sees (a roll-out's deployment is its
   * workspace's); null: every one (an administrator).
   */
  rolloutWorkspaceIds: string[] | null;
  rulesetId?: string;
  policyId?: string;
  assetType?: AssetType;
  /** Keyset: rows strictly older than this (created_at, id). */
  before?: { at: Date; id: string };
  limit: number;
}

/**
 * Which failed deployments a creator deletes at once: theirs (of one policy, when given), the oldest
 * `limit`, as DELETE of each would allow (`rolloutWorkspaceIds` as in `ListFilter`).
 */
export interface FailedFilter {
  createdBy: string;
  policyId?: string;
  rolloutWorkspaceIds: string[] | null;
  limit: number;
}

const failedParams = (f: FailedFilter) => [f.createdBy, f.policyId ?? null, f.limit, f.rolloutWorkspaceIds];

const INSERT_COLUMNS = `asset_type, policy_id, ruleset_id, asset_name, asset_slug, connection_id, workspace_id,
  created_by, platform_org_id, platform_org_name, do_publish, do_release, cleanup_dev, ref, implementation_ref,
  requested_version, source, dedupe_key, governance_profile`;

/**
 * A creator's failed deployments ($1; of one policy, $2, unless null), oldest first, at most $3, that the
 * creator may delete one by one: a roll-out's only while they are a member of its workspace ($4, null: an
 * administrator) and once the roll-out has ended (a rollback restores its organizations through them).
 */
const FAILED_OF_CREATOR = `SELECT d.id FROM deployments.deployments d
  WHERE d.created_by = $1 AND d.status = 'failed' AND ($2::uuid IS NULL OR d.policy_id = $2)
    AND (d.rollout_id IS NULL OR (($4::uuid[] IS NULL OR d.workspace_id = ANY($4))
      AND NOT EXISTS (SELECT 1 FROM deployments.rollouts r WHERE r.id = d.rollout_id AND r.finished_at IS NULL)))
  ORDER BY d.created_at LIMIT $3`;

/**
 * The deployments (`deployments.deployments`): created by the service, moved along by the workers. Every
 * method takes its executor first (the pool or a transaction).
 */
@Injectable()
export class DeploymentsRepository {
  /** Moves a deployment from one status to another; the status it has after, or null when it had another. */
  async moveStatus(
    db: Executor,
    id: string,
    from: DeploymentStatus,
    to: DeploymentStatus,
  ): Promise<DeploymentStatus | null> {
    // TypeORM answers an UPDATE ... RETURNING with [rows, affected].
    const [rows] = await db.query<[Array<{ status: DeploymentStatus }>, number]>(
      `UPDATE deployments.deployments SET status = $3, updated_at = now() WHERE id = $1 AND status = $2 RETURNING status`,
      [id, from, to],
    );
    return rows[0]?.status ?? null;
  }

  /**
   * Inserts the deployment unless an identical one is in flight (the partial unique index decides,
   * so two concurrent requests cannot both insert): then returns that one, `deduped`.
   */
  async insertOrFindInFlight(
    db: Executor,
    d: NewDeployment,
  ): Promise<{ row: DeploymentRow; deduped: boolean }> {
    const inserted = await db.query<DeploymentRow[]>(
      `INSERT INTO deployments.deployments
         (asset_type, policy_id, ruleset_id, asset_name, asset_slug, connection_id, workspace_id, created_by,
          platform_org_id, platform_org_name, do_publish, do_release, cleanup_dev, ref, implementation_ref,
          requested_version, source, dedupe_key, governance_profile)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)
       ON CONFLICT (dedupe_key) WHERE status IN ('queued', 'running') DO NOTHING
       RETURNING *`,
      [
        d.asset_type,
        d.policy_id,
        d.ruleset_id,
        d.asset_name,
        d.asset_slug,
        d.connection_id,
        d.workspace_id,
        d.created_by,
        d.platform_org_id,
        d.platform_org_name,
        d.do_publish,
        d.do_release,
        d.cleanup_dev,
        d.ref,
        d.implementation_ref,
        d.requested_version,
        JSON.stringify(d.source),
        d.dedupe_key,
        d.governance_profile === null ? null : JSON.stringify(d.governance_profile),
      ],
    );
    if (inserted.length > 0) return { row: inserted[0], deduped: false };
    const [existing] = await db.query<DeploymentRow[]>(
      `SELECT * FROM deployments.deployments WHERE dedupe_key = $1 AND status IN ('queued', 'running')`,
      [d.dedupe_key],
    );
    if (!existing) throw new Error('In-flight deployment vanished between conflict and read; retry');
    return { row: existing, deduped: true };
  }

  /**
   * `insertOrFindInFlight` for many rows in one statement (the same partial unique index decides): each
   * row by its dedupe key, new or the identical one in flight (`deduped`).
   */
  async insertManyOrFindInFlight(
    db: Executor,
    rows: NewDeployment[],
  ): Promise<Map<string, { row: DeploymentRow; deduped: boolean }>> {
    const placed = new Map<string, { row: DeploymentRow; deduped: boolean }>();
    if (rows.length === 0) return placed;
    const inserted = await db.query<DeploymentRow[]>(
      `INSERT INTO deployments.deployments (${INSERT_COLUMNS})
       SELECT ${INSERT_COLUMNS} FROM jsonb_to_recordset($1::jsonb) AS x(
         asset_type text, policy_id uuid, ruleset_id uuid, asset_name text, asset_slug text, connection_id uuid,
         workspace_id uuid, created_by uuid, platform_org_id text, platform_org_name text, do_publish boolean,
         do_release boolean, cleanup_dev boolean, ref text, implementation_ref text, requested_version text,
         source jsonb, dedupe_key text, governance_profile jsonb)
       -- One order for every request: two overlapping requests wait for each other, never deadlock.
       ORDER BY dedupe_key
       ON CONFLICT (dedupe_key) WHERE status IN ('queued', 'running') DO NOTHING
       RETURNING *`,
      [JSON.stringify(rows)],
    );
    for (const row of inserted) placed.set(row.dedupe_key, { row, deduped: false });
    const missing = rows.map((r) => r.dedupe_key).filter((key) => !placed.has(key));
    if (missing.length > 0) {
      const existing = await db.query<DeploymentRow[]>(
        `SELECT * FROM deployments.deployments WHERE dedupe_key = ANY($1) AND status IN ('queued', 'running')`,
        [missing],
      );
      for (const row of existing) placed.set(row.dedupe_key, { row, deduped: true });
      if (existing.length < missing.length)
        throw new Error('In-flight deployment vanished between conflict and read; retry');
    }
    return placed;
  }

  async findById(db: Executor, id: string, opts: { lock?: boolean } = {}): Promise<DeploymentRow | null> {
    const rows = await db.query<DeploymentRow[]>(
      `SELECT * FROM deployments.deployments WHERE id = $1${opts.lock ? ' FOR UPDATE' : ''}`,
      [id],
    );
    return rows[0] ?? null;
  }

  async list(db: Executor, filter: ListFilter): Promise<DeploymentRow[]> {
    const where = ['created_by = $1'];
    const params: unknown[] = [filter.createdBy];
    const add = (sql: string, value: unknown) => {
      params.push(value);
      where.push(sql.replace('?', `$${params.length}`));
    };
    if (filter.rolloutWorkspaceIds)
      add('(rollout_id IS NULL OR workspace_id = ANY(?))', filter.rolloutWorkspaceIds);
    if (filter.rulesetId) add('ruleset_id = ?', filter.rulesetId);
    if (filter.policyId) add('policy_id = ?', filter.policyId);
    if (filter.assetType) add('asset_type = ?', filter.assetType);
    if (filter.before) {
      params.push(filter.before.at, filter.before.id);
      where.push(`(created_at, id) < ($${params.length - 1}, $${params.length})`);
    }
    params.push(filter.limit);
    return db.query<DeploymentRow[]>(
      `SELECT * FROM deployments.deployments WHERE ${where.join(' AND ')}
        ORDER BY created_at DESC, id DESC LIMIT $${params.length}`,
      params,
    );
  }

  /**
   * What earlier releases of the item (without a version in their request) say about a release of
   * `commit` (and `implementationCommit`): the version one built from that commit (the repository's
   * files there give it again), else whether one was built from another commit (then a version the
   * listing names may be an older commit's). Only succeeded releases count.
   */
  async releasedVersionOf(
    db: Executor,
    item: { assetType: AssetType; id: string },
    commit: string,
    implementationCommit: string | null,
  ): Promise<{ version: string | null; otherCommitReleased: boolean }> {
    const rows = await db.query<Array<{ version: string; same: boolean }>>(
      `SELECT version,
              (commit_sha = $2 AND implementation_commit_sha IS NOT DISTINCT FROM $3) AS same
         FROM deployments.deployments
        WHERE ${item.assetType === 'ruleset' ? 'ruleset_id' : 'policy_id'} = $1
          AND status = 'succeeded' AND do_release AND requested_version IS NULL AND version IS NOT NULL
        ORDER BY same DESC, created_at DESC LIMIT 1`,
      [item.id, commit, implementationCommit],
    );
    const row = rows[0];
    if (!row) return { version: null, otherCommitReleased: false };
    return row.same
      ? { version: row.version, otherCommitReleased: false }
      : { version: null, otherCommitReleased: true };
  }

  /** True while the roll-out has not ended (its deployments are still its to restore). */
  async rolloutActive(db: Executor, rolloutId: string): Promise<boolean> {
    const rows = await db.query<unknown[]>(
      `SELECT 1 FROM deployments.rollouts WHERE id = $1 AND finished_at IS NULL`,
      [rolloutId],
    );
    return rows.length > 0;
  }

  async delete(db: Executor, id: string): Promise<void> {
    await db.query(`DELETE FROM deployments.deployments WHERE id = $1`, [id]);
  }

  /** Deletes the creator's failed deployments they may delete (see `FailedFilter`). */
  async deleteFailed(db: Executor, filter: FailedFilter): Promise<string[]> {
    const [rows] = await db.query<[Array<{ id: string }>, number]>(
      `DELETE FROM deployments.deployments WHERE id IN (${FAILED_OF_CREATOR}) RETURNING id`,
      failedParams(filter),
    );
    return rows.map((r) => r.id);
  }

  /** The failed deployments `deleteFailed` would delete now, with their workspaces. */
  async failedOf(db: Executor, filter: FailedFilter): Promise<Array<{ id: string; workspace_id: string }>> {
    return db.query<Array<{ id: string; workspace_id: string }>>(
      `SELECT id, workspace_id FROM deployments.deployments WHERE id IN (${FAILED_OF_CREATOR})`,
      failedParams(filter),
    );
  }

  /** A deploy job started: its deployment runs (unless it was cancelled meanwhile). */
  async markRunning(db: Executor, id: string): Promise<void> {
    await db.query(
      `UPDATE deployments.deployments SET status = 'running', updated_at = now()
        WHERE id = $1 AND status = 'queued'`,
      [id],
    );
  }

  /**
   * A deploy job ended: its status, its error, and on success what was built, published and applied
   * (and no drift: the platform runs what it applied). A job that failed or was cancelled changes only a
   * deployment still in flight: one that had succeeded (a self-heal applying it again) keeps its status,
   * since what it applied may still run there (`recordFailedHeal` keeps the failure on its drift).
   * Answers whether the deployment took the outcome.
   */
  async recordOutcome(
    db: Executor,
    id: string,
    status: DeploymentStatus,
    error: string | null,
    outcome?: DeployOutcome,
  ): Promise<boolean> {
    const [rows] = await db.query<[Array<{ id: string }>, number]>(
      `UPDATE deployments.deployments
          SET status = $2, error = $3, finished_at = now(), updated_at = now(),
              commit_sha = coalesce($4, commit_sha), implementation_commit_sha = coalesce($5, implementation_commit_sha),
              version = coalesce($6, version), group_id = coalesce($7, group_id),
              definition_asset_version = coalesce($8, definition_asset_version),
              implementation_asset_version = coalesce($9, implementation_asset_version),
              applied_version = coalesce($10, applied_version),
              dev_versions = coalesce($11::jsonb, dev_versions),
              home_doc_status = coalesce($12, home_doc_status),
              governance_profile_result = coalesce($13::jsonb, governance_profile_result),
              drift = CASE WHEN $2 = 'succeeded' THEN NULL ELSE drift END
        WHERE id = $1 AND ($2 = 'succeeded' OR status IN ('queued', 'running'))
        RETURNING id`,
      [
        id,
        status,
        error,
        outcome?.commit_sha ?? null,
        outcome?.implementation_commit_sha ?? null,
        outcome?.version ?? null,
        outcome?.group_id ?? null,
        outcome?.definition_asset_version ?? null,
        outcome?.implementation_asset_version ?? null,
        outcome?.applied_version ?? null,
        outcome ? JSON.stringify(outcome.dev_versions) : null,
        outcome?.home_doc_status ?? null,
        outcome?.governance_profile_result ? JSON.stringify(outcome.governance_profile_result) : null,
      ],
    );
    return rows.length > 0;
  }

  /** A self-heal of a drifted deployment failed or was cancelled: its drift says so (see `DriftHealFailure`). */
  async recordFailedHeal(db: Executor, id: string, failure: DriftHealFailure): Promise<void> {
    await db.query(
      `UPDATE deployments.deployments
          SET drift = drift || jsonb_build_object('heal_failure', $2::jsonb), updated_at = now()
        WHERE id = $1 AND drift IS NOT NULL`,
      [id, JSON.stringify(failure)],
    );
  }

  /** A restore succeeded: its version no longer runs there, and is pinned (sync and self-heal never re-apply it). */
  async markRestored(db: Executor, id: string): Promise<void> {
    await db.query(
      `UPDATE deployments.deployments SET status = 'removed', rollback_pinned_at = now(), updated_at = now()
        WHERE id = $1`,
      [id],
    );
  }

  /** An unpublish or a release deletion succeeded: what is left applied and of the dev versions. */
  async recordRemoval(db: Executor, id: string, removal: RemovalOutcome): Promise<void> {
    await db.query(
      `UPDATE deployments.deployments SET applied_version = $2, dev_versions = $3, updated_at = now() WHERE id = $1`,
      [id, removal.applied_version, JSON.stringify(removal.dev_versions)],
    );
  }
}
