import type { AssetKind, Direction, PinOrigin, PolicyStatus, ProjectType } from '@pc/contracts';

/** A row of catalog.policies, as node-postgres returns it. */
export interface PolicyRow {
  id: string;
  slug: string;
  name: string;
  description: string;
  category: string | null;
  status: PolicyStatus;
  owner_id: string;
  project_type: ProjectType;
  source_host_url: string;
  implementation_source_host_url: string | null;
  source_ref: string | null;
  implementation_source_ref: string | null;
  video_tutorial_url: string | null;
  examples_url: string | null;
  icon_url: string | null;
  icon_disabled: boolean;
  asset_kinds: AssetKind[];
  a2a_protocol_versions: string[];
  direction: Direction;
  version: string | null;
  kit_version: string | null;
  source_host_has_issues: boolean;
  issues_checked_at: Date | null;
  like_count: number;
  download_count: number;
  /** Successful deployments, counted from the deployments service's events. */
  deploy_count: number;
  pinned_commit: string | null;
  pinned_content_digest: string | null;
  implementation_pinned_commit: string | null;
  implementation_pinned_content_digest: string | null;
  pinned_at: Date | null;
  pinned_by: string | null;
  pinned_how: PinOrigin | null;
  published_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** Columns a caller may change through PATCH or review, by column name. */
export type PolicyChanges = Partial<
  Pick<
    PolicyRow,
    | 'name'
    | 'description'
    | 'category'
    | 'status'
    | 'owner_id'
    | 'source_host_url'
    | 'implementation_source_host_url'
    | 'source_ref'
    | 'implementation_source_ref'
    | 'video_tutorial_url'
    | 'examples_url'
    | 'icon_url'
    | 'icon_disabled'
    | 'asset_kinds'
    | 'a2a_protocol_versions'
    | 'direction'
    | 'version'
    | 'kit_version'
    | 'source_host_has_issues'
    | 'published_at'
    | 'pinned_commit'
    | 'pinned_content_digest'
    | 'implementation_pinned_commit'
    | 'implementation_pinned_content_digest'
    | 'pinned_at'
    | 'pinned_by'
    | 'pinned_how'
  >
>;

export const POLICY_COLUMNS = `p.id, p.slug, p.name, p.description, p.category, p.status, p.owner_id, p.project_type,
  p.source_host_url, p.implementation_source_host_url, p.source_ref, p.implementation_source_ref,
  p.video_tutorial_url, p.examples_url, p.icon_url, p.icon_disabled, p.asset_kinds, p.a2a_protocol_versions,
  p.direction, p.version, p.kit_version, p.source_host_has_issues, p.issues_checked_at, p.like_count,
  p.download_count, p.deploy_count, p.pinned_commit, p.pinned_content_digest, p.implementation_pinned_commit,
  p.implementation_pinned_content_digest, p.pinned_at, p.pinned_by, p.pinned_how, p.published_at, p.created_at,
  p.updated_at`;
