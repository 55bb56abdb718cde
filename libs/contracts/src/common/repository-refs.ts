/**
 * The refs a listing's repository may be read at, for either kind (the branch picker, a ruleset
 * validation's `branchInfo`): its default branch, at most `REFS_LISTED_MAX` branches and tags each.
 */
export interface RepositoryRefs {
  defaultBranch: string;
  branches: Array<{ name: string; commitSha: string }>;
  tags: Array<{ name: string; commitSha: string }>;
  /** The repository has more branches, or more tags, than the `REFS_LISTED_MAX` of each listed. */
  truncated: boolean;
}
