import { Injectable } from '@nestjs/common';
import type { JobRow } from '@pc/deployments-store';
import type { Executor } from '@pc/platform';

/** A waiting job with its author and how many of the author's jobs are on the queue or running. */
export interface WaitingJob extends Pick<JobRow, 'id' | 'deployment_id' | 'kind'> {
  created_by: string;
  released: number;
}

/** The scheduler's reads and writes on `deployments.jobs`: what waits, what is released, what runs. */
@Injectable()
export class JobScheduleRepository {
  /** One release pass at a time across every replica of the service (held until `tx` ends). */
  async lockReleasePass(tx: Executor): Promise<void> {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('deployments:job-release'))`);
  }

  /**
   * The next job to release: each author's oldest waiting job, among authors with fewer than `perAuthor`
   * jobs released and unfinished; the author with the fewest first, then the oldest job. Round robin
   * across authors, first come first served within one.
   */
  async nextWaiting(db: Executor, perAuthor: number): Promise<WaitingJob | null> {
    const rows = await db.query<WaitingJob[]>(
      `WITH waiting AS (
         SELECT DISTINCT ON (d.created_by) j.id, j.deployment_id, j.kind, j.created_at, d.created_by
           FROM deployments.jobs j JOIN deployments.deployments d ON d.id = j.deployment_id
          WHERE j.status = 'queued' AND j.released_at IS NULL
          ORDER BY d.created_by, j.created_at, j.id
       ), busy AS (
         SELECT d.created_by, count(*)::int AS released
           FROM deployments.jobs j JOIN deployments.deployments d ON d.id = j.deployment_id
          WHERE j.status IN ('queued', 'running') AND j.released_at IS NOT NULL
            AND d.created_by IN (SELECT created_by FROM waiting)
          GROUP BY d.created_by
       )
       SELECT w.id, w.deployment_id, w.kind, w.created_by, coalesce(b.released, 0) AS released
         FROM waiting w LEFT JOIN busy b USING (created_by)
        WHERE coalesce(b.released, 0) < $1
        ORDER BY coalesce(b.released, 0), w.created_at, w.id
        LIMIT 1`,
      [perAuthor],
    );
    return rows[0] ?? null;
  }

  async markReleased(db: Executor, jobId: string): Promise<void> {
    await db.query(`UPDATE deployments.jobs SET released_at = now() WHERE id = $1`, [jobId]);
  }

  /** Back to waiting: a released job the queue did not take. */
  async markWaiting(db: Executor, jobId: string): Promise<void> {
    await db.query(`UPDATE deployments.jobs SET released_at = NULL WHERE id = $1 AND status = 'queued'`, [
      jobId,
    ]);
  }

  /** Released jobs that have not finished (enqueued again at start: the in-process queue forgets). */
  async releasedUnfinished(db: Executor, limit: number): Promise<JobRow[]> {
    return db.query<JobRow[]>(
      `SELECT * FROM deployments.jobs
        WHERE status IN ('queued', 'running') AND released_at IS NOT NULL ORDER BY created_at LIMIT $1`,
      [limit],
    );
  }
}
