import type { Ruleset, RulesetIdeaDelivery, RulesetSummary, UserSummary } from '@pc/contracts';
import { ownerJsonFields, reviewPin } from '@pc/listings';
import type { RulesetRow } from '../rulesets';

/**
 * The references a ruleset's answers are checked against (ruleset-json.integration-spec): the
 * contract's fields mapped from a row as node-postgres reads it, one by one. The service answers with the
 * JSON that PostgreSQL writes (`RulesetsRepository`, `RulesetPresenter`); for every shape a row can take,
 * it must parse to exactly these.
 */
export function toSummary(row: RulesetRow, owner: UserSummary | undefined, liked: boolean): RulesetSummary {
  return {
    source: 'community',
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category,
    profile_name: row.profile_name,
    ruleset_format: row.ruleset_format,
    rule_counts: row.rule_counts,
    target_scopes: row.target_scopes,
    tags: row.tags,
    icon_url: row.icon_url,
    registry_asset_id: row.registry_asset_id,
    lifecycle_status: row.lifecycle_status,
    published_at: row.published_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    likes: row.like_count,
    views: Number(row.view_count),
    deploys: row.deploy_count,
    comment_count: 0,
    liked,
    submitted_by: row.submitted_by,
    ...ownerJsonFields(owner),
  };
}

/** A ruleset in full: its summary, and what only its detail shows. */
export function toRuleset(
  row: RulesetRow,
  owner: UserSummary | undefined,
  liked: boolean,
  deliveries: RulesetIdeaDelivery[],
): Ruleset {
  return {
    ...toSummary(row, owner, liked),
    submission_id: row.submission_id,
    owner_id: row.owner_id,
    source_url: row.source_url,
    source_ref: row.source_ref,
    ruleset_path: row.ruleset_path,
    rule_names: row.rule_names,
    video_tutorial_url: row.video_tutorial_url,
    examples_url: row.examples_url,
    review_feedback: row.review_feedback,
    reviewed_at: row.reviewed_at?.toISOString() ?? null,
    contributors: owner ? [{ user_id: row.owner_id, username: owner.username, name: owner.name }] : [],
    delivers_ideas: deliveries,
    pin: reviewPin(row),
    engine_check: row.engine_check,
  };
}
