import { Injectable } from '@nestjs/common';
import type { Executor } from '@pc/platform';
import type { LogRow } from './deployment.rows';

/**
 * The jobs' numbered log lines (`deployments.logs`): written by the workers (numbered from the job's
 * `log_seq`, see `append`), read by the service's history and streams.
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

  /**
   * Appends a line to a job's log, numbered after the job's last line, in one statement: the job's row
   * is locked while its `log_seq` is read, so appends to one job are numbered one after another without
   * gaps; a line whose key was written before (a redelivered job repeating a step) writes nothing and
   * takes no number: null. Null too when the job does not exist. (It was a transaction of four round
   * trips; each socket write costs the worker about 100 µs here, and a build writes a line per line.)
   */
  async append(
    db: Executor,
    line: Pick<LogRow, 'job_id' | 'deployment_id' | 'step' | 'level' | 'text'> & { key: string },
  ): Promise<LogRow | null> {
    const rows = await db.query<LogRow[]>(
      `WITH written AS (
         INSERT INTO deployments.logs (job_id, seq, deployment_id, line_key, step, level, text)
         SELECT j.id, j.log_seq + 1, $2, $3, $4, $5, $6 FROM deployments.jobs j WHERE j.id = $1 FOR UPDATE
         ON CONFLICT (job_id, line_key) DO NOTHING
         RETURNING job_id, seq, deployment_id, step, level, text, at
       ), numbered AS (
         UPDATE deployments.jobs j SET log_seq = written.seq FROM written WHERE j.id = written.job_id
       )
       SELECT * FROM written`,
      [line.job_id, line.deployment_id, line.key, line.step, line.level, line.text],
    );
    return rows[0] ?? null;
  }
}
