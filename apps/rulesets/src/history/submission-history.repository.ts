import { Injectable } from '@nestjs/common';
import { RULESET_LIMITS, type RulesetHistoryEntry } from '@pc/contracts';
import { insertInto } from '@pc/listings';
import type { Executor } from '@pc/platform';

interface HistoryRow extends Omit<RulesetHistoryEntry, 'created_at'> {
  created_at: Date;
}

/** Who did what, the fields it changed, its feedback and the snapshot it replaced (each empty when none). */
export type HistoryRecord = Pick<RulesetHistoryEntry, 'actor_id' | 'action'> &
  Partial<Pick<RulesetHistoryEntry, 'fields' | 'feedback' | 'previous_snapshot'>>;

/**
 * A submission's history (`rulesets.submission_history`), for the features that change a submission
 * (submitting, reviewing, pinning): each records its entry in the transaction that makes the change.
 */
@Injectable()
export class SubmissionHistory {
  /** An entry of the submission as it is after the change (its status and revision count). */
  async record(
    db: Executor,
    submission: Pick<RulesetHistoryEntry, 'status' | 'revision_count'> & { id: string },
    entry: HistoryRecord,
  ): Promise<void> {
    const row = {
      submission_id: submission.id,
      actor_id: entry.actor_id,
      action: entry.action,
      status: submission.status,
      fields: entry.fields ?? [],
      feedback: entry.feedback ?? null,
      previous_snapshot: entry.previous_snapshot ?? null,
      revision_count: submission.revision_count,
    };
    await insertInto(db, 'rulesets.submission_history', row, '', new Set(['previous_snapshot']));
  }

  /** Newest first, at most `RULESET_LIMITS.history.max` entries. */
  async list(db: Executor, submissionId: string): Promise<RulesetHistoryEntry[]> {
    const rows = await db.query<HistoryRow[]>(
      `SELECT id::text AS id, actor_id, action, status, fields, feedback, previous_snapshot, revision_count, created_at
         FROM rulesets.submission_history WHERE submission_id = $1 ORDER BY id DESC LIMIT $2`,
      [submissionId, RULESET_LIMITS.history.max],
    );
    return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
  }
}
