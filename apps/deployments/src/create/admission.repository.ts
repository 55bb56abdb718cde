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

  /** The author's deployments created since `since`, and the oldest one's time. */
  async createdSince(db: Db, userId: string, since: Date): Promise<{ count: number; oldest: Date | null }> {
    const [row] = await db.query<Array<{ count: number; oldest: Date | null }>>(
      `SELECT count(*)::int AS count, min(created_at) AS oldest FROM deployments.deployments
        WHERE created_by = $1 AND created_at > $2`,
      [userId, since],
    );
    return row;
  }
}
