import { Injectable } from '@nestjs/common';
import type { Executor } from '@pc/platform';

/**
 * What a worker reads of a roll-out (`deployments.rollouts`, written by the service's roll-out driver):
 * how long its deployments wait for the platform's health, and whether anyone still waits.
 */
@Injectable()
export class RolloutProgressRepository {
  /** The health timeout of a roll-out, in seconds (null: no such roll-out any more). */
  async healthTimeout(db: Executor, rolloutId: string): Promise<number | null> {
    const [row] = await db.query<Array<{ health_timeout_seconds: number }>>(
      `SELECT health_timeout_seconds FROM deployments.rollouts WHERE id = $1`,
      [rolloutId],
    );
    return row?.health_timeout_seconds ?? null;
  }

  /** False once the roll-out has ended (aborted, for one): nobody waits for its health any more. */
  async isActive(db: Executor, rolloutId: string): Promise<boolean> {
    const [row] = await db.query<Array<{ finished_at: Date | null }>>(
      `SELECT finished_at FROM deployments.rollouts WHERE id = $1`,
      [rolloutId],
    );
    return row !== undefined && row.finished_at === null;
  }
}
