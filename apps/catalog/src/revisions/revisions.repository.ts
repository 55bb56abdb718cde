import { Injectable } from '@nestjs/common';
import type { PolicyRevision } from '@pc/contracts';
import { insertInto } from '@pc/listings';
import type { Executor } from '@pc/platform';
import type { Keyset } from '../common/paging';

/** A row of catalog.policy_revisions: the contract's revision with its dates as dates, and who proposed it. */
export interface RevisionRow extends Omit<PolicyRevision, 'submitted_at' | 'reviewed_at'> {
  submitted_by: string;
  submitted_at: Date;
  reviewed_at: Date | null;
}

@Injectable()
export class RevisionsRepository {
  async insert(
    db: Executor,
    fields: Pick<RevisionRow, 'policy_id' | 'field' | 'proposed_value' | 'previous_value' | 'submitted_by'>,
  ): Promise<RevisionRow> {
    const [row] = await insertInto<RevisionRow[]>(db, 'catalog.policy_revisions', fields, 'RETURNING *');
    return row;
  }

  async findById(db: Executor, id: string): Promise<RevisionRow | null> {
    const rows = await db.query<RevisionRow[]>(`SELECT * FROM catalog.policy_revisions WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** Decides a pending revision once, even under concurrent calls; null when it was not pending. */
  async decide(
    db: Executor,
    id: string,
    status: 'approved' | 'rejected',
    reviewerId: string,
    feedback: string | null,
  ): Promise<RevisionRow | null> {
    const [rows] = await db.query<[RevisionRow[], number]>(
      `UPDATE catalog.policy_revisions SET status = $2, reviewed_by = $3, feedback = $4, reviewed_at = now()
        WHERE id = $1 AND status = 'pending' RETURNING *`,
      [id, status, reviewerId, feedback],
    );
    return rows[0] ?? null;
  }

  /**
   * On a transfer the pending proposals of the previous owner are rejected with `feedback`, in the
   * accepting transaction: the new owner never inherits text they did not write.
   */
  async withdrawPending(db: Executor, policyId: string, feedback: string): Promise<RevisionRow[]> {
    const [rows] = await db.query<[RevisionRow[], number]>(
      `UPDATE catalog.policy_revisions SET status = 'rejected', feedback = $2, reviewed_at = now()
        WHERE policy_id = $1 AND status = 'pending' RETURNING *`,
      [policyId, feedback],
    );
    return rows;
  }

  /** The revisions of a policy that `proposer` made, newest first, keyset-paged. */
  listFor(
    db: Executor,
    policyId: string,
    proposer: string,
    limit: number,
    before: Keyset | null,
  ): Promise<Array<RevisionRow & { cursor_key: string }>> {
    return db.query(
      `SELECT *, submitted_at::text AS cursor_key FROM catalog.policy_revisions
        WHERE policy_id = $1 AND submitted_by = $2
          AND ($3::timestamptz IS NULL OR (submitted_at, id) < ($3::timestamptz, $4::uuid))
        ORDER BY submitted_at DESC, id DESC LIMIT $5`,
      [policyId, proposer, before?.key ?? null, before?.id ?? null, limit + 1],
    );
  }

  /** The oldest `limit` pending revisions (one more, to tell whether others wait). */
  pending(db: Executor, limit: number): Promise<Array<RevisionRow & { policy_name: string }>> {
    return db.query(
      `SELECT r.*, p.name AS policy_name FROM catalog.policy_revisions r
         JOIN catalog.policies p ON p.id = r.policy_id
        WHERE r.status = 'pending' ORDER BY r.submitted_at, r.id LIMIT $1`,
      [limit + 1],
    );
  }
}

export function toRevision(row: RevisionRow): PolicyRevision {
  return {
    id: row.id,
    policy_id: row.policy_id,
    field: row.field,
    proposed_value: row.proposed_value,
    previous_value: row.previous_value,
    status: row.status,
    feedback: row.feedback,
    submitted_at: row.submitted_at.toISOString(),
    reviewed_at: row.reviewed_at?.toISOString() ?? null,
  };
}
