import { CHANGES_FILES_MAX, type RepositoryChanges } from '@pc/contracts';

/**
 * What `changesSincePin` asks of the source host adapter (`SourceHost` of @pc/source-host has it; the
 * platform library does not import adapters).
 */
export interface PinComparer<Repo extends { ref?: string }> {
  parseRepositoryUrl(url: string): Repo;
  getRepository(repo: Repo): Promise<{ defaultBranch: string }>;
  resolveRef(repo: Repo, ref: string): Promise<string>;
  compare(
    repo: Repo,
    base: string,
    head: string,
  ): Promise<{ aheadBy: number; files: RepositoryChanges['files'] }>;
}

/**
 * "Changes since review" of one repository, for a policy or a ruleset: how far its ref (the one named,
 * else the URL's, else the default branch) has moved on from the pinned commit, with at most
 * `CHANGES_FILES_MAX` files. The source host's errors reach the caller unchanged, to be mapped by it.
 */
export async function changesSincePin<Repo extends { ref?: string }>(
  host: PinComparer<Repo>,
  url: string,
  namedRef: string | null,
  pinned: string,
): Promise<RepositoryChanges> {
  const repo = host.parseRepositoryUrl(url);
  const ref = namedRef ?? repo.ref ?? (await host.getRepository(repo)).defaultBranch;
  const head = await host.resolveRef(repo, ref);
  const comparison = await host.compare(repo, pinned, head);
  return {
    ref,
    pinned_commit: pinned,
    head_commit: head,
    ahead_by: comparison.aheadBy,
    files: comparison.files.slice(0, CHANGES_FILES_MAX),
    files_truncated: comparison.files.length > CHANGES_FILES_MAX,
  };
}
