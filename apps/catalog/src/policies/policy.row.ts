import type { AssetKind, Direction, PolicyStatus, ProjectType, SubmissionValidation } from '@pc/contracts';
import type { KeptColumns, ListingRow } from '@pc/listings';

/** A row of catalog.policies, as node-postgres returns it. */
export interface PolicyRow extends ListingRow {
  slug: string;
  category: string | null;
  status: PolicyStatus;
  project_type: ProjectType;
  source_host_url: string;
  implementation_source_host_url: string | null;
  implementation_source_ref: string | null;
  icon_disabled: boolean;
  asset_kinds: AssetKind[];
  /**
   * What the repository last read (`repositoryLabels`) says of the policy: the category its definition is
   * labelled with and the asset kinds inferred. While `category` and `asset_kinds` equal these, they are
   * the repository's and follow it; otherwise a user chose them.
   */
  repository_category: string | null;
  repository_asset_kinds: AssetKind[];
  a2a_protocol_versions: string[];
  direction: Direction;
  version: string | null;
  kit_version: string | null;
  source_host_has_issues: boolean;
  issues_checked_at: Date | null;
  download_count: number;
  implementation_pinned_commit: string | null;
  implementation_pinned_content_digest: string | null;
}

/** Columns a caller may change through PATCH or review: all but what the database keeps and the slug. */
export type PolicyChanges = Partial<
  Omit<PolicyRow, KeptColumns | 'slug' | 'project_type' | 'issues_checked_at' | 'download_count'>
>;

export const POLICY_COLUMNS = `p.id, p.slug, p.name, p.description, p.category, p.status, p.owner_id, p.project_type,
  p.source_host_url, p.implementation_source_host_url, p.source_ref, p.implementation_source_ref,
  p.video_tutorial_url, p.examples_url, p.icon_url, p.icon_disabled, p.asset_kinds, p.repository_category,
  p.repository_asset_kinds, p.a2a_protocol_versions,
  p.direction, p.version, p.kit_version, p.source_host_has_issues, p.issues_checked_at, p.like_count,
  p.download_count, p.deploy_count, p.pinned_commit, p.pinned_content_digest, p.implementation_pinned_commit,
  p.implementation_pinned_content_digest, p.pinned_at, p.pinned_by, p.pinned_how, p.published_at, p.created_at,
  p.updated_at`;

/**
 * What a check of a policy's repositories reads of it (project type, repositories, refs) and the pins a
 * pin or an approved repository revision replaces: they are written only while these are as checked.
 */
export function sourcesOf(policy: PolicyRow): unknown[] {
  return [
    policy.project_type,
    policy.source_host_url,
    policy.source_ref,
    policy.implementation_source_host_url,
    policy.implementation_source_ref,
    policy.pinned_commit,
    policy.implementation_pinned_commit,
  ];
}

/** The columns a policy takes from a repository as a validation read it (`repositoryLabels`). */
export type RepositoryLabels = Pick<
  PolicyChanges,
  | 'category'
  | 'asset_kinds'
  | 'repository_category'
  | 'repository_asset_kinds'
  | 'version'
  | 'kit_version'
  | 'source_host_has_issues'
>;

/**
 * What a policy takes from the repository `validation` read, when it is read from another repository or
 * commit (a submission's new repository or ref, an approved repository revision, an administrator's pin):
 * its version and kit version, whether its issue tracker is open, and its category and asset kinds while
 * they are the ones the repository read before gave it (a submission that named none, or named the
 * repository's own, as the dashboard's form does). A category or asset kinds a user set to something else
 * stay theirs; set back to the repository's, they follow it again.
 */
export function repositoryLabels(
  policy: Pick<PolicyRow, 'category' | 'asset_kinds' | 'repository_category' | 'repository_asset_kinds'>,
  validation: SubmissionValidation,
): RepositoryLabels {
  const category = validation.definition?.category ?? null;
  const sameCategory = (policy.category?.trim() || null) === (policy.repository_category?.trim() || null);
  const kinds = (list: readonly string[]) => JSON.stringify([...new Set(list)].sort());
  const sameKinds = kinds(policy.asset_kinds) === kinds(policy.repository_asset_kinds);
  return {
    ...(sameCategory ? { category } : {}),
    ...(sameKinds ? { asset_kinds: validation.assetKinds } : {}),
    repository_category: category,
    repository_asset_kinds: validation.assetKinds,
    version: validation.version,
    kit_version: validation.kitVersion,
    ...(validation.hasIssues === null ? {} : { source_host_has_issues: validation.hasIssues }),
  };
}
