import { Injectable } from '@nestjs/common';
import { type KeptColumns, ListingTable, type PinColumns } from '@pc/listings';
import type { Executor } from '@pc/platform';
import { policyKind } from '../policy.kind';
import { POLICY_COLUMNS, type PolicyChanges, type PolicyRow } from './policy.row';

/** The fields a new policy is inserted with (the rest are defaults or set later by review). */
export type NewPolicy = Omit<
  PolicyRow,
  | KeptColumns
  | 'download_count'
  | 'issues_checked_at'
  | 'published_at'
  | 'status'
  | keyof PinColumns
  | 'implementation_pinned_commit'
  | 'implementation_pinned_content_digest'
>;

/**
 * The policy rows as features write them, in their own transactions (the kernel's table of a kind's
 * listings): submissions insert one, review publishes it, revisions, pins and transfers change it. Reads
 * for callers go through `PolicyAccess` (who may see or change what) and `PolicyReadsService`.
 */
@Injectable()
export class PolicyRecords extends ListingTable<PolicyRow, NewPolicy, PolicyChanges> {
  constructor() {
    super(policyKind, { alias: 'p', columns: POLICY_COLUMNS, defaults: { status: "'under_review'" } });
  }

  /**
   * Whether a policy has `slug`. In a transaction, it holds the slug until the transaction ends: a
   * submission of the same name at the same moment waits, then sees this one's (the unique index would
   * otherwise refuse the second insert).
   */
  async slugTaken(db: Executor, slug: string): Promise<boolean> {
    await db.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`catalog.policy-slug:${slug}`]);
    const rows = await db.query<unknown[]>(`SELECT 1 FROM catalog.policies WHERE slug = $1`, [slug]);
    return rows.length > 0;
  }
}
