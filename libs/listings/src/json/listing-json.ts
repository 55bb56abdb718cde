import type { Caller, Contributor, UserSummary } from '@pc/contracts';
import { LIST_REPLY_BUDGET_BYTES } from '@pc/platform';
import { canEdit } from '../access/owned-listings';

/**
 * A listing's answer as JSON text, built once: PostgreSQL writes each listing's JSON (one text column,
 * `json_build_object`/`row_to_json` over the row), the service adds only what PostgreSQL cannot know
 * (the owner, from the users cache) by string building, and the reply goes out as that text
 * (`PrebuiltJson`): no row parsed into objects, no mapping, no `JSON.stringify` of the whole answer.
 * The fragments below keep the formats the object mappers give (`Date.toISOString()`, `reviewPin`).
 */

/**
 * What a listing read as JSON carries for the access check, beside its JSON: whether the kind's rule
 * calls it published (the SQL of `AccessRule.published`) and its owner.
 */
export interface ListingJsonRow {
  id: string;
  owner_id: string;
  published: boolean;
  json: string;
}

/** `OwnedListings.canSee` for a listing read as JSON: published ones are everyone's, the rest its editors'. */
export function canSeeJson(caller: Caller, row: Pick<ListingJsonRow, 'published' | 'owner_id'>): boolean {
  return row.published || canEdit(caller, row);
}

/**
 * SQL: a `timestamptz` expression as text exactly as `Date.toISOString()` prints the `Date`
 * node-postgres reads from it (UTC, milliseconds, the microseconds cut off as node-postgres cuts them).
 */
export function isoTimestampSql(expression: string): string {
  return `to_char(${expression} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * SQL: `reviewPin(row)` as JSON (null when not pinned) for the listings table aliased `alias`; a kind
 * whose table has no implementation pin columns gives nulls for them.
 */
export function reviewPinSql(alias: string, options: { implementation: boolean }): string {
  const implementation = (column: string): string =>
    options.implementation ? `${alias}.${column}` : 'NULL::text';
  return `CASE WHEN ${alias}.pinned_commit IS NULL OR ${alias}.pinned_at IS NULL THEN NULL
    ELSE json_build_object('commit', ${alias}.pinned_commit, 'content_digest', ${alias}.pinned_content_digest,
      'implementation_commit', ${implementation('implementation_pinned_commit')},
      'implementation_content_digest', ${implementation('implementation_pinned_content_digest')},
      'reviewed_at', ${isoTimestampSql(`${alias}.pinned_at`)}, 'reviewed_by', ${alias}.pinned_by,
      'how', coalesce(${alias}.pinned_how, 'review')) END`;
}

/**
 * A JSON object's text with `fields` added (serialized here): what the service knows and the database
 * does not. `objectJson` is a JSON object's text (as PostgreSQL or `JSON.stringify` wrote it) that has
 * none of these keys.
 */
export function withJsonFields(objectJson: string, fields: Record<string, unknown>): string {
  const added = JSON.stringify(fields);
  if (added === '{}') return objectJson;
  const close = objectJson.lastIndexOf('}');
  const empty = objectJson.slice(objectJson.indexOf('{') + 1, close).trim() === '';
  return `${objectJson.slice(0, close)}${empty ? '' : ','}${added.slice(1)}`;
}

/** The owner's fields of a listing's answer, as the object mappers write them (nulls for an unknown owner). */
export function ownerJsonFields(owner: UserSummary | undefined): {
  owner_name: string | null;
  owner_username: string | null;
} {
  return { owner_name: owner?.name ?? null, owner_username: owner?.username ?? null };
}

/**
 * A listing's `contributors`, the same for every kind: its owner (when identity knows them), as the
 * detail of a policy and of a ruleset shows it.
 */
export function contributorsOf(ownerId: string, owner: UserSummary | undefined): Contributor[] {
  return owner ? [{ user_id: ownerId, username: owner.username, name: owner.name }] : [];
}

/**
 * The longest head of JSON texts whose array fits in `budget` bytes (their exact UTF-8 sizes; never
 * fewer than one item): `fitToBudget` for items already written as JSON.
 */
export function fitJsonToBudget(items: string[], budget = LIST_REPLY_BUDGET_BYTES): string[] {
  let used = 2;
  for (let i = 0; i < items.length; i++) {
    used += Buffer.byteLength(items[i]) + 1;
    if (used > budget && i > 0) return items.slice(0, i);
  }
  return items;
}

/** A JSON array's text from its items' texts. */
export function jsonArray(items: string[]): string {
  return `[${items.join(',')}]`;
}
