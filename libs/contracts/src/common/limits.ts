/** A length (or count) range, inclusive: the shape every `<service>.limits.ts` uses. */
export interface LengthRange {
  readonly min: number;
  readonly max: number;
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
