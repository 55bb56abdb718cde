import { Injectable } from '@nestjs/common';
import type { Executor } from '@pc/platform';
import type { LogRow } from './deployment.rows';

/**
 * The jobs' numbered log lines (`deployments.logs`): written by the workers (numbered by
 * `JobsRepository.nextLogSeq` in the same transaction), read by the service's history and streams.
 */
@Injectable()
export class LogsRepository {
  /** The most recent chunks of a job, in order. */
  async recent(db: Executor, jobId: string, limit: number): Promise<LogRow[]> {
    return db.query<LogRow[]>(
      `SELECT * FROM (SELECT * FROM deployments.logs WHERE job_id = $1 ORDER BY seq DESC LIMIT $2) t
        ORDER BY seq`,
      [jobId, limit],
    );
  }

  async after(db: Executor, jobId: string, afterSeq: number, limit: number): Promise<LogRow[]> {
    return db.query<LogRow[]>(
      `SELECT * FROM deployments.logs WHERE job_id = $1 AND seq > $2 ORDER BY seq LIMIT $3`,
      [jobId, afterSeq, limit],
    );
  }

  /** Writes a line under its key; null when a line with that key was written before (nothing written). */
  async insert(
    db: Executor,
    line: Pick<LogRow, 'job_id' | 'seq' | 'deployment_id' | 'step' | 'level' | 'text'> & { key: string },
  ): Promise<LogRow | null> {
    const rows = await db.query<LogRow[]>(
      `INSERT INTO deployments.logs (job_id, seq, deployment_id, line_key, step, level, text)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (job_id, line_key) DO NOTHING
       RETURNING job_id, seq, deployment_id, step, level, text, at`,
      [line.job_id, line.seq, line.deployment_id, line.key, line.step, line.level, line.text],
    );
    return rows[0] ?? null;
  }
}
