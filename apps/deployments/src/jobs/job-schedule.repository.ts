import { Injectable } from '@nestjs/common';
import type { JobRow } from '@pc/deployments-store';
import type { Executor } from '@pc/platform';

/** A job a release pass handed to the queue. */
export type ReleasedJob = Pick<JobRow, 'id' | 'deployment_id' | 'kind'>;

/** The scheduler's reads and writes on `deployments.jobs`: what waits, what is released, what runs. */
@Injectable()
export class JobScheduleRepository {
  /** One release pass at a time across every replica of the service (held until `tx` ends). */
  async lockReleasePass(tx: Executor): Promise<void> {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('deployments:job-release'))`);
  }

  /**
   * Releases up to `limit` waiting jobs in one statement and answers them in the order of release:
   * each author's waiting jobs, oldest first, up to their free slots (`perAuthor` less the jobs of theirs
   * on the queue or running); across authors, the one with the fewest jobs out first, then the oldest job.
   * A job's `turn` is how many of its author's jobs are out when it is released: ordering by turn then age
   * is the round robin of releasing one job at a time, done in one pass over the waiting jobs (a pass
   * over 50 new jobs made 100 round trips, each reading every waiting and released job again).
   */
  async releaseNext(db: Executor, perAuthor: number, limit: number): Promise<ReleasedJob[]> {
    return db.query<ReleasedJob[]>(
      `WITH waiting AS (
         SELECT j.id, j.deployment_id, j.kind, j.created_at, d.created_by,
                row_number() OVER (PARTITION BY d.created_by ORDER BY j.created_at, j.id)::int AS nth
           FROM deployments.jobs j JOIN deployments.deployments d ON d.id = j.deployment_id
          WHERE j.status = 'queued' AND j.released_at IS NULL
       ), busy AS (
         SELECT d.created_by, count(*)::int AS released
           FROM deployments.jobs j JOIN deployments.deployments d ON d.id = j.deployment_id
          WHERE j.status IN ('queued', 'running') AND j.released_at IS NOT NULL
            AND d.created_by IN (SELECT created_by FROM waiting)
          GROUP BY d.created_by
       ), chosen AS (
         SELECT w.id, w.deployment_id, w.kind, w.created_at,
                coalesce(b.released, 0) + w.nth - 1 AS turn
           FROM waiting w LEFT JOIN busy b USING (created_by)
          WHERE coalesce(b.released, 0) + w.nth <= $1
          ORDER BY turn, w.created_at, w.id
          LIMIT $2
       ), released AS (
         UPDATE deployments.jobs j SET released_at = now() FROM chosen c WHERE j.id = c.id
         RETURNING c.id, c.deployment_id, c.kind, c.created_at, c.turn
       )
       SELECT id, deployment_id, kind FROM released ORDER BY turn, created_at, id`,
      [perAuthor, limit],
    );
  }

  /** Back to waiting: a released job the queue did not take. */
  async markWaiting(db: Executor, jobId: string): Promise<void> {
    await db.query(`UPDATE deployments.jobs SET released_at = NULL WHERE id = $1 AND status = 'queued'`, [
      jobId,
    ]);
  }

  /**
   * How many jobs were released at least `olderThanMs` ago and have not finished: each of them has a
   * message on the queue until a worker acknowledges it, which it does once the job has ended.
   */
  async countReleasedUnfinished(db: Executor, olderThanMs: number): Promise<number> {
    const [row] = await db.query<Array<{ n: number }>>(
      `SELECT count(*)::int AS n FROM deployments.jobs
        WHERE status IN ('queued', 'running') AND released_at IS NOT NULL
          AND released_at < now() - make_interval(secs => $1::double precision / 1000)`,
      [olderThanMs],
    );
    return row?.n ?? 0;
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
