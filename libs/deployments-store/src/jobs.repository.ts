import { Injectable } from '@nestjs/common';
import type { JobKind, JobStatus } from '@pc/contracts';
import type { Executor } from '@pc/platform';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import type { JobRow } from './deployment.rows';

/** A pooled connection of the driver, as far as a run lock uses it. */
interface PgSession {
  query<R>(sql: string, parameters: unknown[]): Promise<{ rows: R[] }>;
  on(event: 'error', listener: (error: Error) => void): unknown;
  removeListener(event: 'error', listener: (error: Error) => void): unknown;
}
/** Hands a connection back to the pool; with an error, the pool closes it instead. */
type GiveBackConnection = (error?: Error) => void;

const toError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

/** A job's end: every status but the two of a job in flight. */
export type EndedJobStatus = Exclude<JobStatus, 'queued' | 'running'>;

/**
 * The jobs (`deployments.jobs`): one unfinished job per deployment, inserted by the service, run by a
 * worker (started, its steps' results stored, ended once). Every method takes its executor first.
 */
@Injectable()
export class JobsRepository {
  /** One job of `kind` per deployment that has no unfinished job, in one statement. */
  async insertMany(db: Executor, deploymentIds: string[], kind: JobKind): Promise<JobRow[]> {
    if (deploymentIds.length === 0) return [];
    return db.query<JobRow[]>(
      `INSERT INTO deployments.jobs (deployment_id, kind) SELECT unnest($1::uuid[]), $2
       ON CONFLICT (deployment_id) WHERE status IN ('queued', 'running') DO NOTHING RETURNING *`,
      [deploymentIds, kind],
    );
  }

  async insert(db: Executor, deploymentId: string, kind: JobKind): Promise<JobRow | null> {
    const rows = await db.query<JobRow[]>(
      `INSERT INTO deployments.jobs (deployment_id, kind) VALUES ($1, $2)
       ON CONFLICT (deployment_id) WHERE status IN ('queued', 'running') DO NOTHING RETURNING *`,
      [deploymentId, kind],
    );
    return rows[0] ?? null;
  }

  /**
   * A self-heal: a deploy job of a deployment that succeeded and drifted, marked `self_heal` (null: a job
   * of the deployment is in flight already).
   */
  async insertSelfHeal(db: Executor, deploymentId: string): Promise<JobRow | null> {
    const rows = await db.query<JobRow[]>(
      `INSERT INTO deployments.jobs (deployment_id, kind, self_heal) VALUES ($1, 'deploy', true)
       ON CONFLICT (deployment_id) WHERE status IN ('queued', 'running') DO NOTHING RETURNING *`,
      [deploymentId],
    );
    return rows[0] ?? null;
  }

  async jobsOf(db: Executor, deploymentId: string, limit: number): Promise<JobRow[]> {
    return db.query<JobRow[]>(
      `SELECT * FROM deployments.jobs WHERE deployment_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
      [deploymentId, limit],
    );
  }

  async latestOf(db: Executor, deploymentId: string): Promise<JobRow | null> {
    return (await this.jobsOf(db, deploymentId, 1))[0] ?? null;
  }

  /** One job of the deployment (null: none of its jobs has that id). */
  async findOf(db: Executor, deploymentId: string, id: string): Promise<JobRow | null> {
    const rows = await db.query<JobRow[]>(
      `SELECT * FROM deployments.jobs WHERE id = $1 AND deployment_id = $2`,
      [id, deploymentId],
    );
    return rows[0] ?? null;
  }

  async findById(db: Executor, id: string): Promise<JobRow | null> {
    const rows = await db.query<JobRow[]>(`SELECT * FROM deployments.jobs WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  /**
   * Cancels those of the deployments whose job has not started (queued, released or not): nothing of
   * them runs (a worker holding one already finds it cancelled at its next checkpoint, before apply).
   * Running jobs are left to finish. Answers the deployments cancelled.
   */
  async cancelQueued(db: Executor, deploymentIds: string[], reason: string): Promise<string[]> {
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
   * worker to stop (it checks between steps and during the build). Answers the job as it is now (cancelled,
   * or running with the stop asked), or null when nothing was in flight.
   */
  async requestCancel(db: Executor, deploymentId: string): Promise<JobRow | null> {
    const [jobs] = await db.query<[JobRow[], number]>(
      `UPDATE deployments.jobs SET cancel_requested_at = coalesce(cancel_requested_at, now()),
              status = CASE WHEN status = 'queued' THEN 'cancelled' ELSE status END,
              finished_at = CASE WHEN status = 'queued' THEN now() ELSE finished_at END,
              error = CASE WHEN status = 'queued' THEN 'Cancelled by the user' ELSE error END
        WHERE deployment_id = $1 AND status IN ('queued', 'running') RETURNING *`,
      [deploymentId],
    );
    if (jobs.length === 0) return null;
    await db.query(
      `UPDATE deployments.deployments SET status = 'cancelled', finished_at = now(), updated_at = now(),
              error = 'Cancelled by the user'
        WHERE id = $1 AND status = 'queued'`,
      [deploymentId],
    );
    return jobs[0];
  }
  /**
   * A session advisory lock on the job for as long as a worker runs it, on a connection of its own
   * (released by `release()`, or when the connection dies: a killed worker). Null when another worker
   * holds it. A connection whose unlock failed still holds the lock: it is closed (the server then frees
   * the lock), never handed back to the pool, where it would keep the job from every other worker.
   */
  async lockForRun(pool: Executor, jobId: string): Promise<{ release(): Promise<void> } | null> {
    const driver = pool.connection.driver as PostgresDriver;
    const [session, handBack] = (await driver.obtainMasterConnection()) as [PgSession, GiveBackConnection];
    // A checked-out connection's own errors (the server ending it: a restart, a dropped database) are
    // this lock's to handle, as TypeORM's query runner does: unheard, they would crash the process. The
    // connection is then closed, not pooled; its lock went with it.
    let handedBack = false;
    const giveBack = (error?: Error): void => {
      if (handedBack) return;
      handedBack = true;
      session.removeListener('error', onError);
      handBack(error);
    };
    const onError = (error: Error): void => giveBack(error);
    session.on('error', onError);
    let locked: boolean;
    try {
      const { rows } = await session.query<{ locked: boolean }>(
        `SELECT pg_try_advisory_lock(hashtext('deployment-job'), hashtext($1)) AS locked`,
        [jobId],
      );
      locked = rows[0]?.locked === true;
    } catch (error) {
      giveBack(toError(error));
      throw error;
    }
    if (!locked) {
      giveBack();
      return null;
    }
    return {
      release: async () => {
        try {
          await session.query(`SELECT pg_advisory_unlock(hashtext('deployment-job'), hashtext($1))`, [jobId]);
        } catch (error) {
          giveBack(toError(error)); // closed, not pooled
          return;
        }
        giveBack();
      },
    };
  }

  /** A worker starts (or resumes) the job: running, its delivery counted, its first start kept. */
  async start(db: Executor, jobId: string, attempt: number): Promise<void> {
    await db.query(
      `UPDATE deployments.jobs SET status = 'running', attempts = greatest(attempts, $2),
              started_at = coalesce(started_at, now()) WHERE id = $1`,
      [jobId, attempt],
    );
  }

  /** A step's result, kept so that a redelivered job resumes after its last completed step. */
  async saveStep(db: Executor, jobId: string, step: string, result: unknown): Promise<void> {
    await db.query(
      `UPDATE deployments.jobs SET steps = steps || jsonb_build_object($2::text, $3::jsonb), step = $2 WHERE id = $1`,
      [jobId, step, JSON.stringify(result ?? null)],
    );
  }

  async setStep(db: Executor, jobId: string, step: string): Promise<void> {
    await db.query(`UPDATE deployments.jobs SET step = $2 WHERE id = $1`, [jobId, step]);
  }

  /** True once the author asked to stop the job (or it was cancelled, or deleted with its deployment). */
  async cancelRequested(db: Executor, jobId: string): Promise<boolean> {
    const [row] = await db.query<Array<{ cancel_requested_at: Date | null; status: JobStatus }>>(
      `SELECT cancel_requested_at, status FROM deployments.jobs WHERE id = $1`,
      [jobId],
    );
    return !row || row.cancel_requested_at !== null || row.status === 'cancelled';
  }

  /** Ends the job once: null when it had ended already (a late redelivery). */
  async end(
    db: Executor,
    jobId: string,
    status: EndedJobStatus,
    error: string | null,
  ): Promise<JobRow | null> {
    const [[ended]] = await db.query<[JobRow[], number]>(
      `UPDATE deployments.jobs SET status = $2, error = $3, finished_at = now()
        WHERE id = $1 AND status IN ('queued', 'running') RETURNING *`,
      [jobId, status, error],
    );
    return ended ?? null;
  }
}
