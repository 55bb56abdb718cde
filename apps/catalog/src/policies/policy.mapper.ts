import type { IdeaDelivery, Policy, UserSummary } from '@pc/contracts';
import { reviewPin } from '@pc/listings';
import { policyTabs } from '../docs';
import type { PolicyRow } from './policy.row';

export interface PolicyExtras {
  owner?: UserSummary;
  liked: boolean;
  docs: { tabs: number; filled: number };
  deliveries: IdeaDelivery[];
}

export function toPolicy(row: PolicyRow, extras: PolicyExtras): Policy {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    category: row.category,
    status: row.status,
    project_type: row.project_type,
    source_host_url: row.source_host_url,
    implementation_source_host_url: row.implementation_source_host_url,
    source_ref: row.source_ref,
    implementation_source_ref: row.implementation_source_ref,
    video_tutorial_url: row.video_tutorial_url,
    examples_url: row.examples_url,
    icon_url: row.icon_disabled ? null : row.icon_url,
    icon_disabled: row.icon_disabled,
    liked: extras.liked,
    likes: row.like_count,
    downloads: row.download_count,
    deploys: row.deploy_count,
    source_host_has_issues: row.source_host_has_issues,
    delivers_ideas: extras.deliveries,
    contributors: extras.owner
      ? [{ user_id: row.owner_id, username: extras.owner.username, name: extras.owner.name }]
      : [],
    owner_id: row.owner_id,
    owner_name: extras.owner?.name ?? null,
    owner_username: extras.owner?.username ?? null,
    owner_avatar_url: extras.owner?.avatarUrl || null,
    owner_avatar_email_hash: extras.owner?.avatarEmailHash ?? null,
    docs_summary: { tabCount: extras.docs.tabs, completeness: policyTabs.completenessOf(extras.docs.filled) },
    asset_kinds: row.asset_kinds,
    a2a_protocol_versions: row.a2a_protocol_versions,
    direction: row.direction,
    version: row.version,
    kit_version: row.kit_version,
    pin: reviewPin(row),
    published_at: row.published_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
