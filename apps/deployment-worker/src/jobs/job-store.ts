import { Inject, Injectable } from '@nestjs/common';
import {
  type DeploymentFailedEvent,
  DeploymentsEvents,
  type DeploymentSucceededEvent,
  type JobStatus,
  type LogChunk,
} from '@pc/contracts';
import { DataSource, type EntityManager, type QueryRunner } from 'typeorm';
import type { DeploymentRecord, DeployOutcome, JobRecord } from './job.rows';

interface LogRow {
  job_id: string;
  seq: number;
  step: string;
  level: LogChunk['level'];
  text: string;
  at: Date;
}

/**
 * The worker's reads and writes in the deployments schema: one lock per job (a duplicate delivery never
 * runs a job twice at once), step results (a redelivered job resumes after its last completed step),
 * numbered log lines (a line written again by a redelivery is the same line), and the outcome with
 * its durable event, in one transaction.
 */
@Injectable()
export class JobStore {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /**
   * A session advisory lock on the job for as long as the worker runs it; released when the worker
   * releases it or its connection dies (a killed worker). Null when another worker holds it.
   */
  async lock(jobId: string): Promise<{ release(): Promise<void> } | null> {
    const runner: QueryRunner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      const [row] = (await runner.query(
        `SELECT pg_try_advisory_lock(hashtext('deployment-job'), hashtext($1)) AS locked`,
        [jobId],
      )) as Array<{ locked: boolean }>;
      if (!row?.locked) {
        await runner.release();
        return null;
      }
    } catch (error) {
      await runner.release();
      throw error;
    }
    return {
      release: async () => {
        await runner
          .query(`SELECT pg_advisory_unlock(hashtext('deployment-job'), hashtext($1))`, [jobId])
          .catch(() => undefined);
        await runner.release();
      },
    };
  }

  async load(jobId: string): Promise<{ job: JobRecord; deployment: DeploymentRecord } | null> {
    const [job] = await this.dataSource.query<JobRecord[]>(`SELECT * FROM deployments.jobs WHERE id = $1`, [
      jobId,
    ]);
    if (!job) return null;
    const [deployment] = await this.dataSource.query<DeploymentRecord[]>(
      `SELECT * FROM deployments.deployments WHERE id = $1`,
      [job.deployment_id],
    );
    return deployment ? { job, deployment } : null;
  }

  /** The health timeout of a roll-out (null: no such roll-out any more). */
  async rolloutHealthTimeout(rolloutId: string): Promise<number | null> {
    const [row] = await this.dataSource.query<Array<{ health_timeout_seconds: number }>>(
      `SELECT health_timeout_seconds FROM deployments.rollouts WHERE id = $1`,
      [rolloutId],
    );
    return row?.health_timeout_seconds ?? null;
  }

  /** False once the roll-out has ended (aborted, for one): nobody waits for its health any more. */
  async rolloutActive(rolloutId: string): Promise<boolean> {
    const [row] = await this.dataSource.query<Array<{ finished_at: Date | null }>>(
      `SELECT finished_at FROM deployments.rollouts WHERE id = $1`,
      [rolloutId],
    );
    return row !== undefined && row.finished_at === null;
  }

  async start(job: JobRecord, attempt: number): Promise<void> {
    await this.dataSource.transaction(async (db) => {
      await db.query(
        `UPDATE deployments.jobs SET status = 'running', attempts = greatest(attempts, $2),
                started_at = coalesce(started_at, now()) WHERE id = $1`,
        [job.id, attempt],
      );
      if (job.kind === 'deploy')
        await db.query(
          `UPDATE deployments.deployments SET status = 'running', updated_at = now()
            WHERE id = $1 AND status = 'queued'`,
          [job.deployment_id],
        );
    });
  }

  async saveStep(jobId: string, step: string, result: unknown): Promise<void> {
    await this.dataSource.query(
      `UPDATE deployments.jobs SET steps = steps || jsonb_build_object($2::text, $3::jsonb), step = $2 WHERE id = $1`,
      [jobId, step, JSON.stringify(result ?? null)],
    );
  }

  /**
   * The deployment's attestation: the one stored when its subjects are these (a redelivery rebuilt the
   * same artifacts), else `envelope` stored in its place (nothing was published from the earlier one:
   * the registry is written only after this). One row per deployment, whatever the deliveries.
   */
  async keepProvenance(
    deploymentId: string,
    jobId: string,
    keyId: string,
    envelope: unknown,
    subjects: unknown,
  ): Promise<unknown> {
    const [row] = await this.dataSource.query<Array<{ envelope: unknown }>>(
      `INSERT INTO deployments.provenance (deployment_id, job_id, key_id, envelope, subjects)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (deployment_id) DO UPDATE SET job_id = excluded.job_id, key_id = excluded.key_id,
         envelope = excluded.envelope, subjects = excluded.subjects, created_at = now()
         WHERE deployments.provenance.subjects <> excluded.subjects
       RETURNING envelope`,
      [deploymentId, jobId, keyId, JSON.stringify(envelope), JSON.stringify(subjects)],
    );
    if (row) return row.envelope;
    const [kept] = await this.dataSource.query<Array<{ envelope: unknown }>>(
      `SELECT envelope FROM deployments.provenance WHERE deployment_id = $1`,
      [deploymentId],
    );
    return kept?.envelope ?? envelope;
  }

  async setStep(jobId: string, step: string): Promise<void> {
    await this.dataSource.query(`UPDATE deployments.jobs SET step = $2 WHERE id = $1`, [jobId, step]);
  }

  async cancelRequested(jobId: string): Promise<boolean> {
    const [row] = await this.dataSource.query<Array<{ cancel_requested_at: Date | null; status: JobStatus }>>(
      `SELECT cancel_requested_at, status FROM deployments.jobs WHERE id = $1`,
      [jobId],
    );
    return !row || row.cancel_requested_at !== null || row.status === 'cancelled';
  }

  /**
   * Appends a line to the job's log, numbered without gaps; a line whose key was written before (a
   * redelivered job repeating a step) is not written again: null.
   */
  async appendLog(
    job: Pick<JobRecord, 'id' | 'deployment_id'>,
    key: string,
    step: string,
    level: LogChunk['level'],
    text: string,
  ): Promise<LogChunk | null> {
    return this.dataSource.transaction(async (db) => {
      const [[seq]] = await db.query<[Array<{ log_seq: number }>, number]>(
        `UPDATE deployments.jobs SET log_seq = log_seq + 1 WHERE id = $1 RETURNING log_seq`,
        [job.id],
      );
      if (!seq) return null;
      const rows = await db.query<LogRow[]>(
        `INSERT INTO deployments.logs (job_id, seq, deployment_id, line_key, step, level, text)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (job_id, line_key) DO NOTHING
         RETURNING job_id, seq, step, level, text, at`,
        [job.id, seq.log_seq, job.deployment_id, key, step, level, text],
      );
      if (rows.length === 0) {
        // Written before: give the number back (the row lock on the job serializes writers).
        await db.query(`UPDATE deployments.jobs SET log_seq = log_seq - 1 WHERE id = $1`, [job.id]);
        return null;
      }
      const row = rows[0];
      return {
        seq: row.seq,
        job_id: row.job_id,
        step: row.step,
        level: row.level,
        text: row.text,
        at: row.at.toISOString(),
      };
    });
  }

  /** Ends a job (and, for a deploy job, its deployment); a success also writes the deploy event. */
  async finish(
    job: JobRecord,
    deployment: DeploymentRecord,
    status: Exclude<JobStatus, 'queued' | 'running'>,
    error: string | null,
    outcome?: DeployOutcome,
    removal?: { applied_version: string | null; dev_versions: string[] },
  ): Promise<JobRecord | null> {
    return this.dataSource.transaction(async (db) => {
      const [[ended]] = await db.query<[JobRecord[], number]>(
        `UPDATE deployments.jobs SET status = $2, error = $3, finished_at = now()
          WHERE id = $1 AND status IN ('queued', 'running') RETURNING *`,
        [job.id, status, error],
      );
      if (!ended) return null;
      if (job.kind === 'deploy') await this.recordDeployment(db, deployment, status, error, outcome);
      else if (job.kind === 'restore' && status === 'succeeded')
        // Its version no longer runs there, and is pinned: sync and self-heal never re-apply it.
        await db.query(
          `UPDATE deployments.deployments SET status = 'removed', rollback_pinned_at = now(), updated_at = now()
            WHERE id = $1`,
          [deployment.id],
        );
      else if (removal && status === 'succeeded')
        await db.query(
          `UPDATE deployments.deployments SET applied_version = $2, dev_versions = $3, updated_at = now() WHERE id = $1`,
          [deployment.id, removal.applied_version, JSON.stringify(removal.dev_versions)],
        );
      return ended;
    });
  }

  private async recordDeployment(
    db: EntityManager,
    deployment: DeploymentRecord,
    status: JobStatus,
    error: string | null,
    outcome?: DeployOutcome,
  ): Promise<void> {
    await db.query(
      `UPDATE deployments.deployments
          SET status = $2, error = $3, finished_at = now(), updated_at = now(),
              commit_sha = coalesce($4, commit_sha), implementation_commit_sha = coalesce($5, implementation_commit_sha),
              version = coalesce($6, version), group_id = coalesce($7, group_id),
              definition_asset_version = coalesce($8, definition_asset_version),
              implementation_asset_version = coalesce($9, implementation_asset_version),
              applied_version = coalesce($10, applied_version),
              dev_versions = coalesce($11::jsonb, dev_versions),
              home_doc_status = coalesce($12, home_doc_status),
              governance_profile_result = coalesce($13::jsonb, governance_profile_result)
        WHERE id = $1`,
      [
        deployment.id,
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
    // A success counts a deploy (catalog, rulesets) and, like a failure, reaches the webhooks of its author
    // and workspace (identity); the deployments service relays both from the outbox.
    if (status !== 'succeeded' && status !== 'failed') return;
    const event: DeploymentSucceededEvent = {
      deployment_id: deployment.id,
      asset_type: deployment.asset_type,
      policy_id: deployment.policy_id,
      ruleset_id: deployment.ruleset_id,
      workspace_id: deployment.workspace_id,
      connection_id: deployment.connection_id,
      platform_org_id: deployment.platform_org_id,
      created_by: deployment.created_by,
    };
    const [pattern, payload] =
      status === 'succeeded'
        ? [DeploymentsEvents.deploymentSucceeded.pattern, event]
        : [DeploymentsEvents.deploymentFailed.pattern, { ...event, error } satisfies DeploymentFailedEvent];
    await db.query(`INSERT INTO deployments.outbox (pattern, payload) VALUES ($1, $2)`, [
      pattern,
      JSON.stringify(payload),
    ]);
  }
}
