import { Injectable } from '@nestjs/common';
import type { RulesetSort, SearchMatch, SortOrder, TargetScope } from '@pc/contracts';
import { isoTimestampSql, type ListingJsonRow, listMatch, reviewPinSql, sqlParams } from '@pc/listings';
import { type Executor, type Param, preparedQuery } from '@pc/platform';
import { RULESET_LISTINGS } from '../search';
import { RULESET_COLUMNS } from './ruleset.row';

export interface RulesetSearch {
  viewerId: string | null;
  q?: string;
  category?: string;
  scope?: TargetScope;
  sort: RulesetSort;
  order: SortOrder;
  limit: number;
  offset: number;
  /** How rows match `q`: exact words only, or near matches too (the default). */
  match?: SearchMatch;
  /** The select list of a row, its parameters through `param` (default: the `RulesetRow` columns). */
  columns?: (param: (value: unknown) => string) => string;
}

/**
 * The summary's fields of the ruleset `r` as a select list (`toSummary`'s keys and formats) for
 * `viewer` (a uuid parameter, null for anonymous), but for the owner's fields, which come from the
 * users cache.
 */
function summaryFields(viewer: string): string {
  return `'community'::text AS source, r.id, r.name, r.description, r.category, r.profile_name,
      r.ruleset_format, r.rule_counts, r.target_scopes, r.tags, r.icon_url, r.registry_asset_id,
      r.lifecycle_status, ${isoTimestampSql('r.published_at')} AS published_at,
      ${isoTimestampSql('r.created_at')} AS created_at, ${isoTimestampSql('r.updated_at')} AS updated_at,
      r.like_count AS likes, r.view_count AS views, r.deploy_count AS deploys, 0 AS comment_count,
      EXISTS (SELECT 1 FROM rulesets.ruleset_likes l WHERE l.ruleset_id = r.id AND l.user_id = ${viewer}) AS liked,
      r.submitted_by`;
}

/**
 * The ruleset `r` in full as JSON (the keys and formats of `toRuleset`, the tests' reference) but for the owner's
 * fields, the contributors and the ideas it delivers (the catalog's), which the presenter adds.
 */
function rulesetJson(viewer: string): string {
  return `(SELECT row_to_json(j)::text FROM (SELECT ${summaryFields(viewer)},
      (SELECT s.id FROM rulesets.ruleset_submissions s WHERE s.ruleset_id = r.id) AS submission_id, r.owner_id,
      r.source_url, r.source_ref, r.ruleset_path, r.rule_names, r.video_tutorial_url, r.examples_url,
      r.review_feedback, ${isoTimestampSql('r.reviewed_at')} AS reviewed_at,
      ${reviewPinSql('r', { implementation: false })} AS pin, r.engine_check) j)`;
}

/** The columns of a `ListingJsonRow` of `r`, its JSON written by `json`. */
function jsonColumns(json: string): string {
  return `r.id, r.owner_id, r.published_at IS NOT NULL AS published, ${json} AS json`;
}

/** One ruleset in full as JSON for the viewer `$2`: one statement. */
const FIND_JSON_BY_ID = `SELECT ${jsonColumns(rulesetJson('$2::uuid'))} FROM rulesets.rulesets r WHERE r.id = $1`;

/** Rulesets as they are listed (and which of them a user likes, for presenting them). Executor first. */
@Injectable()
export class RulesetsRepository {
  /**
   * One page of the search, each ruleset as the JSON of its summary for the viewer (`summaryFields`,
   * built for the rows of the page only: PostgreSQL computes the select list after the limit). Exact
   * matches of `q` alone when there are any, else the near ones.
   */
  async searchJson(db: Executor, s: RulesetSearch): Promise<ListingJsonRow[]> {
    const match = await listMatch(db, RULESET_LISTINGS, s.q, (p) => filters(s, p));
    const columns = (param: (value: unknown) => string) =>
      jsonColumns(
        `(SELECT row_to_json(j)::text FROM (SELECT ${summaryFields(`${param(s.viewerId)}::uuid`)}) j)`,
      );
    const { sql, params } = searchQuery({ ...s, match, columns });
    return db.query<ListingJsonRow[]>(sql, params);
  }

  /** A ruleset in full as JSON for `viewerId` (`rulesetJson`), as one prepared statement. */
  async findJson(db: Executor, id: string, viewerId: string | null): Promise<ListingJsonRow | null> {
    const [row] = await preparedQuery<ListingJsonRow>(db, FIND_JSON_BY_ID, [id, viewerId]);
    return row ?? null;
  }

  /** Adds each id's count to its views in one statement; answers how many rulesets it found. */
  async addViews(db: Executor, views: Array<{ id: string; count: number }>): Promise<number> {
    if (views.length === 0) return 0;
    const rows = await db.query<Array<{ n: number }>>(
      `WITH counted AS (
         UPDATE rulesets.rulesets r SET view_count = r.view_count + v.n
           FROM unnest($1::uuid[], $2::bigint[]) AS v(id, n)
          WHERE r.id = v.id RETURNING r.id)
       SELECT count(*)::int AS n FROM counted`,
      [views.map((v) => v.id), views.map((v) => v.count)],
    );
    return rows[0]?.n ?? 0;
  }
}

/**
 * One page of the rulesets the viewer may see: published ones, plus their own. `q` is the catalog's
 * design: a weighted tsvector (name A, profile name B, description C) matched by prefix (every word, as
 * typed so far), or a trigram match on the name (a part of it; for a one-word query also a near miss,
 * such as a typo); with `match: 'exact'` only the rows with every word of `q` as a word (the rules are
 * in ../search/ruleset-listings.ts). Matches come in the order asked for, by name unless `sort` says otherwise (the
 * spec's default, as in the catalog), never by a rank that no index can serve.
 */
export function searchQuery(s: RulesetSearch): { sql: string; params: unknown[] } {
  const { params, p } = sqlParams();
  const where = filters(s, p);
  const columns = s.columns ? s.columns(p) : RULESET_COLUMNS;
  const q = s.q?.trim().toLowerCase();
  if (q)
    where.push((s.match === 'exact' ? RULESET_LISTINGS.exact(q, p) : RULESET_LISTINGS.near(q, p)) ?? 'false');
  const dir = s.order === 'desc' ? 'DESC' : 'ASC';
  const orderBy =
    s.sort === 'submitted'
      ? `r.created_at ${dir}, r.id ${dir}`
      : s.sort === 'likes'
        ? `r.like_count ${dir}, r.id ${dir}`
        : s.sort === 'views'
          ? `r.view_count ${dir}, r.id ${dir}`
          : `lower(r.name) ${dir}, r.id ${dir}`;
  const sql = `SELECT ${columns} FROM rulesets.rulesets r WHERE ${where.join(' AND ')}
    ORDER BY ${orderBy} LIMIT ${p(s.limit + 1)} OFFSET ${p(s.offset)}`;
  return { sql, params };
}

/** Visibility (published, or the viewer's own) and the filters of a search, without `q`. */
function filters(s: RulesetSearch, p: Param): string[] {
  const where = [RULESET_LISTINGS.visible(s.viewerId, p)];
  if (s.category) where.push(`r.category = ${p(s.category)}`);
  if (s.scope) where.push(`r.target_scopes @> ARRAY[${p(s.scope)}]::text[]`);
  return where;
}
