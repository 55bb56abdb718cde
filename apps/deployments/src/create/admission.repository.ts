import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

type Db = EntityManager;

/** The counts the admission limits read, per author. */
@Injectable()
export class AdmissionRepository {
  /** Serializes one author's creations, so that the limits hold under concurrent requests. */
  async lockAuthor(db: Db, userId: string): Promise<void> {
    await db.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`deployments:admission:${userId}`]);
  }

  /** The author's deployments whose job is queued (waiting or released) or running. */
  async activeJobs(db: Db, userId: string): Promise<number> {
    const [{ count }] = await db.query<Array<{ count: number }>>(
      `SELECT count(*)::int AS count FROM deployments.deployments
        WHERE created_by = $1 AND status IN ('queued', 'running')`,
      [userId],
    );
    return count;
  }

  /**
   * The author's deployments created since `since` (the oldest one's time), and the organizations of
   * the author's running or paused roll-outs that have no deployment yet: a roll-out's later steps are
   * counted from its creation, so that they cannot push the author past the limit later.
   */
  async createdSince(
    db: Db,
    userId: string,
    since: Date,
  ): Promise<{ count: number; oldest: Date | null; reserved: number }> {
    const [row] = await db.query<Array<{ count: number; oldest: Date | null; reserved: number }>>(
      `SELECT (SELECT count(*)::int FROM deployments.deployments WHERE created_by = $1 AND created_at > $2) AS count,
              (SELECT min(created_at) FROM deployments.deployments WHERE created_by = $1 AND created_at > $2) AS oldest,
              (SELECT count(*)::int FROM deployments.rollout_organizations o
                 JOIN deployments.rollouts r ON r.id = o.rollout_id
                WHERE r.created_by = $1 AND r.status IN ('running', 'paused')
                  AND o.active AND o.deployment_id IS NULL) AS reserved`,
      [userId, since],
    );
    return row;
  }
}
