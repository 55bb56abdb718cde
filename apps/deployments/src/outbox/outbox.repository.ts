import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

export interface OutboxRow {
  id: string;
  pattern: string;
  payload: Record<string, unknown>;
}

@Injectable()
export class OutboxRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** Written in the transaction that makes the change the event reports. */
  async add(db: EntityManager, id: string, pattern: string, payload: object): Promise<void> {
    await db.query(`INSERT INTO deployments.outbox (id, pattern, payload) VALUES ($1, $2, $3)`, [
      id,
      pattern,
      JSON.stringify(payload),
    ]);
  }

  /** Claims a batch of unpublished events; `deliver` runs inside the claim, so replicas never share one. */
  async drain(deliver: (row: OutboxRow) => Promise<boolean>, batch = 20): Promise<number> {
    return this.dataSource.transaction(async (db) => {
      const rows = await db.query<OutboxRow[]>(
        `SELECT id, pattern, payload FROM deployments.outbox WHERE published_at IS NULL
          ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [batch],
      );
      let published = 0;
      for (const row of rows) {
        const ok = await deliver(row);
        await db.query(
          ok
            ? `UPDATE deployments.outbox SET published_at = now(), attempts = attempts + 1 WHERE id = $1`
            : `UPDATE deployments.outbox SET attempts = attempts + 1 WHERE id = $1`,
          [row.id],
        );
        if (ok) published++;
      }
      return published;
    });
  }
}
