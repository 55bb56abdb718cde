/** A length (or count) range, inclusive: the shape every `<service>.limits.ts` uses. */
export interface LengthRange {
  readonly min: number;
  readonly max: number;
}

/**
 * A text's length in characters (Unicode code points), as the OpenAPI document's minLength and maxLength
 * count it: an emoji or another character outside the Basic Multilingual Plane is one character, where
 * `text.length` counts two UTF-16 units. A service that checks a documented length itself counts with it.
 */
export function characterCount(text: string): number {
  let count = 0;
  for (const _character of text) count++;
  return count;
}

/**
 * A URL in a request (a repository, a link, a webhook endpoint): at most this many characters. Every
 * URL field's validator and its OpenAPI schema read it.
 */
export const URL_MAX_LENGTH = 2048;

/**
 * Branches, and tags, one listing of a repository's refs reads at most (the branch picker, a ruleset
 * validation's `branchInfo`): a user-supplied repository must not make us page the source host for ever.
 * An answer that stops there says so (`truncated`).
 */
export const REFS_LISTED_MAX = 2000;
