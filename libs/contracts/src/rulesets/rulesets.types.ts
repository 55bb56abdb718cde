/** Rulesets resources as they cross the bus and leave the gateway (field names follow the public API). */
import type {
  Contributor,
  DocsCompleteness,
  DocTab,
  DocTabInput,
  IdeaDelivery,
  ReviewPin,
  SortOrder,
  VendorRulesetSummary,
} from '../catalog/catalog.types';
import type { IdeaDeclaration } from '../catalog/catalog-review.types';
import type { RepositoryRefs } from '../common/repository-refs';

export const RULESET_CATEGORIES = [
  'Security',
  'API Design',
  'Documentation',
  'Compliance',
  'MCP',
  'A2A',
  'LLM',
  'Operations',
  'Other',
] as const;
export type RulesetCategory = (typeof RULESET_CATEGORIES)[number];
/** The category filter value that means no filter. */
export const ALL_CATEGORIES = 'All Categories';

/**
 * The languages a ruleset may be written in: an AMF validation profile (`#%Validation Profile 1.0`) or a
 * Spectral ruleset (`.spectral.yaml`, `.spectral.yml`, `.spectral.json`). See docs/guides/evaluate-formats.md.
 */
export const RULESET_FORMATS = ['amf', 'spectral'] as const;
export type RulesetFormat = (typeof RULESET_FORMATS)[number];

export const TARGET_SCOPES = ['rest-api', 'async-api', 'http-api', 'grpc-api', 'agent', 'mcp'] as const;
export type TargetScope = (typeof TARGET_SCOPES)[number];
/** The scope filter accepts the deprecated `agent-network` as an alias of `agent`. */
export const SCOPE_FILTERS = [...TARGET_SCOPES, 'agent-network'] as const;
export type ScopeFilter = (typeof SCOPE_FILTERS)[number];

export const RULESET_SOURCES = ['community', 'vendor'] as const;
export type RulesetSource = (typeof RULESET_SOURCES)[number];
export const RULESET_SORTS = ['alpha', 'submitted', 'likes', 'views'] as const;
export type RulesetSort = (typeof RULESET_SORTS)[number];

/**
 * Ruleset submission.status: `submitted` (waiting for review), `needs_improvement` (sent back with
 * feedback), `approved`, `rejected`.
 */
export const RULESET_SUBMISSION_STATUSES = [
  'submitted',
  'needs_improvement',
  'approved',
  'rejected',
] as const;
export type RulesetSubmissionStatus = (typeof RULESET_SUBMISSION_STATUSES)[number];

/**
 * Ruleset.lifecycle_status: `under_review` (a submission of it waits for review), `needs_improvement`,
 * `published`, `rejected`. A ruleset that was published once stays public while an update is reviewed.
 */
export const RULESET_LIFECYCLE_STATUSES = [
  'under_review',
  'needs_improvement',
  'published',
  'rejected',
] as const;
export type RulesetLifecycleStatus = (typeof RULESET_LIFECYCLE_STATUSES)[number];

/** Predefined documentation tabs of a ruleset; every other key is custom. */
export const PREDEFINED_RULESET_TABS = ['overview', 'rules', 'examples', 'faq'] as const;

export const REVIEWER_ROLES = ['viewer', 'commenter', 'editor'] as const;
export type ReviewerRole = (typeof REVIEWER_ROLES)[number];

export interface RuleCounts {
  violation: number;
  warning: number;
  info: number;
}

export interface RulesetSummary {
  source: 'community';
  id: string;
  name: string;
  description: string;
  category: RulesetCategory;
  profile_name: string | null;
  /** The language of the ruleset's file: AMF validation profile or Spectral ruleset. */
  ruleset_format: RulesetFormat;
  rule_counts: RuleCounts;
  target_scopes: TargetScope[];
  tags: string[];
  icon_url: string | null;
  registry_asset_id: string | null;
  lifecycle_status: RulesetLifecycleStatus;
  published_at: string | null;
  created_at: string;
  updated_at: string;
  likes: number;
  views: number;
  deploys: number;
  comment_count: number;
  liked: boolean;
  submitted_by: string;
  owner_name: string | null;
  owner_username: string | null;
}

/** A ruleset's examples evaluated with the engine (`examples/conforming/*`, `examples/non-conforming/*`). */
export interface RulesetExamplesStatus {
  /** No rule fires on a conforming example and every rule fires on a non-conforming one. */
  passed: boolean;
  conforming: number;
  nonConforming: number;
  /** Each rule and whether a non-conforming example made it fire. */
  rules: Array<{ rule: string; fired: boolean }>;
}

/** What submission validation found with the evaluation engine, kept with the ruleset. */
export interface RulesetEngineCheck {
  /**
   * Evaluation can run the profile: false when it names vocabularies the AMF model of API specifications
   * does not have (rulesets written for MCP servers or agents), which evaluation refuses (422).
   */
  evaluable: boolean;
  /** Its examples' outcome; null: the repository has none. */
  examples: RulesetExamplesStatus | null;
  /** When validation ran the check. */
  checked_at: string;
  /** The language validation read the ruleset's file as (absent: validated before Spectral rulesets, `amf`). */
  format?: RulesetFormat;
}

/** A ruleset's declared or delivered idea: named by its slug too (the catalog always gives a ruleset's one). */
export interface RulesetIdeaDelivery extends IdeaDelivery {
  slug: string;
}

export interface Ruleset extends RulesetSummary {
  submission_id: string | null;
  owner_id: string;
  source_url: string;
  source_ref: string | null;
  ruleset_path: string | null;
  rule_names: string[];
  video_tutorial_url: string | null;
  examples_url: string | null;
  review_feedback: string | null;
  reviewed_at: string | null;
  contributors: Contributor[];
  delivers_ideas: RulesetIdeaDelivery[];
  /** Null for a ruleset validated before these checks were kept. */
  engine_check: RulesetEngineCheck | null;
  /**
   * The reviewed commit a release builds (the implementation fields are always null: a ruleset has one
   * repository); null before approval, and for a published ruleset whose commit is not known.
   */
  pin: ReviewPin | null;
}

/** What a ruleset repository holds, and every problem with it. */
export interface RulesetValidation {
  ok: boolean;
  errors: string[];
  warnings: string[];
  ref: string | null;
  /** The commit `ref` pointed to when it was read (everything is read at it): what the reviewer approves. */
  commit: string | null;
  /**
   * The content digest of the repository at `commit` (`sha256:` over its canonical listing of path, mode
   * and blob hash; see the README): what approval pins beside the commit.
   */
  contentDigest: string | null;
  subPath: string | null;
  rulesetPath: string | null;
  rulesetPathSource: 'explicit' | 'registry' | 'conventional' | 'discovered' | null;
  /** The language of the ruleset's file (null: no ruleset file was found). */
  format: RulesetFormat | null;
  /**
   * Markdown listing the ruleset's rules with their severities and descriptions (Spectral rulesets): what
   * the `rules` documentation tab of a submission shows when the author gives none. Null for AMF profiles.
   */
  rulesMarkdown: string | null;
  profile: {
    profileName: string | null;
    description: string | null;
    ruleNames: string[];
    ruleCounts: RuleCounts;
    targetClasses: string[];
    dialectVersion: string | null;
  } | null;
  registry: {
    assetId: string | null;
    name: string | null;
    description: string | null;
    main: string | null;
  } | null;
  targetScopes: TargetScope[];
  iconUrl: string | null;
  /**
   * Whether evaluation can run the profile (false without a profile, or when it names vocabularies the
   * engine does not read: see `RulesetEngineCheck.evaluable`).
   */
  evaluable: boolean;
  /**
   * The ruleset's examples (`examples/conforming/*`, `examples/non-conforming/*`) evaluated with the
   * engine: whether they pass and which rules a non-conforming example made fire. Null: no examples.
   */
  examples: RulesetExamplesStatus | null;
}

export type RulesetBranchInfo = RepositoryRefs;

export interface ValidateRulesetRequest {
  repoUrl: string;
  ref?: string;
  rulesetPath?: string;
  includeBranches?: boolean;
}

export interface ValidateRulesetResult {
  validation: RulesetValidation;
  branchInfo?: RulesetBranchInfo;
}

export interface RulesetSnapshot {
  name: string;
  description: string;
  category: RulesetCategory;
  source_url: string;
  source_ref: string | null;
  ruleset_path: string | null;
  profile_name: string | null;
  rule_names: string[];
  target_scopes: TargetScope[];
  registry_asset_id: string | null;
  tags: string[];
  video_tutorial_url: string | null;
  examples_url: string | null;
  snapshotted_at: string;
}

export interface RulesetSubmission {
  id: string;
  status: RulesetSubmissionStatus;
  submitted_by: string;
  name: string;
  description: string;
  category: RulesetCategory;
  source_url: string;
  source_ref: string | null;
  ruleset_path: string | null;
  profile_name: string | null;
  rule_counts: RuleCounts;
  rule_names: string[];
  target_scopes: TargetScope[];
  registry_asset_id: string | null;
  icon_url: string | null;
  tags: string[];
  video_tutorial_url: string | null;
  examples_url: string | null;
  review_feedback: string | null;
  reviewed_by: string | null;
  reviewed_at: string | null;
  ruleset_id: string;
  /** The commit validation read `source_ref` at: what approval pins (null on submissions made before pins). */
  source_commit: string | null;
  /** The content digest of the repository at `source_commit`. */
  content_digest: string | null;
  /**
   * The warnings validation found at `source_commit`, replaced whenever the repository is validated again
   * (within `RULESET_LIMITS.warningsKept`); null on submissions made before they were kept.
   */
  validation_warnings: string[] | null;
  /** The warnings validation found beyond those kept (0 when all are kept, and on older submissions). */
  validation_warnings_omitted: number;
  previous_snapshot: RulesetSnapshot | null;
  revision_count: number;
  created_at: string;
  updated_at: string;
  /**
   * When its ruleset was first published; null while it never was (withdrawing the submission then
   * deletes the ruleset with it, else the ruleset stays published as it is).
   */
  ruleset_published_at: string | null;
}

/**
 * An item of the administrator's review queue: the submission, with what the reviewer reads of its
 * ruleset (the fields of its detail, so that the queue needs no read of it): its owner now (after a
 * transfer, not the submitter) and its pin (null before a first approval).
 */
export type QueuedRulesetSubmission = RulesetSubmission & {
  kind: 'ruleset';
} & Pick<Ruleset, 'owner_id' | 'owner_name' | 'owner_username' | 'pin'>;

export interface RulesetSubmissionInput {
  name: string;
  description: string;
  repoUrl: string;
  category?: RulesetCategory;
  sourceRef?: string;
  rulesetPath?: string;
  targetScopes?: TargetScope[];
  registryAssetId?: string;
  iconUrl?: string;
  iconDisabled?: boolean;
  tags?: string[];
  videoTutorialUrl?: string;
  examplesUrl?: string;
  docTabs?: DocTabInput[];
  deliversIdeaIds?: IdeaDeclaration[];
}

export interface UpdateRulesetSubmissionRequest extends Partial<RulesetSubmissionInput> {
  id: string;
  resubmit?: boolean;
}

export interface CreateRulesetSubmissionResult {
  submission: RulesetSubmission;
  warnings: string[];
}

export interface RulesetSubmissionDetail {
  submission: RulesetSubmission;
  docTabs: DocTab[];
}

export interface RulesetHistoryEntry {
  id: string;
  action: string;
  actor_id: string | null;
  status: RulesetSubmissionStatus;
  fields: string[];
  feedback: string | null;
  previous_snapshot: RulesetSnapshot | null;
  revision_count: number;
  created_at: string;
}

export interface RulesetReviewRequest {
  id: string;
  feedback?: string;
}

export interface ListRulesetsRequest {
  source?: RulesetSource;
  q?: string;
  category?: string;
  scope?: ScopeFilter;
  sort?: RulesetSort;
  order?: SortOrder;
  limit?: number;
  offset?: number;
}

export interface ListRulesetsResult {
  rulesets: Array<RulesetSummary | VendorRulesetSummary>;
  hasMore: boolean;
}

/**
 * Views of published rulesets' detail pages that a gateway replica answered (from its response cache
 * too), added up and sent about once a second: views are counted beside the read, so that the read
 * can be cached and revalidated like every other public read.
 */
export interface CountRulesetViewsRequest {
  views: Array<{ id: string; count: number }>;
}

export interface UpdateRulesetRequest {
  id: string;
  videoTutorialUrl?: string;
  examplesUrl?: string;
}

export interface RulesetDocsResult {
  tabs: DocTab[];
  completeness: DocsCompleteness;
  canEdit: boolean;
}

export interface ReplaceRulesetDocsRequest {
  id: string;
  tabs: DocTabInput[];
}

export interface UpsertRulesetTabRequest {
  id: string;
  key: string;
  title: string;
  bodyMd?: string;
  sortOrder?: number;
}

export interface RulesetTabKeyRequest {
  id: string;
  key: string;
}

export interface RulesetReviewerStatus {
  isReviewer: boolean;
  role: ReviewerRole | null;
}

export interface RulesetReviewerRequest {
  rulesetId: string;
  userId: string;
  role?: ReviewerRole;
}

/** An administrator pins a published ruleset (one with no known commit, or a pin to move by hand). */
export interface PinRulesetRequest {
  id: string;
  /** The commit to pin (default: the commit the ruleset's source ref points to now). */
  commit?: string;
}

/** Asked by the catalog before it records a ruleset transfer offer: whose is it (404 when not visible)? */
export interface RulesetOwnership {
  id: string;
  name: string;
  ownerId: string;
}
