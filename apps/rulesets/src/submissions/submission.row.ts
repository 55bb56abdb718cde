import type { DocTab, RulesetEngineCheck, RulesetSnapshot, RulesetSubmission } from '@pc/contracts';

/**
 * A row of rulesets.ruleset_submissions (the contract's submission, with its dates as dates), with its
 * ruleset's current owner and publication.
 */
export interface SubmissionRow extends Omit<RulesetSubmission, 'reviewed_at' | 'created_at' | 'updated_at'> {
  /** What validation found with the engine (see RulesetEngineCheck); null before it was kept. */
  engine_check: RulesetEngineCheck | null;
  doc_tabs: DocTab[];
  /**
   * What this submission changes that its published ruleset does not show yet (its approval applies
   * these, and only these): content columns, and `doc_tabs` for staged tabs. Empty while the ruleset is
   * unpublished: its edits show on the ruleset as they are made.
   */
  pending_fields: PendingField[];
  /** The defaulted fields the submitter set: they stay when the repository is validated again. */
  chosen_fields: ChosenField[];
  reviewed_at: Date | null;
  created_at: Date;
  updated_at: Date;
  owner_id: string;
  published_at: Date | null;
}

/** The fields a submission carries for its ruleset. */
const CONTENT = [
  'name',
  'description',
  'category',
  'source_url',
  'source_ref',
  'ruleset_path',
  'profile_name',
  'rule_counts',
  'rule_names',
  'target_scopes',
  'registry_asset_id',
  'icon_url',
  'tags',
  'video_tutorial_url',
  'examples_url',
  'engine_check',
] as const;
/** The columns a validation of the repository sets together (where the ruleset is read from, and what). */
export const SOURCE_COLUMNS = [
  'source_url',
  'source_ref',
  'ruleset_path',
  'profile_name',
  'rule_counts',
  'rule_names',
  'engine_check',
] as const satisfies ReadonlyArray<(typeof CONTENT)[number]>;
export type ContentColumn = (typeof CONTENT)[number];
export type PendingField = ContentColumn | 'doc_tabs';
/** Fields that default to what validation finds unless the submitter sets them. */
export type ChosenField = 'target_scopes' | 'icon_url';
/** What a revision snapshot keeps of them. */
const SNAPSHOT = CONTENT.filter(
  (k): k is Exclude<(typeof CONTENT)[number], 'rule_counts' | 'icon_url' | 'engine_check'> =>
    k !== 'rule_counts' && k !== 'icon_url' && k !== 'engine_check',
);

export type SubmissionContent = Pick<SubmissionRow, (typeof CONTENT)[number]>;

/** Columns a change may set: all but its id, its ruleset, who submitted it, and what is read with it. */
export type SubmissionChanges = Partial<
  Omit<
    SubmissionRow,
    'id' | 'ruleset_id' | 'submitted_by' | 'created_at' | 'updated_at' | 'owner_id' | 'published_at'
  >
>;

export function contentOf(row: SubmissionContent): SubmissionContent {
  return pick(row, CONTENT);
}

/** The content columns among `fields`, as `content` has them: what an approval or an edit applies. */
export function changesOf(
  content: SubmissionContent,
  fields: readonly PendingField[],
): Partial<SubmissionContent> {
  return pick(
    content,
    CONTENT.filter((c) => fields.includes(c)),
  );
}

/** The content columns in which `after` differs from `before`. */
export function differing(before: SubmissionContent, after: SubmissionContent): ContentColumn[] {
  return CONTENT.filter((c) => JSON.stringify(before[c]) !== JSON.stringify(after[c]));
}

/**
 * Whether approving the submission reviews the commit its validation read, which the approval then pins:
 * a ruleset's first approval, or an update that read its repository again (a new `repoUrl`, `sourceRef` or
 * `rulesetPath`, even unchanged). An update that did not touch the repository (tags, description, links,
 * tabs) reviews none: the ruleset stays pinned where it is, an administrator's later pin included.
 */
export function reviewsItsCommit(row: Pick<SubmissionRow, 'published_at' | 'pending_fields'>): boolean {
  const read: readonly PendingField[] = SOURCE_COLUMNS;
  return row.published_at === null || row.pending_fields.some((f) => read.includes(f));
}

export function snapshotOf(row: SubmissionRow): RulesetSnapshot {
  return { ...pick(row, SNAPSHOT), snapshotted_at: new Date().toISOString() };
}

function pick<Row, K extends keyof Row>(row: Row, keys: readonly K[]): Pick<Row, K> {
  return Object.fromEntries(keys.map((k) => [k, row[k]])) as Pick<Row, K>;
}

export function toSubmission(row: SubmissionRow): RulesetSubmission {
  return {
    id: row.id,
    status: row.status,
    submitted_by: row.submitted_by,
    name: row.name,
    description: row.description,
    category: row.category,
    source_url: row.source_url,
    source_ref: row.source_ref,
    ruleset_path: row.ruleset_path,
    profile_name: row.profile_name,
    rule_counts: row.rule_counts,
    rule_names: row.rule_names,
    target_scopes: row.target_scopes,
    registry_asset_id: row.registry_asset_id,
    icon_url: row.icon_url,
    tags: row.tags,
    video_tutorial_url: row.video_tutorial_url,
    examples_url: row.examples_url,
    review_feedback: row.review_feedback,
    reviewed_by: row.reviewed_by,
    reviewed_at: row.reviewed_at?.toISOString() ?? null,
    ruleset_id: row.ruleset_id,
    source_commit: row.source_commit,
    content_digest: row.content_digest,
    validation_warnings: row.validation_warnings,
    validation_warnings_omitted: row.validation_warnings_omitted,
    previous_snapshot: row.previous_snapshot,
    revision_count: row.revision_count,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    ruleset_published_at: row.published_at?.toISOString() ?? null,
  };
}
