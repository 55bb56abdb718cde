import type { AssetKind, Direction, PolicyStatus, ProjectType } from '@pc/contracts';
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
  p.video_tutorial_url, p.examples_url, p.icon_url, p.icon_disabled, p.asset_kinds, p.a2a_protocol_versions,
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
