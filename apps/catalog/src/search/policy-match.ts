import { escapeLike } from '@pc/listings';
import { exactWordsClause, type Param } from '@pc/platform';

/** Trigram matching needs three characters; shorter words rely on full text search alone. */
const MIN_PARTIAL = 3;

/**
 * How a policy matches `q`, for the list and for the search. Exact: every word of `q` is a word of the
 * name, category, asset kinds or description. Near: every word as a word or the start of one (full
 * text on the weighted vector), or the whole of `q` as part of a name (trigram on names only).
 */
export const policyMatch = {
  exact: (q: string, p: Param): string | null => {
    return exactWordsClause(
      q,
      'p.search',
      `concat_ws(' ', p.name, catalog.policy_tags_text(p.category, p.asset_kinds), p.description)`,
      p,
    );
  },

  near: (q: string, p: Param): string | null => {
    const alternatives: string[] = [];
    const prefixes = prefixQuery(q);
    if (prefixes) alternatives.push(`p.search @@ to_tsquery('english', ${p(prefixes)})`);
    if (q.length >= MIN_PARTIAL)
      alternatives.push(`lower(p.name) LIKE ${p(`%${escapeLike(q.toLowerCase())}%`)}`);
    return alternatives.length > 0 ? `(${alternatives.join(' OR ')})` : null;
  },
};

/**
 * Every word of the query as a prefix of a word (`auth` finds "authentication"), all of them required:
 * `'rate':* & 'limit':*`. Punctuation and operators of the query are dropped, never interpreted.
 */
export function prefixQuery(q: string): string | null {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length > 0
    ? words
        .slice(0, 16)
        .map((w) => `'${w}':*`)
        .join(' & ')
    : null;
}
