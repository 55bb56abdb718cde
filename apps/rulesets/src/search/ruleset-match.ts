import { escapeLike } from '@pc/listings';
import { exactWordsClause, type Param } from '@pc/platform';

/** Trigram matching needs three characters; shorter queries rely on the prefix search alone. */
const MIN_TRIGRAM = 3;
/** Words of `q` used for the prefix search. */
const MAX_WORDS = 10;

/**
 * How a ruleset matches `q`, for the list and for the search. Exact: every word of `q` is a word of the
 * name, profile name or description. Near: every word as a prefix of a word of those (the weighted
 * tsvector), or a part of the name (trigram), and for a one-word query a near miss of a word of the
 * name (a typo).
 */
export const rulesetMatch = {
  exact: (q: string, p: Param): string | null => {
    return exactWordsClause(q, 'r.search', `concat_ws(' ', r.name, r.profile_name, r.description)`, p);
  },

  near: (query: string, p: Param): string | null => {
    const q = query.trim().toLowerCase();
    const words = (q.match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);
    const alternatives: string[] = [];
    if (words.length > 0) {
      const tsq = `to_tsquery('english', ${p(words.map((w) => `${w}:*`).join(' & '))})`;
      alternatives.push(`r.search @@ ${tsq}`);
    }
    if (q.length >= MIN_TRIGRAM) {
      alternatives.push(`lower(r.name) LIKE ${p(`%${escapeLike(q)}%`)}`);
      // One word may also be a near miss of a word of the name (a typo); several words match as typed.
      // (A parameter is added only where it is used: PostgreSQL cannot type an unused one.)
      if (words.length === 1) alternatives.push(`${p(q)}::text <% lower(r.name)`);
    }
    return alternatives.length > 0 ? `(${alternatives.join(' OR ')})` : null;
  },
};
