import { Injectable } from '@nestjs/common';
import type { Caller } from '@pc/contracts';
import { canEdit, listingAccess } from '@pc/listings';
import type { PolicyRow } from './policy.row';
import { PolicyRecords } from './policy-records.repository';

const published = (row: Pick<PolicyRow, 'status'>): boolean => row.status === 'published';

/** Finds policies for a caller: published ones are everyone's to see, the others their owner's and administrators'. */
@Injectable()
export class PolicyAccess extends listingAccess<PolicyRow>(PolicyRecords, { noun: 'Policy', published }) {
  /** `canSee`, for a policy read as JSON: the rule reads only its status and owner. */
  canSeeJson(caller: Caller, row: Pick<PolicyRow, 'status' | 'owner_id'>): boolean {
    return published(row) || canEdit(caller, row);
  }
}
