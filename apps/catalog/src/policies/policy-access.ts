import { Injectable } from '@nestjs/common';
import { listingAccess } from '@pc/listings';
import type { PolicyRow } from './policy.row';
import { PolicyRecords } from './policy-records.repository';

/** Finds policies for a caller: published ones are everyone's to see, the others their owner's and administrators'. */
@Injectable()
export class PolicyAccess extends listingAccess<PolicyRow>(PolicyRecords, {
  noun: 'Policy',
  published: (row) => row.status === 'published',
}) {}
