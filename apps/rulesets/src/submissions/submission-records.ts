import { Injectable } from '@nestjs/common';
import { RULESET_LIMITS } from '@pc/contracts';
import { type Executor, notFound } from '@pc/platform';
import { rulesetsError } from '../common/rulesets.errors';
import type { SubmissionChanges, SubmissionRow } from './submission.row';
import { SubmissionsRepository } from './submissions.repository';

/** What the review and the pins read and change of a submission, in their own transaction (executor first). */
@Injectable()
export class SubmissionRecords {
  constructor(private readonly submissions: SubmissionsRepository) {}

  find(db: Executor, id: string): Promise<SubmissionRow | null> {
    return this.submissions.findById(db, id);
  }

  /** The submission, held until the transaction ends: 404 when it is gone, 409 when it is not waiting for review. */
  async lockWaiting(tx: Executor, id: string): Promise<SubmissionRow> {
    const row = await this.submissions.findById(tx, id, true);
    if (!row) throw notFound('Submission');
    if (row.status !== 'submitted')
      throw rulesetsError('RULESETS.NOT_WAITING', `The submission is ${row.status}, not waiting for review`);
    return row;
  }

  change(tx: Executor, id: string, changes: SubmissionChanges): Promise<SubmissionRow> {
    return this.submissions.update(tx, id, changes);
  }

  /** Oldest first, at most `RULESET_LIMITS.reviewQueue.max`. */
  waitingForReview(db: Executor): Promise<SubmissionRow[]> {
    return this.submissions.pending(db, RULESET_LIMITS.reviewQueue.max);
  }
}
