import { Inject, Injectable } from '@nestjs/common';
import type { HistoryEntry } from '@pc/contracts';
import { DataSource, type EntityManager } from 'typeorm';

interface HistoryRow {
  id: string;
  action: string;
  actor_id: string | null;
  details: Record<string, unknown>;
  created_at: Date;
}

/** Every change to a policy, newest first; written in the transaction that makes the change. */
@Injectable()
export class HistoryRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async record(
    db: EntityManager,
    policyId: string,
    actorId: string | null,
    action: string,
    details: Record<string, unknown> = {},
  ): Promise<void> {
    await db.query(
      `INSERT INTO catalog.policy_history (policy_id, actor_id, action, details) VALUES ($1, $2, $3, $4)`,
      [policyId, actorId, action, JSON.stringify(details)],
    );
  }

  /** `limit + 1` entries older than the cursor id, so the caller knows whether there are more. */
  async page(policyId: string, beforeId: string | null, limit: number): Promise<HistoryEntry[]> {
    const rows = await this.dataSource.query<HistoryRow[]>(
      `SELECT id::text AS id, action, actor_id, details, created_at FROM catalog.policy_history
        WHERE policy_id = $1 AND ($2::bigint IS NULL OR id < $2::bigint)
        ORDER BY id DESC LIMIT $3`,
      [policyId, beforeId, limit + 1],
    );
    return rows.map((r) => ({
      id: r.id,
      action: r.action,
      actor_id: r.actor_id,
      details: r.details,
      created_at: r.created_at.toISOString(),
    }));
  }
}
