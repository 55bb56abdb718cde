import { Injectable } from '@nestjs/common';
import type { ReviewPin } from '@pc/contracts';
import { type PinColumns, reviewPin } from '@pc/listings';
import type { Executor } from '@pc/platform';

/** What the review queue reads of the rulesets whose submissions wait, beside the submissions. Executor first. */
@Injectable()
export class ReviewQueueRepository {
  /** The review's pin of each of the rulesets, as their detail shows it (null before a first approval). */
  async pinsOf(db: Executor, rulesetIds: string[]): Promise<Map<string, ReviewPin | null>> {
    if (rulesetIds.length === 0) return new Map();
    const rows = await db.query<Array<PinColumns & { id: string }>>(
      `SELECT id, pinned_commit, pinned_content_digest, pinned_at, pinned_by, pinned_how
         FROM rulesets.rulesets WHERE id = ANY($1::uuid[])`,
      [rulesetIds],
    );
    return new Map(rows.map((row) => [row.id, reviewPin(row)]));
  }
}
