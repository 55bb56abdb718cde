import { type ListingKind, SEARCH_LIMITS } from '@pc/contracts';
import { exactWordsClause, type ListingTable, type Param } from '@pc/platform';
import { escapeLike } from './exact-match';

/** Trigram matching needs three characters; shorter queries rely on the prefix search alone. */
const MIN_TRIGRAM = 3;

/** What is a kind's own in its community table, as its list and the search across kinds read it. */
export interface CommunityTable {
  kind: ListingKind;
  /** `catalog.policies p`: the table and the alias every expression uses. */
  from: string;
  /** The SQL, on the alias, of a published row (anyone sees it; the others, their owner). */
  published: string;
  /**
   * The SQL, on the alias, of the row's lifecycle status (`p.status`, `r.lifecycle_status`): what an
   * unpublished row says to its owner (a published one says `published`, whatever its column holds).
   */
  status: string;
  /** Whether the kind's listings have slugs. */
  slugs: boolean;
  /** The text the row's `search` vector is built from (each word of `q` is checked in it as a word). */
  words: string;
  /** Words of `q` the near match reads (default: as many as a search reads). */
  maxWords?: number;
  /** Whether a one-word `q` also matches a near miss of a word of the name (a typo). */
  typos?: boolean;
}

/**
 * A kind's community table as its list and the search across kinds read it, written once for every kind:
 * the rows a viewer sees (published, or their own), the columns of a hit (with its status: `published`, or
 * where the owner's unpublished row stands), the rank of each order, and how
 * a row matches `q`. The ranks are the expressions of the kinds' search indexes (migrations
 * `*-search-sorts`): kept identical to them. A row matches exactly when every word of `q` is a word of it
 * (its `search` vector and `words`); near when every word is the start of a word of it (the weighted
 * vector), or the whole of `q` is part of its name (trigram), and with `typos` when a one-word `q` is a
 * near miss of a word of its name.
 */
export function communityListings(table: CommunityTable): ListingTable {
  const alias = table.from.split(' ')[1];
  return {
    kind: table.kind,
    from: table.from,
    visible: (viewerId, p) =>
      viewerId ? `(${table.published} OR ${alias}.owner_id = ${p(viewerId)})` : table.published,
    columns: `${alias}.id, ${table.slugs ? `${alias}.slug` : 'NULL'} AS slug, ${alias}.name, ${alias}.description,
    ${alias}.category, ${alias}.like_count AS likes, ${alias}.deploy_count AS deploys, lower(${alias}.name) AS sort_key,
    (${table.published}) AS published,
    CASE WHEN ${table.published} THEN 'published' ELSE ${table.status} END AS status`,
    sortKey: `lower(${alias}.name)`,
    rank: {
      likes: `(-${alias}.like_count)`,
      deploys: `(-${alias}.deploy_count)`,
      newest: `((extract(epoch FROM ${alias}.created_at AT TIME ZONE 'UTC') * -1000000)::bigint)`,
    },
    category: `${alias}.category`,
    ident: `${alias}.id::text`,
    exact: (q, p) => exactWordsClause(q, `${alias}.search`, table.words, p),
    near: (q, p) => nearMatch(table, alias, q, p),
  };
}

function nearMatch(table: CommunityTable, alias: string, query: string, p: Param): string | null {
  const q = query.trim().toLowerCase();
  const words = (q.match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, table.maxWords ?? SEARCH_LIMITS.words.max);
  const alternatives: string[] = [];
  // Words are letters and digits only: each quoted is one lexeme, required as the start of a word.
  const prefixes = words.map((word) => `'${word}':*`).join(' & ');
  if (prefixes) alternatives.push(`${alias}.search @@ to_tsquery('english', ${p(prefixes)})`);
  if (q.length >= MIN_TRIGRAM) {
    alternatives.push(`lower(${alias}.name) LIKE ${p(`%${escapeLike(q)}%`)}`);
    // A parameter is added only where it is used: PostgreSQL cannot type an unused one.
    if (table.typos && words.length === 1) alternatives.push(`${p(q)}::text <% lower(${alias}.name)`);
  }
  return alternatives.length > 0 ? `(${alternatives.join(' OR ')})` : null;
}
