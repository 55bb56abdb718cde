import type { KeptColumns, ListingRow } from '@pc/listings';
import type {
  RuleCounts,
  RulesetCategory,
  RulesetEngineCheck,
  RulesetFormat,
  RulesetLifecycleStatus,
  TargetScope,
} from '@pc/contracts';

/** A row of rulesets.rulesets (without the search vector). */
export interface RulesetRow extends ListingRow {
  category: RulesetCategory;
  submitted_by: string;
  source_url: string;
  ruleset_path: string | null;
  profile_name: string | null;
  /** Derived from `engine_check.format` (see the migration): `amf` unless validation read a Spectral ruleset. */
  ruleset_format: RulesetFormat;
  rule_names: string[];
  rule_counts: RuleCounts;
  target_scopes: TargetScope[];
  tags: string[];
  registry_asset_id: string | null;
  engine_check: RulesetEngineCheck | null;
  lifecycle_status: RulesetLifecycleStatus;
  review_feedback: string | null;
  reviewed_at: Date | null;
  view_count: string;
  /** The ruleset's submission (one per ruleset), joined in. */
  submission_id: string | null;
}

export const RULESET_COLUMNS = `r.id, r.name, r.description, r.category, r.owner_id, r.submitted_by, r.source_url,
  r.source_ref, r.ruleset_path, r.profile_name, r.ruleset_format, r.rule_names, r.rule_counts, r.target_scopes, r.tags, r.icon_url,
  r.registry_asset_id, r.video_tutorial_url, r.examples_url, r.engine_check, r.lifecycle_status, r.review_feedback, r.reviewed_at,
  r.like_count, r.view_count, r.deploy_count, r.published_at, r.pinned_commit, r.pinned_content_digest, r.pinned_at,
  r.pinned_by, r.pinned_how, r.created_at, r.updated_at,
  (SELECT s.id FROM rulesets.ruleset_submissions s WHERE s.ruleset_id = r.id) AS submission_id`;

/** Columns a change may set: all but what the database keeps, who submitted it and the derived ones. */
export type RulesetChanges = Partial<
  Omit<RulesetRow, KeptColumns | 'submitted_by' | 'ruleset_format' | 'view_count' | 'submission_id'>
>;
