import { Injectable } from '@nestjs/common';
import { type Caller } from '@pc/contracts';
import { canEdit, OwnedListings } from '@pc/listings';
import { Database, type Executor } from '@pc/platform';
import type { PolicyRow } from './policy.row';
import { PoliciesRepository } from './policies.repository';

/** Published policies are visible to everyone; the others to their owner and administrators. */
export function canSee(caller: Caller, row: PolicyRow): boolean {
  return row.status === 'published' || canEdit(caller, row);
}

/** Finds policies for a caller (404 for one not seen, 403 for one seen but not theirs to change). */
@Injectable()
export class PolicyAccess extends OwnedListings<PolicyRow> {
  constructor(
    db: Database,
    private readonly policies: PoliciesRepository,
  ) {
    super(db, 'Policy');
  }

  protected find(db: Executor, id: string, lock: boolean): Promise<PolicyRow | null> {
    return this.policies.findById(db, id, lock);
  }

  protected canSee(caller: Caller, row: PolicyRow): boolean {
    return canSee(caller, row);
  }
}
