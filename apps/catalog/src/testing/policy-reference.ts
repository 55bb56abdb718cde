import type { IdeaDelivery, Policy, UserSummary } from '@pc/contracts';
import { reviewPin } from '@pc/listings';
import { policyTabs } from '../docs';
import type { PolicyRow } from '../policies';

/** What the reference reads beside a row: the docs summary's counts, the ideas delivered, the viewer's like. */
export interface Presentation {
  doc_tabs: number;
  doc_filled: number;
  deliveries: IdeaDelivery[];
  liked: boolean;
}

/**
 * The presentation of the rows `$1` (uuid[]) for the viewer `$2`, in SQL of the reference's own (the
 * catalog writes the same inside its answer's JSON).
 */
export const PRESENTATIONS = `SELECT p.id,
    (SELECT count(*) FROM catalog.policy_doc_tabs t WHERE t.policy_id = p.id)::int AS doc_tabs,
    (SELECT count(*) FROM catalog.policy_doc_tabs t
      WHERE t.policy_id = p.id AND t.kind = 'predefined' AND btrim(t.body_md) <> '')::int AS doc_filled,
    (SELECT coalesce(json_agg(json_build_object('id', d.idea_id, 'title', i.title, 'phase', d.phase,
              'coverage', d.coverage, 'scope_note', d.scope_note, 'completes_idea', d.completes_idea)
              ORDER BY i.title), '[]'::json)
       FROM catalog.idea_deliveries d JOIN catalog.ideas i ON i.id = d.idea_id
      WHERE d.resource_type = 'policy' AND d.resource_id = p.id) AS deliveries,
    EXISTS (SELECT 1 FROM catalog.policy_likes l WHERE l.policy_id = p.id AND l.user_id = $2::uuid) AS liked
  FROM unnest($1::uuid[]) AS p(id)`;

export interface PolicyExtras {
  owner?: UserSummary;
  liked: boolean;
  docs: { tabs: number; filled: number };
  deliveries: IdeaDelivery[];
}

/**
 * The reference a policy's answer is checked against (policy-json.integration-spec): the contract's
 * fields mapped from a row as node-postgres reads it, one by one. The catalog answers with the JSON that
 * PostgreSQL writes (`PoliciesRepository`, `policyJson`); for every shape a row can take, it must parse
 * to exactly this.
 */
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
