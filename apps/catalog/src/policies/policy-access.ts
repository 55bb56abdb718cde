import { Injectable } from '@nestjs/common';
import { listingAccess } from '@pc/listings';
import type { PolicyRow } from './policy.row';
import { PoliciesRepository } from './policies.repository';

/** Finds policies for a caller: published ones are everyone's to see, the others their owner's and administrators'. */
@Injectable()
export class PolicyAccess extends listingAccess<PolicyRow>(PoliciesRepository, {
  noun: 'Policy',
  published: (row) => row.status === 'published',
}) {}
