import { Injectable } from '@nestjs/common';
import type { Executor } from '@pc/platform';
import { type NewPolicy, PoliciesRepository } from './policies.repository';
import type { PolicyChanges, PolicyRow } from './policy.row';

/**
 * The policy rows as other features write them, in their own transactions: submissions insert one,
 * review publishes it, revisions, pins and transfers change it. Reads for callers go through
 * `PolicyAccess` (who may see or change what) and `PolicyReadsService`.
 */
@Injectable()
export class PolicyRecords {
  constructor(private readonly policies: PoliciesRepository) {}

  /** With `lock`, the row is locked until the transaction ends (`FOR UPDATE`). */
  findById(db: Executor, id: string, lock = false): Promise<PolicyRow | null> {
    return this.policies.findById(db, id, lock);
  }

  insert(tx: Executor, fields: NewPolicy): Promise<PolicyRow> {
    return this.policies.insert(tx, fields);
  }

  update(tx: Executor, id: string, changes: PolicyChanges): Promise<PolicyRow> {
    return this.policies.update(tx, id, changes);
  }

  slugTaken(db: Executor, slug: string): Promise<boolean> {
    return this.policies.slugTaken(db, slug);
  }
}
