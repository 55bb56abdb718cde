import { Injectable } from '@nestjs/common';
import type { HistoryEntry } from '@pc/contracts';
import { insertInto } from '@pc/listings';
import type { Executor } from '@pc/platform';

interface HistoryRow {
  id: string;
  action: string;
  actor_id: string | null;
  details: Record<string, unknown>;
  created_at: Date;
}

/**
 * A policy's history (`catalog.policy_history`), as the features that change a policy write and read it:
 * an entry written in the transaction of the change it records, and a page of entries, newest first
 * (public facts only unless `full`).
 */
@Injectable()
export class PolicyHistory {
  async record(
    db: Executor,
    policyId: string,
    actorId: string | null,
    action: string,
    details: Record<string, unknown> = {},
  ): Promise<void> {
    const entry = { policy_id: policyId, actor_id: actorId, action, details };
    await insertInto(db, 'catalog.policy_history', entry, '', new Set(['details']));
  }

  /**
   * `limit + 1` entries older than the cursor id, newest first, so the caller knows whether there are
   * more. Ordered by the numeric id (the text alias would sort "4" before "27"). Without `full`, only
   * the public facts: private actions are left out and details keep only the fields that changed.
   */
  async page(
    db: Executor,
    policyId: string,
    beforeId: string | null,
    limit: number,
    full: boolean,
  ): Promise<HistoryEntry[]> {
    const rows = await db.query<HistoryRow[]>(
      `SELECT h.id::text AS id, h.action, h.actor_id, h.details, h.created_at FROM catalog.policy_history h
        WHERE h.policy_id = $1 AND ($2::bigint IS NULL OR h.id < $2::bigint)
          AND ($4::boolean OR h.action <> ALL($5::text[]))
        ORDER BY h.id DESC LIMIT $3`,
      [policyId, beforeId, limit + 1, full, PRIVATE_ACTIONS],
    );
    return rows.map((r) => ({
      id: r.id,
      action: r.action,
      actor_id: full ? r.actor_id : null,
      details: full ? r.details : publicDetails(r.details),
      created_at: r.created_at.toISOString(),
    }));
  }
}

/** Seen only by the owner and administrators. */
const PRIVATE_ACTIONS = [
  'transfer_offered',
  'transfer_cancelled',
  'transfer_rejected',
  'revisions_withdrawn',
];
/** Details anyone may see: which fields changed. Ids of people, transfers and feedback are left out. */
const PUBLIC_DETAILS = ['fields', 'field'];

function publicDetails(details: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(details).filter(([key]) => PUBLIC_DETAILS.includes(key)));
}
