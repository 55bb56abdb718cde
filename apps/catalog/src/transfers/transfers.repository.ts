import { Injectable } from '@nestjs/common';
import type { TransferResourceType, TransferRole, TransferStatus } from '@pc/contracts';
import type { Executor } from '@pc/platform';
import type { Keyset } from '../common/paging';

export interface TransferRow {
  id: string;
  resource_type: TransferResourceType;
  resource_id: string;
  resource_name: string;
  from_user_id: string;
  to_user_id: string;
  status: TransferStatus;
  feedback: string | null;
  created_at: Date;
  decided_at: Date | null;
  expires_at: Date;
  /** How the initiator named the recipient: the recipient's email is shown to them only if by email. */
  recipient_key: 'username' | 'email';
}

@Injectable()
export class TransfersRepository {
  /** Offers that ran out become `expired`, so they no longer block a new offer. */
  async expireStale(db: Executor, resourceType: string, resourceId: string): Promise<void> {
    await db.query(
      `UPDATE catalog.transfers SET status = 'expired', decided_at = expires_at
        WHERE resource_type = $1 AND resource_id = $2 AND status = 'pending' AND expires_at <= now()`,
      [resourceType, resourceId],
    );
  }

  async insert(
    db: Executor,
    fields: Pick<
      TransferRow,
      'resource_type' | 'resource_id' | 'resource_name' | 'from_user_id' | 'to_user_id' | 'recipient_key'
    >,
    expiryDays: number,
  ): Promise<TransferRow> {
    const rows = await db.query<TransferRow[]>(
      `INSERT INTO catalog.transfers (resource_type, resource_id, resource_name, from_user_id, to_user_id,
         recipient_key, expires_at)
       VALUES ($1, $2, $3, $4, $5, $7, now() + make_interval(days => $6)) RETURNING *`,
      [
        fields.resource_type,
        fields.resource_id,
        fields.resource_name,
        fields.from_user_id,
        fields.to_user_id,
        expiryDays,
        fields.recipient_key,
      ],
    );
    return rows[0];
  }

  /** Inside a transaction, pass its manager: a second pool connection per request can starve the pool. */
  async findById(db: Executor, id: string): Promise<TransferRow | null> {
    const rows = await db.query<TransferRow[]>(`SELECT * FROM catalog.transfers WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  /**
   * Decides a pending, unexpired transfer exactly once: the conditional update is the arbiter between
   * concurrent calls. Null when it was not (or no longer) open.
   */
  async decide(
    db: Executor,
    id: string,
    by: { column: 'from_user_id' | 'to_user_id'; userId: string },
    status: 'accepted' | 'rejected' | 'cancelled',
    feedback: string | null,
  ): Promise<TransferRow | null> {
    const [rows] = await db.query<[TransferRow[], number]>(
      `UPDATE catalog.transfers SET status = $3, feedback = $4, decided_at = now()
        WHERE id = $1 AND ${by.column} = $2 AND status = 'pending' AND expires_at > now() RETURNING *`,
      [id, by.userId, status, feedback],
    );
    return rows[0] ?? null;
  }

  /** The pending transfers of a resource past their expiry (at most one: one pending per resource). */
  stalePendingOf(
    db: Executor,
    resourceType: TransferResourceType,
    resourceId: string,
  ): Promise<TransferRow[]> {
    return db.query<TransferRow[]>(
      `SELECT * FROM catalog.transfers
        WHERE resource_type = $1 AND resource_id = $2 AND status = 'pending' AND expires_at <= now()`,
      [resourceType, resourceId],
    );
  }

  /**
   * A ruleset transfer that is still `from` takes the outcome the rulesets service recorded for it first
   * (its feedback cleared: it was not that decision's; an expiry dated when the offer ran out). Null when
   * it is no longer `from`.
   */
  async settle(
    db: Executor,
    id: string,
    from: TransferStatus,
    status: Exclude<TransferStatus, 'pending'>,
  ): Promise<TransferRow | null> {
    const [rows] = await db.query<[TransferRow[], number]>(
      `UPDATE catalog.transfers
          SET status = $3, feedback = NULL,
              decided_at = CASE WHEN $3 = 'expired' THEN LEAST(expires_at, now()) ELSE now() END
        WHERE id = $1 AND status = $2 RETURNING *`,
      [id, from, status],
    );
    return rows[0] ?? null;
  }

  /**
   * `settle` for several pending ruleset transfers at once, each to its own outcome: the rows that were
   * still pending, settled. The others were decided meanwhile (`findByIds` reads them as they are now).
   */
  async settleMany(
    db: Executor,
    settlements: Array<{ id: string; status: Exclude<TransferStatus, 'pending'> }>,
  ): Promise<TransferRow[]> {
    const [rows] = await db.query<[TransferRow[], number]>(
      `UPDATE catalog.transfers t
          SET status = s.status, feedback = NULL,
              decided_at = CASE WHEN s.status = 'expired' THEN LEAST(t.expires_at, now()) ELSE now() END
         FROM unnest($1::uuid[], $2::text[]) AS s(id, status)
        WHERE t.id = s.id AND t.status = 'pending' RETURNING t.*`,
      [settlements.map((s) => s.id), settlements.map((s) => s.status)],
    );
    return rows;
  }

  findByIds(db: Executor, ids: string[]): Promise<TransferRow[]> {
    return db.query<TransferRow[]>(`SELECT * FROM catalog.transfers WHERE id = ANY($1::uuid[])`, [ids]);
  }

  /**
   * Serializes, until the transaction ends, what writes a resource's transfers against its disappearance:
   * an offer recorded after the resource was checked, and the end of the transfers of a resource gone.
   */
  async lockResource(db: Executor, resourceType: TransferResourceType, resourceId: string): Promise<void> {
    await db.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [
      `catalog.transfers:${resourceType}:${resourceId}`,
    ]);
  }

  /** Ends the pending transfers of a resource that is gone (`cancelled`, with why); how many. */
  async cancelPendingOf(
    db: Executor,
    resourceType: TransferResourceType,
    resourceId: string,
    feedback: string,
  ): Promise<number> {
    const [, count] = await db.query<[unknown[], number]>(
      `UPDATE catalog.transfers SET status = 'cancelled', feedback = $3, decided_at = now()
        WHERE resource_type = $1 AND resource_id = $2 AND status = 'pending'`,
      [resourceType, resourceId, feedback],
    );
    return count;
  }

  /** Newest first, keyset-paged; `role` narrows to the transfers the user receives or initiated. */
  listFor(
    db: Executor,
    userId: string,
    role: TransferRole | undefined,
    limit: number,
    before: Keyset | null,
  ): Promise<Array<TransferRow & { cursor_key: string }>> {
    const where =
      role === 'recipient'
        ? 'to_user_id = $1'
        : role === 'initiator'
          ? 'from_user_id = $1'
          : '(to_user_id = $1 OR from_user_id = $1)';
    return db.query(
      `SELECT *, created_at::text AS cursor_key FROM catalog.transfers
        WHERE ${where} AND ($2::timestamptz IS NULL OR (created_at, id) < ($2::timestamptz, $3::uuid))
        ORDER BY created_at DESC, id DESC LIMIT $4`,
      [userId, before?.key ?? null, before?.id ?? null, limit + 1],
    );
  }
}
