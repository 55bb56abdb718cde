import type { RepositoryRefs } from '../common/repository-refs';

/** Catalog resources as they cross the bus and leave the gateway (field names follow the public API). */

export const ASSET_KINDS = ['agent', 'api', 'llm', 'mcp'] as const;
export type AssetKind = (typeof ASSET_KINDS)[number];

export const DIRECTIONS = ['inbound', 'outbound'] as const;
export type Direction = (typeof DIRECTIONS)[number];

/** Policy.status: `under_review` (submitted, waiting), `published` (approved, in the catalog), `rejected`. */
export const POLICY_STATUSES = ['under_review', 'published', 'rejected'] as const;
export type PolicyStatus = (typeof POLICY_STATUSES)[number];

/** Policy submission.status. */
export const SUBMISSION_STATUSES = ['submitted', 'approved', 'rejected'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

export const PROJECT_TYPES = ['unified', 'split'] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];

export const POLICY_SOURCES = ['community', 'vendor'] as const;
export type PolicySource = (typeof POLICY_SOURCES)[number];

export const POLICY_SORTS = ['alpha', 'submitted'] as const;
export type PolicySort = (typeof POLICY_SORTS)[number];

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** The four predefined documentation tabs of a policy; any other key is custom. */
export const PREDEFINED_POLICY_TABS = ['overview', 'configuration', 'examples', 'faq'] as const;

export const IDEA_PHASES = ['declared', 'delivered'] as const;
export type IdeaPhase = (typeof IDEA_PHASES)[number];

export interface IdeaDelivery {
  id: string;
  /** On a ruleset's entries only: the idea's slug, the words of its title (its id when it has none). */
  slug?: string;
  title: string;
  phase: IdeaPhase;
  coverage: 'full' | 'partial';
  scope_note: string | null;
  completes_idea: boolean;
}

export interface Contributor {
  user_id: string;
  username: string | null;
  name: string;
}

export interface DocsCompleteness {
  filled: number;
  total: number;
  ratio: number;
}

/** How a pin was made: by a review's approval, by the migration from the approval record, by an administrator. */
export const PIN_ORIGINS = ['review', 'migration', 'admin'] as const;
export type PinOrigin = (typeof PIN_ORIGINS)[number];

/**
 * What a review approved, pinned on the published item: the commit and the content digest of the sources
 * (and of the implementation repository of a split policy). A release builds exactly this.
 */
export interface ReviewPin {
  commit: string;
  /** `sha256:<hex>` over the canonical listing of path, mode and blob hash; null when unknown (migrated). */
  content_digest: string | null;
  implementation_commit: string | null;
  implementation_content_digest: string | null;
  reviewed_at: string;
  reviewed_by: string | null;
  how: PinOrigin;
}

export interface Policy {
  id: string;
  slug: string;
  name: string;
  description: string;
  category: string | null;
  status: PolicyStatus;
  project_type: ProjectType;
  source_host_url: string;
  implementation_source_host_url: string | null;
  source_ref: string | null;
  implementation_source_ref: string | null;
  video_tutorial_url: string | null;
  examples_url: string | null;
  icon_url: string | null;
  icon_disabled: boolean;
  liked: boolean;
  likes: number;
  downloads: number;
  /** Successful deployments of this policy (an extension: the spec shows deploy counts on rulesets). */
  deploys: number;
  source_host_has_issues: boolean;
  delivers_ideas: IdeaDelivery[];
  contributors: Contributor[];
  owner_id: string;
  owner_name: string | null;
  owner_username: string | null;
  owner_avatar_url: string | null;
  owner_avatar_email_hash: string | null;
  docs_summary: { tabCount: number; completeness: DocsCompleteness };
  asset_kinds: AssetKind[];
  a2a_protocol_versions: string[];
  direction: Direction;
  version: string | null;
  kit_version: string | null;
  /** The reviewed commit a release builds; null before approval (and for unpinned legacy items). */
  pin: ReviewPin | null;
  published_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface VendorPolicySummary {
  source: 'vendor';
  slug: string;
  name: string;
  summary: string;
  direction: Direction;
  category: string | null;
}

export interface VendorPolicy extends VendorPolicySummary {
  body_md: string;
}

export interface ListPoliciesRequest {
  category?: string;
  q?: string;
  source?: PolicySource;
  direction?: Direction;
  assetKind?: AssetKind;
  sort?: PolicySort;
  order?: SortOrder;
  limit?: number;
  offset?: number;
  /** The `nextCursor` of the page before (keyset paging); not with `offset`. */
  cursor?: string;
}

export interface ListPoliciesResult {
  policies: Array<Policy | VendorPolicySummary>;
  hasMore: boolean;
  /** The cursor of the next page (same filters and order), null on the last page. */
  nextCursor: string | null;
}

export interface PolicyIdRequest {
  id: string;
}

/** A page of a list: at most `limit` items, after the item `cursor` (a `nextCursor`) names. */
export interface PageRequest {
  limit?: number;
  cursor?: string;
}

/** How every paged catalog list ends: whether more follow, and the cursor of the next page. */
export interface PageInfo {
  hasMore: boolean;
  nextCursor: string | null;
}

/** A designated reviewer of one policy (administrators review every policy anyway). */
export interface PolicyReviewerRequest {
  policyId: string;
  userId: string;
}

export interface PolicyResult {
  policy: Policy;
}

/** PATCH /api/policies/{id}: every field optional. */
export interface UpdatePolicyRequest {
  id: string;
  name?: string;
  description?: string;
  category?: string;
  videoTutorialUrl?: string;
  examplesUrl?: string;
  sourceHostUrl?: string;
  implementationSourceHostUrl?: string;
  sourceRef?: string;
  implementationSourceRef?: string;
  iconUrl?: string;
  iconDisabled?: boolean;
  direction?: Direction;
  assetKinds?: AssetKind[];
  a2aProtocolVersions?: string[];
}

export const DOC_TAB_KINDS = ['predefined', 'custom'] as const;
export type DocTabKind = (typeof DOC_TAB_KINDS)[number];

export interface DocTab {
  key: string;
  title: string;
  kind: DocTabKind;
  bodyMd: string;
  sortOrder: number;
}

export interface DocTabInput {
  key: string;
  title: string;
  bodyMd: string;
  sortOrder?: number;
}

export interface PolicyDocsResult {
  tabs: DocTab[];
  completeness: DocsCompleteness;
  canEdit: boolean;
}

export interface HistoryEntry {
  id: string;
  action: string;
  actor_id: string | null;
  details: Record<string, unknown>;
  created_at: string;
}

export interface HistoryRequest {
  id: string;
  limit?: number;
  before?: string;
}

export interface HistoryResult {
  entries: HistoryEntry[];
  nextCursor: string | null;
}

/** An administrator pins a published policy (an unpinned legacy item, or a pin to move by hand). */
export interface PinPolicyRequest {
  id: string;
  /** The commit to pin (default: the commit the policy's source ref points to now). */
  commit?: string;
  /** Split policies: the implementation commit (default: its source ref's commit now). */
  implementationCommit?: string;
}

/** How far a repository's ref has moved on since the pinned (reviewed) commit, from the source host's compare. */
export interface RepositoryChanges {
  ref: string;
  pinned_commit: string;
  head_commit: string;
  /** Commits the ref is ahead of the pin. */
  ahead_by: number;
  /** The files that differ, at most `CHANGES_FILES_MAX`; `files_truncated` says when more do. */
  files: Array<{ path: string; status: string }>;
  files_truncated: boolean;
}

/** "Changes since review" of a policy or ruleset: null parts when nothing is pinned or the item has no such repository. */
export interface ChangesSinceReview {
  pinned: boolean;
  source: RepositoryChanges | null;
  implementation: RepositoryChanges | null;
}

/** A policy's refs, and its implementation repository's when it is split. */
export interface BranchInfo extends RepositoryRefs {
  implementation?: BranchInfo;
}

/** Vendor index entries: one file per entry, loaded at start and on reload. */
export interface VendorIndexReloadResult {
  policies: number;
  rulesets: number;
  errors: string[];
}

export interface VendorRulesetSummary {
  source: 'vendor';
  slug: string;
  name: string;
  summary: string;
  category: string | null;
  target_scopes: string[];
}

export interface VendorRuleset extends VendorRulesetSummary {
  body_md: string;
  /**
   * Evaluation can run it: the index ships a profile whose vocabularies the engine reads (false for a
   * ruleset of MCP servers or agents: evaluating it is 422 RULESETS.NOT_EVALUABLE).
   */
  evaluable: boolean;
}
