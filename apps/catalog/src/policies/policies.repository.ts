import { Injectable } from '@nestjs/common';
import type { AssetKind, Direction, PolicySort, SearchMatch, SortOrder } from '@pc/contracts';
import { isoTimestampSql, type ListingJsonRow, listMatch, reviewPinSql, sqlParams } from '@pc/listings';
import { type Executor, type Param, preparedQuery } from '@pc/platform';
import { LRUCache } from 'lru-cache';
import type { Keyset } from '../common/paging';
import { POLICY_LISTINGS } from '../search';
import { POLICY_COLUMNS, type PolicyRow } from './policy.row';

export interface PolicySearch {
  viewerId: string | null;
  category?: string;
  q?: string;
  direction?: Direction;
  assetKind?: AssetKind;
  sort: PolicySort;
  order: SortOrder;
  limit: number;
  offset: number;
  /** Keyset paging: rows after this one in the requested order (then `offset` is 0). */
  after?: Keyset | null;
  /** How rows match `q`: exact words only, or near matches too (the default). */
  match?: SearchMatch;
  /** The select list of a row, its parameters through `param` (default: the `PolicyRow` columns). */
  columns?: (param: (value: unknown) => string) => string;
}

/** A row of a list, with the text of its sort value (the keyset cursor of the next page). */
export type PolicyListRow = PolicyRow & { cursor_key: string };

/** The docs summary's counts of the policy `p`: its tabs, and its predefined tabs with content. */
const DOC_COUNTS = `(SELECT count(*) FROM catalog.policy_doc_tabs t WHERE t.policy_id = p.id)::int AS doc_tabs,
    (SELECT count(*) FROM catalog.policy_doc_tabs t
      WHERE t.policy_id = p.id AND t.kind = 'predefined' AND btrim(t.body_md) <> '')::int AS doc_filled`;

/** The ideas the policy `p` delivers, by idea title, as a JSON array. */
const DELIVERIES = `(SELECT coalesce(json_agg(json_build_object('id', d.idea_id, 'title', i.title, 'phase', d.phase,
              'coverage', d.coverage, 'scope_note', d.scope_note, 'completes_idea', d.completes_idea)
              ORDER BY i.title), '[]'::json)
       FROM catalog.idea_deliveries d JOIN catalog.ideas i ON i.id = d.idea_id
      WHERE d.resource_type = 'policy' AND d.resource_id = p.id)`;

/** Whether `viewer` (a uuid parameter, null for anonymous) liked the policy `p`. */
function likedBy(viewer: string): string {
  return `EXISTS (SELECT 1 FROM catalog.policy_likes l WHERE l.policy_id = p.id AND l.user_id = ${viewer})`;
}

/**
 * The policy `p` as the JSON text of its answer (`toPolicy`'s keys and formats) for `viewer`, but for
 * what PostgreSQL cannot know: the owner's fields (from the users cache) and the docs summary (from
 * `doc_tabs` and `doc_filled`, `PolicyJson` adds both).
 */
function policyJson(viewer: string): string {
  return `(SELECT row_to_json(j)::text FROM (SELECT p.id, p.slug, p.name, p.description, p.category, p.status,
      p.project_type, p.source_host_url, p.implementation_source_host_url, p.source_ref,
      p.implementation_source_ref, p.video_tutorial_url, p.examples_url,
      CASE WHEN p.icon_disabled THEN NULL ELSE p.icon_url END AS icon_url, p.icon_disabled,
      ${likedBy(viewer)} AS liked, p.like_count AS likes, p.download_count AS downloads,
      p.deploy_count AS deploys, p.source_host_has_issues, ${DELIVERIES} AS delivers_ideas, p.owner_id,
      p.asset_kinds, p.a2a_protocol_versions, p.direction, p.version, p.kit_version,
      ${reviewPinSql('p', { implementation: true })} AS pin,
      ${isoTimestampSql('p.published_at')} AS published_at, ${isoTimestampSql('p.created_at')} AS created_at,
      ${isoTimestampSql('p.updated_at')} AS updated_at) j)`;
}

/** A policy's answer as JSON (`policyJson`), beside what the access check and the docs summary read. */
export interface PolicyJsonRow extends ListingJsonRow {
  doc_tabs: number;
  doc_filled: number;
}

/** A row of a list as JSON, with the text of its sort value (the keyset cursor of the next page). */
export type PolicyJsonListRow = PolicyJsonRow & { cursor_key: string };

/** The columns of `PolicyJsonRow`, for `viewer` (a uuid parameter, null for anonymous). */
export function policyJsonColumns(viewer: string): string {
  return `p.id, p.owner_id, p.status = 'published' AS published, ${DOC_COUNTS}, ${policyJson(viewer)} AS json`;
}

/** One policy as JSON for the viewer `$2`: one statement, one round trip (the hottest read). */
export const FIND_JSON_BY_ID = `SELECT ${policyJsonColumns('$2::uuid')} FROM catalog.policies p WHERE p.id = $1`;

@Injectable()
export class PoliciesRepository {
  /**
   * One page of the policies the viewer may see: published ones, plus their own. With `q`, the walk
   * first (a common word fills the page from the first rows of the order), then, when it came back
   * short, the matches through the search indexes (a rare word). Each policy comes as the JSON of its
   * answer for the viewer (`PolicyJsonListRow`), built for the rows of the page only (PostgreSQL
   * computes the select list after the limit).
   */
  async searchJson(db: Executor, s: PolicySearch): Promise<PolicyJsonListRow[]> {
    const match = await listMatch(db, POLICY_LISTINGS, s.q, (p) => filters(s, p));
    const columns = (param: (value: unknown) => string) => policyJsonColumns(`${param(s.viewerId)}::uuid`);
    return searchPolicies({ ...s, match, columns }, (sql, params) =>
      preparedQuery<PolicyJsonListRow>(db, sql, params),
    );
  }

  /** A policy as the JSON of its answer for `viewerId`, as one prepared statement (the hottest read). */
  async findJson(db: Executor, id: string, viewerId: string | null): Promise<PolicyJsonRow | null> {
    const [row] = await preparedQuery<PolicyJsonRow>(db, FIND_JSON_BY_ID, [id, viewerId]);
    return row ?? null;
  }

  async recordIssuesCheck(db: Executor, id: string, hasIssues: boolean): Promise<void> {
    await db.query(
      `UPDATE catalog.policies SET source_host_has_issues = $2, issues_checked_at = now() WHERE id = $1`,
      [id, hasIssues],
    );
  }

  async countDownload(db: Executor, id: string): Promise<void> {
    await db.query(`UPDATE catalog.policies SET download_count = download_count + 1 WHERE id = $1`, [id]);
  }
}

/**
 * How a search with `q` reads the table. `walk`: along the index of the order, the first
 * `SEARCH_WALK_ROWS` visible rows, keeping those that match: a common word fills the page there and
 * then. `bitmap`: the matches through the full-text and trigram indexes, then sorted: fast when they
 * are few. The planner cannot tell the two apart (a prefix query's selectivity is a guess), so the
 * query chooses: `SearchPlans` remembers, per query, which plan answered it (issue 24).
 */
export type SearchPlan = 'walk' | 'bitmap';

/**
 * The plan each search was last answered by, per replica: a query seen for the first time walks, and
 * when the walk comes back short (a rare word, a part of a name) the search indexes answer it, and are
 * used first the next times; a bitmap read that fills its page (the word became common) forgets it.
 * Word frequencies move slowly: a plan is trusted for `ttlMs`.
 */
export class SearchPlans {
  private readonly learned: LRUCache<string, SearchPlan>;

  constructor(options: { max?: number; ttlMs?: number } = {}) {
    this.learned = new LRUCache<string, SearchPlan>({
      max: options.max ?? 10_000,
      ttl: options.ttlMs ?? 600_000,
    });
  }

  first(s: PolicySearch): SearchPlan {
    return this.learned.get(planKey(s)) ?? 'walk';
  }

  learn(s: PolicySearch, plan: SearchPlan): void {
    if (plan === 'walk') this.learned.delete(planKey(s));
    else this.learned.set(planKey(s), plan);
  }
}

/** What decides how many rows match: the words and the filters (not the page, the cursor or the viewer). */
function planKey(s: PolicySearch): string {
  const q = (s.q ?? '').trim().toLowerCase();
  return `${s.match ?? 'near'}\u0000${q}\u0000${s.category?.toLowerCase() ?? ''}\u0000${s.direction ?? ''}\u0000${s.assetKind ?? ''}\u0000${s.sort}\u0000${s.order}`;
}

/** The catalog process's plans (each replica learns its own). */
const PLANS = new SearchPlans();

/**
 * One page of a search on any connection (the repository's, or the benchmark baseline's): with `q`,
 * the plan the query was last answered by (the walk for a query not seen yet), and the search indexes
 * when the walk came back short.
 */
export async function searchPolicies<Row = PolicyListRow>(
  s: PolicySearch,
  run: (sql: string, params: unknown[]) => Promise<Row[]>,
  plans: SearchPlans = PLANS,
): Promise<Row[]> {
  if (s.q?.trim()) {
    if (plans.first(s) === 'walk') {
      const walk = searchQuery(s, 'walk');
      const walked = await run(walk.sql, walk.params);
      if (walked.length > s.limit) return walked;
      plans.learn(s, 'bitmap');
    } else {
      const { sql, params } = searchQuery(s, 'bitmap');
      const rows = await run(sql, params);
      // A full page from the indexes: the walk may do as well now; try it next time.
      if (rows.length > s.limit && !s.after && s.offset === 0) plans.learn(s, 'walk');
      return rows;
    }
  }
  const { sql, params } = searchQuery(s, 'bitmap');
  return run(sql, params);
}

/** Rows the walk reads at most: a word in one row of ten still fills a page of 100. */
export const SEARCH_WALK_ROWS = 1000;

/**
 * The SQL of one page of a search; its plans are checked at volume (policies.search.integration-spec).
 * `q` matches every word of it as a word or the start of one (full text on the weighted vector), or the
 * whole of it as part of a name (trigram on names only). The order is always one the spec names (by
 * name, or by submission date) with the id as tie-breaker, so that the keyset cursor is exact.
 */
export function searchQuery(s: PolicySearch, plan: SearchPlan = 'walk'): { sql: string; params: unknown[] } {
  const { params, p } = sqlParams();
  const where = filters(s, p);
  const columns = s.columns ? s.columns(p) : POLICY_COLUMNS;
  const desc = s.order === 'desc';
  const dir = desc ? 'DESC' : 'ASC';
  const [keyExpr, keyText, keyCast, unindexedKey] =
    s.sort === 'submitted'
      ? ['p.created_at', 'p.created_at::text', 'timestamptz', `p.created_at + interval '0 s'`]
      : ['lower(p.name)', 'lower(p.name)', 'text', `lower(p.name) || ''`];
  if (s.after) {
    where.push(
      `(${keyExpr}, p.id) ${desc ? '<' : '>'} (${p(s.after.key)}::${keyCast}, ${p(s.after.id)}::uuid)`,
    );
  }
  const q = s.q?.trim() ?? '';
  let match: string | null = null;
  if (q) match = (s.match === 'exact' ? POLICY_LISTINGS.exact(q, p) : POLICY_LISTINGS.near(q, p)) ?? 'false';
  const offset = s.after ? 0 : s.offset;
  if (match && plan === 'walk') {
    const sql = `SELECT ${columns}, w.cursor_key FROM (
        SELECT p.id, ${keyText} AS cursor_key, ${keyExpr} AS k, ${match} AS hit FROM catalog.policies p
         WHERE ${where.join(' AND ')} ORDER BY ${keyExpr} ${dir}, p.id ${dir} LIMIT ${p(SEARCH_WALK_ROWS + offset)}
      ) w JOIN catalog.policies p ON p.id = w.id
      WHERE w.hit ORDER BY w.k ${dir}, w.id ${dir} LIMIT ${p(s.limit + 1)} OFFSET ${p(offset)}`;
    return { sql, params };
  }
  if (match) where.push(match);
  // With `q`, an order the index of the order cannot give: the planner then reads the matches
  // through the search indexes instead of walking the whole order (the `walk` plan did that part).
  const orderKey = match ? unindexedKey : keyExpr;
  const sql = `SELECT ${columns}, ${keyText} AS cursor_key FROM catalog.policies p
    WHERE ${where.join(' AND ')}
    ORDER BY ${orderKey} ${dir}, p.id ${dir} LIMIT ${p(s.limit + 1)} OFFSET ${p(offset)}`;
  return { sql, params };
}

/** Visibility (published, or the viewer's own) and the filters of a search, without `q`. */
function filters(s: PolicySearch, p: Param): string[] {
  const where = [POLICY_LISTINGS.visible(s.viewerId, p)];
  if (s.category) where.push(`lower(p.category) = lower(${p(s.category)})`);
  if (s.direction) where.push(`p.direction = ${p(s.direction)}`);
  if (s.assetKind) where.push(`p.asset_kinds @> ARRAY[${p(s.assetKind)}]::text[]`);
  return where;
}
