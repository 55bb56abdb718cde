import { Injectable } from '@nestjs/common';
import { RULESET_LIMITS } from '@pc/contracts';
import type { Executor } from '@pc/platform';
import type { SubmissionChanges, SubmissionContent, SubmissionRow } from './submission.row';

const WITH_OWNER = `SELECT s.*, r.owner_id, r.published_at FROM rulesets.ruleset_submissions s
  JOIN rulesets.rulesets r ON r.id = s.ruleset_id`;
const JSON_COLUMNS = new Set(['rule_counts', 'doc_tabs', 'previous_snapshot', 'engine_check']);

/** Ruleset submissions, each read with its ruleset's owner and publication. Executor first. */
@Injectable()
export class SubmissionsRepository {
  async insert(
    db: Executor,
    fields: SubmissionContent & {
      ruleset_id: string;
      submitted_by: string;
      doc_tabs: SubmissionRow['doc_tabs'];
      source_commit: string | null;
      content_digest: string | null;
    },
  ): Promise<SubmissionRow> {
    const rows = await db.query<Array<{ id: string }>>(
      `INSERT INTO rulesets.ruleset_submissions (ruleset_id, submitted_by, name, description, category, source_url,
         source_ref, ruleset_path, profile_name, rule_counts, rule_names, target_scopes, registry_asset_id, icon_url,
         tags, video_tutorial_url, examples_url, engine_check, doc_tabs, source_commit, content_digest)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21) RETURNING id`,
      [
        fields.ruleset_id,
        fields.submitted_by,
        fields.name,
        fields.description,
        fields.category,
        fields.source_url,
        fields.source_ref,
        fields.ruleset_path,
        fields.profile_name,
        JSON.stringify(fields.rule_counts),
        fields.rule_names,
        fields.target_scopes,
        fields.registry_asset_id,
        fields.icon_url,
        fields.tags,
        fields.video_tutorial_url,
        fields.examples_url,
        fields.engine_check === null ? null : JSON.stringify(fields.engine_check),
        JSON.stringify(fields.doc_tabs),
        fields.source_commit,
        fields.content_digest,
      ],
    );
    return (await this.findById(db, rows[0].id))!;
  }

  /** `lock` takes the submission's and its ruleset's row locks, in that order (as every writer does). */
  async findById(db: Executor, id: string, lock = false): Promise<SubmissionRow | null> {
    const rows = await db.query<SubmissionRow[]>(
      `${WITH_OWNER} WHERE s.id = $1${lock ? ' FOR UPDATE' : ''}`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** The submissions of the rulesets `userId` owns now, newest first. */
  listBy(db: Executor, userId: string): Promise<SubmissionRow[]> {
    return db.query<SubmissionRow[]>(
      `${WITH_OWNER} WHERE r.owner_id = $1 ORDER BY s.created_at DESC LIMIT $2`,
      [userId, RULESET_LIMITS.ownSubmissions.max],
    );
  }

  pending(db: Executor): Promise<SubmissionRow[]> {
    return db.query<SubmissionRow[]>(
      `${WITH_OWNER} WHERE s.status = 'submitted' ORDER BY s.created_at LIMIT $1`,
      [RULESET_LIMITS.reviewQueue.max],
    );
  }

  async update(db: Executor, id: string, changes: SubmissionChanges): Promise<SubmissionRow> {
    const entries = Object.entries(changes)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, JSON_COLUMNS.has(k) && v !== null ? JSON.stringify(v) : v] as const);
    const sets = entries.map(([column], i) => `${column} = $${i + 2}`);
    await db.query(
      `UPDATE rulesets.ruleset_submissions SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE id = $1`,
      [id, ...entries.map(([, v]) => v)],
    );
    return (await this.findById(db, id))!;
  }

  async delete(db: Executor, id: string): Promise<void> {
    await db.query(`DELETE FROM rulesets.ruleset_submissions WHERE id = $1`, [id]);
  }
}
