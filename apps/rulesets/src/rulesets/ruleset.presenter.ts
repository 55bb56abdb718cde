import { Injectable } from '@nestjs/common';
import type { RequestContext, Ruleset, RulesetSummary, UserSummary } from '@pc/contracts';
import { Database } from '@pc/platform';
import { callerId } from '../common/caller';
import {
  type ListingJsonRow,
  ownerJsonFields,
  reviewPin,
  UsersDirectory,
  withJsonFields,
} from '@pc/listings';
import { IdeasClient } from '../ideas';
import type { RulesetRow } from './ruleset.row';
import { RulesetsRepository } from './rulesets.repository';

/** Builds the public shapes: owners from identity, the caller's likes, ideas from the catalog. */
@Injectable()
export class RulesetPresenter {
  constructor(
    private readonly rulesets: RulesetsRepository,
    private readonly users: UsersDirectory,
    private readonly ideas: IdeasClient,
    private readonly db: Database,
  ) {}

  async many(ctx: RequestContext, rows: RulesetRow[]): Promise<RulesetSummary[]> {
    const viewer = callerId(ctx.caller);
    const [owners, liked] = await Promise.all([
      this.users.findMany(
        ctx,
        rows.map((r) => r.owner_id),
      ),
      viewer
        ? this.rulesets.likedAmong(
            this.db.pool,
            viewer,
            rows.map((r) => r.id),
          )
        : Promise.resolve(new Set<string>()),
    ]);
    return rows.map((r) => toSummary(r, owners.get(r.owner_id), liked.has(r.id)));
  }

  /** Summaries read as JSON (`RulesetsRepository.searchJson`), each with its owner's fields added. */
  async json(ctx: RequestContext, rows: ListingJsonRow[]): Promise<string[]> {
    const owners = await this.users.findMany(
      ctx,
      rows.map((r) => r.owner_id),
    );
    return rows.map((row) => withJsonFields(row.json, ownerJsonFields(owners.get(row.owner_id))));
  }

  /** A ruleset read in full as JSON (`RulesetsRepository.findJson`): its owner and the ideas it delivers added. */
  async oneJson(ctx: RequestContext, row: ListingJsonRow): Promise<string> {
    const [owners, deliveries] = await Promise.all([
      this.users.findMany(ctx, [row.owner_id]),
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
