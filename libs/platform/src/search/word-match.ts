import { searchWords } from '@pc/contracts';
import { matchesWords } from '@pc/vendor-index';

/**
 * The SQL of an exact word match, the rule every search of the catalog shares: every word of `q` is a
 * word of the item (not the start of a longer one, not a near miss). `vector` is the item's indexed
 * full-text column (its GIN index finds the candidates by stem), `text` the words the vector was built
 * from (checked word by word, case-insensitively, on those candidates only). `p` adds a parameter and
 * returns its placeholder. Null when `q` has no word.
 */
export function exactWordsClause(
  q: string | undefined,
  vector: string,
  text: string,
  p: (value: unknown) => string,
): string | null {
  const words = searchWords(q);
  if (words.length === 0) return null;
  // Words are letters and digits only: nothing in them is a tsquery operator or a regex metacharacter.
  const stems = `${vector} @@ to_tsquery('english', ${p(words.join(' & '))})`;
  const whole = words.map((word) => `${text} ~* ${p(`\\m${word}\\M`)}`);
  return `(${[stems, ...whole].join(' AND ')})`;
}

/** The same rule in memory (the vendor index): every word of `q` is a word of one of the fields. */
export function matchesExactWords(q: string | undefined, ...fields: Array<string | null>): boolean {
  const words = searchWords(q);
  if (words.length === 0) return true;
  const own = new Set(fields.flatMap((field) => field?.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []));
  return words.every((word) => own.has(word));
}

/**
 * The items of an in-memory list that match `q`: those matching it exactly when there are any, else the
 * near ones (every word as part of a word of the fields).
 */
export function bestMatches<T>(items: T[], q: string | undefined, fields: (item: T) => string[]): T[] {
  if (!q?.trim()) return items;
  const exact = items.filter((item) => matchesExactWords(q, ...fields(item)));
  return exact.length > 0 ? exact : items.filter((item) => matchesWords(q, ...fields(item)));
}
