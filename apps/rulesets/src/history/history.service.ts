import { Injectable } from '@nestjs/common';
import type { RulesetHistoryEntry } from '@pc/contracts';
import type { Executor } from '@pc/platform';
import { type HistoryRecord, HistoryRepository } from './history.repository';

/**
 * A submission's history, for the features that change a submission (submitting, reviewing, pinning):
 * each records its entry in the transaction that makes the change.
 */
@Injectable()
export class SubmissionHistory {
  constructor(private readonly history: HistoryRepository) {}

  record(tx: Executor, submissionId: string, entry: HistoryRecord): Promise<void> {
    return this.history.record(tx, submissionId, entry);
  }

  /** Newest first, at most `RULESET_LIMITS.history.max` entries. */
  list(db: Executor, submissionId: string): Promise<RulesetHistoryEntry[]> {
    return this.history.list(db, submissionId);
  }
}
