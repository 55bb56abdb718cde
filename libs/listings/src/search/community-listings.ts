import type { ListingKind } from '@pc/contracts';
import type { ListingTable } from '@pc/platform';

/** What is a kind's own in its community table, as the search across kinds reads it. */
export interface CommunityTable {
  kind: ListingKind;
  /** `catalog.policies p`: the table and the alias every expression (and the kind's match) uses. */
  from: string;
  /** The SQL, on the alias, of a published row (anyone sees it; the others, their owner). */
  published: string;
  /** Whether the kind's listings have slugs. */
  slugs: boolean;
  /** The kind's match of `q`, the one its list uses. */
  match: Pick<ListingTable, 'exact' | 'near'>;
}

/**
 * A kind's community table as the search across kinds reads it, written once for every kind: the rows a
 * viewer sees (published, or their own), the columns of a hit, and the rank of each order. The ranks are
 * the expressions of the kinds' search indexes (migrations `*-search-sorts`): kept identical to them.
 */
export function communityListings(table: CommunityTable): ListingTable {
  const alias = table.from.split(' ')[1];
  return {
    kind: table.kind,
    from: table.from,
    visible: (viewerId, p) =>
      viewerId ? `(${table.published} OR ${alias}.owner_id = ${p(viewerId)})` : table.published,
    columns: `${alias}.id, ${table.slugs ? `${alias}.slug` : 'NULL'} AS slug, ${alias}.name, ${alias}.description,
    ${alias}.category, ${alias}.like_count AS likes, ${alias}.deploy_count AS deploys, lower(${alias}.name) AS sort_key`,
    sortKey: `lower(${alias}.name)`,
    rank: {
      likes: `(-${alias}.like_count)`,
      deploys: `(-${alias}.deploy_count)`,
      newest: `((extract(epoch FROM ${alias}.created_at AT TIME ZONE 'UTC') * -1000000)::bigint)`,
    },
    category: `${alias}.category`,
    ident: `${alias}.id::text`,
    exact: table.match.exact,
    near: table.match.near,
  };
}
