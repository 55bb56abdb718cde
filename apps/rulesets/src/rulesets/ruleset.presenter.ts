import { Injectable } from '@nestjs/common';
import type { RequestContext, Ruleset, RulesetSummary, UserSummary } from '@pc/contracts';
import { Database } from '@pc/platform';
import { callerId } from '../common/caller';
import {
  LikesRepository,
  type ListingJsonRow,
  ownerJsonFields,
  reviewPin,
  UsersDirectory,
  withJsonFields,
} from '@pc/listings';
import { IdeasClient } from '../ideas';
import type { RulesetRow } from './ruleset.row';

/** Builds the public shapes: owners from identity, the caller's likes, ideas from the catalog. */
@Injectable()
export class RulesetPresenter {
  constructor(
    private readonly likes: LikesRepository,
    private readonly users: UsersDirectory,
    private readonly ideas: IdeasClient,
    private readonly db: Database,
  ) {}

  async many(ctx: RequestContext, rows: RulesetRow[]): Promise<RulesetSummary[]> {
    const [owners, liked] = await Promise.all([
      this.users.ownersOf(ctx, rows),
      this.likes.likedAmong(
        this.db.pool,
        callerId(ctx.caller),
        rows.map((r) => r.id),
      ),
    ]);
    return rows.map((r) => toSummary(r, owners.get(r.owner_id), liked.has(r.id)));
  }

  /** Summaries read as JSON (`RulesetsRepository.searchJson`), each with its owner's fields added. */
  async json(ctx: RequestContext, rows: ListingJsonRow[]): Promise<string[]> {
    const owners = await this.users.ownersOf(ctx, rows);
    return rows.map((row) => withJsonFields(row.json, ownerJsonFields(owners.get(row.owner_id))));
  }

  /** A ruleset read in full as JSON (`RulesetsRepository.findJson`): its owner and the ideas it delivers added. */
  async oneJson(ctx: RequestContext, row: ListingJsonRow): Promise<string> {
    const [owners, deliveries] = await Promise.all([
      this.users.ownersOf(ctx, [row]),
      this.ideas.deliveries(ctx, [row.id]),
    ]);
    return withJsonFields(row.json, {
      ...ownerJsonFields(owners.get(row.owner_id)),
      delivers_ideas: deliveries.get(row.id) ?? [],
    });
  }

  async one(ctx: RequestContext, row: RulesetRow): Promise<Ruleset> {
    const [[summary], deliveries] = await Promise.all([
      this.many(ctx, [row]),
      this.ideas.deliveries(ctx, [row.id]),
    ]);
    return {
      ...summary,
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
      contributors: [],
      delivers_ideas: deliveries.get(row.id) ?? [],
      pin: reviewPin(row),
      engine_check: row.engine_check,
    };
  }
}

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
