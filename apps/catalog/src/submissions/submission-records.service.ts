import { Injectable } from '@nestjs/common';
import type { SubmissionSummary } from '@pc/contracts';
import { Database, type Executor } from '@pc/platform';
import {
  type SubmissionChanges,
  type SubmissionRecord,
  type SubmissionRow,
  SubmissionsRepository,
  toSubmissionSummary,
} from './submissions.repository';

/**
 * A policy's submission as other features reach it: review decides it, a policy edit before
 * publication keeps it in step. With `lock`, the row is locked until the transaction ends.
 */
@Injectable()
export class SubmissionRecords {
  constructor(
    private readonly db: Database,
    private readonly submissions: SubmissionsRepository,
  ) {}

  findById(db: Executor, id: string, lock = false): Promise<SubmissionRow | null> {
    return this.submissions.findById(db, id, lock);
  }

  findByPolicy(db: Executor, policyId: string, lock = false): Promise<SubmissionRow | null> {
    return this.submissions.findByListing(db, policyId, lock);
  }

  /** With `reviewerId`, the change is a review decision (`reviewed_by`, `reviewed_at`). */
  update(
    tx: Executor,
    id: string,
    changes: SubmissionChanges,
    reviewerId?: string,
  ): Promise<SubmissionRecord> {
    if (!reviewerId) return this.submissions.update(tx, id, changes);
    return this.submissions.update(tx, id, { ...changes, reviewed_by: reviewerId }, { reviewed_at: 'now()' });
  }

  /** The oldest `limit` waiting submissions as summaries (one more, to tell whether others wait). */
  async waiting(limit: number): Promise<SubmissionSummary[]> {
    return (await this.submissions.pending(this.db.pool, limit + 1)).map(toSubmissionSummary);
  }
}
