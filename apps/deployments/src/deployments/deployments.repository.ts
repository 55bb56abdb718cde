import { Inject, Injectable } from '@nestjs/common';
import type { AssetType, DeploymentStatus, JobKind } from '@pc/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { DeploymentRow, DeploymentSource, JobRow, LogRow } from './deployment.rows';

type Db = EntityManager;

export interface NewDeployment {
  asset_type: AssetType;
  policy_id: string | null;
  ruleset_id: string | null;
  asset_name: string;
  asset_slug: string;
  connection_id: string;
  workspace_id: string;
  created_by: string;
  platform_org_id: string;
  platform_org_name: string | null;
  do_publish: boolean;
  do_release: boolean;
  cleanup_dev: boolean;
  ref: string | null;
  implementation_ref: string | null;
  requested_version: string | null;
  source: DeploymentSource;
  /** Rulesets: the profile deployed (name, rule counts and names, target scopes). */
  governance_profile: Record<string, unknown> | null;
  dedupe_key: string;
}

export interface ListFilter {
  createdBy: string;
  rulesetId?: string;
  policyId?: string;
  assetType?: AssetType;
  /** Keyset: rows strictly older than this (created_at, id). */
  before?: { at: Date; id: string };
  limit: number;
}

const INSERT_COLUMNS = `asset_type, policy_id, ruleset_id, asset_name, asset_slug, connection_id, workspace_id,
  created_by, platform_org_id, platform_org_name, do_publish, do_release, cleanup_dev, ref, implementation_ref,
  requested_version, source, dedupe_key, governance_profile`;

/** Deployments, their jobs and their logs (the `deployments` schema). */
@Injectable()
export class DeploymentsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  get db(): Db {
    return this.dataSource.manager;
  }

  /** Moves a deployment from one status to another; the status it has after, or null when it had another. */
  async moveStatus(
    id: string,
    from: DeploymentStatus,
    to: DeploymentStatus,
  ): Promise<DeploymentStatus | null> {
    // TypeORM answers an UPDATE ... RETURNING with [rows, affected].
    const [rows] = await this.dataSource.query<[Array<{ status: DeploymentStatus }>, number]>(
      `UPDATE deployments.deployments SET status = $3, updated_at = now() WHERE id = $1 AND status = $2 RETURNING status`,
      [id, from, to],
    );
    return rows[0]?.status ?? null;
  }

  transaction<T>(work: (db: Db) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /**
   * Inserts the deployment unless an identical one is in flight (the partial unique index decides,
   * so two concurrent requests cannot both insert): then returns that one, `deduped`.
   */
  async insertOrFindInFlight(db: Db, d: NewDeployment): Promise<{ row: DeploymentRow; deduped: boolean }> {
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
    db: Db,
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

  /** One job of `kind` per deployment that has no unfinished job, in one statement. */
  async insertJobs(db: Db, deploymentIds: string[], kind: JobKind): Promise<JobRow[]> {
    if (deploymentIds.length === 0) return [];
    return db.query<JobRow[]>(
      `INSERT INTO deployments.jobs (deployment_id, kind) SELECT unnest($1::uuid[]), $2
       ON CONFLICT (deployment_id) WHERE status IN ('queued', 'running') DO NOTHING RETURNING *`,
      [deploymentIds, kind],
    );
  }

  async insertJob(db: Db, deploymentId: string, kind: JobKind): Promise<JobRow | null> {
    const rows = await db.query<JobRow[]>(
      `INSERT INTO deployments.jobs (deployment_id, kind) VALUES ($1, $2)
       ON CONFLICT (deployment_id) WHERE status IN ('queued', 'running') DO NOTHING RETURNING *`,
      [deploymentId, kind],
    );
    return rows[0] ?? null;
  }

  async findById(id: string, db: Db = this.db, lock = false): Promise<DeploymentRow | null> {
    const rows = await db.query<DeploymentRow[]>(
      `SELECT * FROM deployments.deployments WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
      [id],
    );
    return rows[0] ?? null;
  }

  async list(filter: ListFilter): Promise<DeploymentRow[]> {
    const where = ['created_by = $1'];
    const params: unknown[] = [filter.createdBy];
    const add = (sql: string, value: unknown) => {
      params.push(value);
      where.push(sql.replace('?', `$${params.length}`));
    };
    if (filter.rulesetId) add('ruleset_id = ?', filter.rulesetId);
    if (filter.policyId) add('policy_id = ?', filter.policyId);
    if (filter.assetType) add('asset_type = ?', filter.assetType);
    if (filter.before) {
      params.push(filter.before.at, filter.before.id);
      where.push(`(created_at, id) < ($${params.length - 1}, $${params.length})`);
    }
    params.push(filter.limit);
    return this.db.query<DeploymentRow[]>(
      `SELECT * FROM deployments.deployments WHERE ${where.join(' AND ')}
        ORDER BY created_at DESC, id DESC LIMIT $${params.length}`,
      params,
    );
  }

  async delete(db: Db, id: string): Promise<void> {
    await db.query(`DELETE FROM deployments.deployments WHERE id = $1`, [id]);
  }

  async deleteFailed(createdBy: string, policyId: string | undefined, limit: number): Promise<string[]> {
    const [rows] = await this.db.query<[Array<{ id: string }>, number]>(
      `DELETE FROM deployments.deployments WHERE id IN (
         SELECT id FROM deployments.deployments
          WHERE created_by = $1 AND status = 'failed' AND ($2::uuid IS NULL OR policy_id = $2)
          ORDER BY created_at LIMIT $3)
       RETURNING id`,
      [createdBy, policyId ?? null, limit],
    );
    return rows.map((r) => r.id);
  }

  async jobsOf(deploymentId: string, limit: number): Promise<JobRow[]> {
    return this.db.query<JobRow[]>(
      `SELECT * FROM deployments.jobs WHERE deployment_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
      [deploymentId, limit],
    );
  }

  async latestJob(deploymentId: string): Promise<JobRow | null> {
    return (await this.jobsOf(deploymentId, 1))[0] ?? null;
  }

  async findJob(id: string): Promise<JobRow | null> {
    const rows = await this.db.query<JobRow[]>(`SELECT * FROM deployments.jobs WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** The most recent chunks of a job, in order. */
  async recentLogs(jobId: string, limit: number): Promise<LogRow[]> {
    return this.db.query<LogRow[]>(
      `SELECT * FROM (SELECT * FROM deployments.logs WHERE job_id = $1 ORDER BY seq DESC LIMIT $2) t
        ORDER BY seq`,
      [jobId, limit],
    );
  }

  async logsAfter(jobId: string, afterSeq: number, limit: number): Promise<LogRow[]> {
    return this.db.query<LogRow[]>(
      `SELECT * FROM deployments.logs WHERE job_id = $1 AND seq > $2 ORDER BY seq LIMIT $3`,
      [jobId, afterSeq, limit],
    );
  }

  /**
   * Cancels those of the deployments whose job has not started (queued, released or not): nothing of
   * them runs (a worker holding one already finds it cancelled at its next checkpoint, before apply).
   * Running jobs are left to finish. Answers the deployments cancelled.
   */
  async cancelQueued(db: Db, deploymentIds: string[], reason: string): Promise<string[]> {
    if (deploymentIds.length === 0) return [];
    const [jobs] = await db.query<[Array<{ deployment_id: string }>, number]>(
      `UPDATE deployments.jobs SET cancel_requested_at = coalesce(cancel_requested_at, now()),
              status = 'cancelled', finished_at = now(), error = $2
        WHERE deployment_id = ANY($1) AND status = 'queued' RETURNING deployment_id`,
      [deploymentIds, reason],
    );
    const ids = jobs.map((j) => j.deployment_id);
    if (ids.length === 0) return [];
    await db.query(
      `UPDATE deployments.deployments SET status = 'cancelled', finished_at = now(), updated_at = now(), error = $2
        WHERE id = ANY($1) AND status = 'queued'`,
      [ids, reason],
    );
    return ids;
  }

  /**
   * Cancels a deployment whose job has not started (queued: cancelled at once) or asks the running
   * worker to stop (it checks between steps and during the build). Returns false when nothing was in flight.
   */
  async requestCancel(db: Db, deploymentId: string): Promise<boolean> {
    const [jobs] = await db.query<[JobRow[], number]>(
      `UPDATE deployments.jobs SET cancel_requested_at = coalesce(cancel_requested_at, now()),
              status = CASE WHEN status = 'queued' THEN 'cancelled' ELSE status END,
              finished_at = CASE WHEN status = 'queued' THEN now() ELSE finished_at END
        WHERE deployment_id = $1 AND status IN ('queued', 'running') RETURNING *`,
      [deploymentId],
    );
    if (jobs.length === 0) return false;
    await db.query(
      `UPDATE deployments.deployments SET status = 'cancelled', finished_at = now(), updated_at = now(),
              error = 'Cancelled by the user'
        WHERE id = $1 AND status = 'queued'`,
      [deploymentId],
    );
    return true;
  }
}
