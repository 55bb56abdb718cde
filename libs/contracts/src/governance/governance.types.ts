import type {
  EvaluationResultItem,
  SeverityCounts,
  SpecificationUpload,
} from '../rulesets/rulesets.evaluation';
import type { EvaluationTrigger } from './governance.limits';
import type { ApiThresholdCrossedWebhookV1, WaiverExpiredWebhookV1 } from '../identity/webhooks.types';

/**
 * API governance, kept by the rulesets service: APIs a workspace registers, the profiles saying which
 * rulesets govern which of them, every evaluation of them, and waivers of findings. Access follows the
 * caller's role in the workspace (asked of the workspaces service): members read, register and evaluate
 * APIs; owners and admins also delete APIs and manage profiles, waivers and the workspace's settings.
 * Anyone else gets 404.
 */

/** Where an API's specification lives on the source host (else it is pushed, e.g. from CI). */
export interface ApiSpecificationSource {
  repo_url: string;
  /** Branch, tag or commit (null: the repository's default branch). */
  ref: string | null;
  /** The main file from the repository root. */
  path: string;
}

export interface GovernedApi {
  id: string;
  workspace_id: string;
  name: string;
  description: string | null;
  source: ApiSpecificationSource | null;
  tags: string[];
  scope: string | null;
  /** Documents pushed (the newest is evaluated when there is no source, or when asked). */
  documents: number;
  /** The latest evaluation's conformance in percent (null: never evaluated, or no rule applies). */
  conformance: number | null;
  /** The evaluation before the latest one's (the trend is the difference). */
  previous_conformance: number | null;
  at_risk: boolean;
  last_evaluation_id: string | null;
  last_evaluated_at: string | null;
  created_by: string;
  created_at: string;
  updated_at: string;
}

export interface WorkspaceIdData {
  workspaceId: string;
}

export interface RegisterApiRequest {
  workspaceId: string;
  name: string;
  description?: string;
  source?: { repoUrl: string; ref?: string; path: string };
  tags?: string[];
  scope?: string;
  /** A first document, pushed with the registration. */
  document?: DocumentOnBus;
}

export interface UpdateApiRequest {
  id: string;
  name?: string;
  /** Empty string clears it. */
  description?: string;
  /** Null removes the source (the pushed documents are evaluated). */
  source?: { repoUrl: string; ref?: string; path: string } | null;
  tags?: string[];
  /** Empty string clears it. */
  scope?: string;
}

export interface PushedDocument {
  content: string;
  /** Its file name as findings name it (default api.yaml). */
  filename?: string;
  /** The commit it was taken at, as CI knows it. */
  commit?: string;
}

/**
 * A pushed document as it crosses the bus (gateway to rulesets service): its `content` inline, or, when
 * too large for one bus message, sent ahead in parts (`RulesetEvaluationRpc.uploadPart`) and named by
 * `upload`, exactly one of the two (docs/messaging.md).
 */
export interface DocumentOnBus extends Omit<PushedDocument, 'content'> {
  content?: string;
  upload?: SpecificationUpload;
}

export interface PushDocumentRequest extends DocumentOnBus {
  apiId: string;
}

export interface ApiDocument {
  id: string;
  api_id: string;
  filename: string;
  digest: string;
  commit: string | null;
  bytes: number;
  pushed_by: string;
  pushed_at: string;
}

/** A pushed document with its text (the document an evaluation read, for the findings' lines). */
export interface ApiDocumentText extends ApiDocument {
  content: string;
}

export interface ListApisRequest {
  workspaceId: string;
  /** Only APIs below the workspace's threshold. */
  atRisk?: boolean;
  tag?: string;
  limit?: number;
  offset?: number;
}

/** The workspace's governance page: its APIs, at-risk first then by conformance, and the counts. */
export interface ApiDashboard {
  workspace_id: string;
  threshold: number;
  totals: { apis: number; evaluated: number; at_risk: number };
  apis: GovernedApi[];
  has_more: boolean;
}

export interface GovernanceTrendRequest {
  workspaceId: string;
  /** The days the series covers, ending today (UTC). */
  days?: number;
}

/** The workspace's conformance at the end of one UTC day. */
export interface GovernanceTrendPoint {
  /** The day, `YYYY-MM-DD` (UTC). */
  day: string;
  /** The mean of each API's latest conformance as of that day (null: none evaluated yet). */
  conformance: number | null;
  /** APIs with a conformance as of that day. */
  evaluated: number;
  /** Of those, the ones below the workspace's threshold (today's). */
  at_risk: number;
}

/** The workspace's conformance over time: one point per day, oldest first, a day without evaluations carrying the last value. */
export interface GovernanceTrend {
  workspace_id: string;
  threshold: number;
  days: number;
  points: GovernanceTrendPoint[];
}

export interface RulesetFollow {
  ruleset_id: string;
  /** A reviewed commit of the ruleset, or null to follow its latest version. */
  version: string | null;
}

export interface GovernanceProfile {
  id: string;
  workspace_id: string;
  name: string;
  rulesets: RulesetFollow[];
  /** The profile applies to APIs with any of these tags, or any of these scopes; both empty: to every API. */
  match_tags: string[];
  match_scopes: string[];
  created_by: string;
  created_at: string;
  updated_at: string;
}

export interface ProfileInput {
  name: string;
  rulesets: Array<{ rulesetId: string; version?: string | null }>;
  matchTags?: string[];
  matchScopes?: string[];
}

export interface CreateGovernanceProfileRequest extends ProfileInput {
  workspaceId: string;
}

export interface UpdateGovernanceProfileRequest extends Partial<ProfileInput> {
  id: string;
}

export interface GovernanceSettings {
  workspace_id: string;
  /** An API below this conformance (percent) is at risk. */
  at_risk_threshold: number;
}

export interface UpdateSettingsRequest {
  workspaceId: string;
  atRiskThreshold: number;
}

export interface RecordEvaluationRequest {
  apiId: string;
  /**
   * A document to push and evaluate (CI); without it the source, else the newest pushed document. Inline,
   * or sent ahead in parts when too large for one bus message (`DocumentOnBus`).
   */
  document?: DocumentOnBus;
  trigger?: Extract<EvaluationTrigger, 'manual' | 'ci'>;
}

/** One ruleset's part of an evaluation. */
export interface EvaluatedRulesetVersion {
  ruleset_id: string;
  name: string;
  /** The reviewed commit evaluated (null: a ruleset never pinned, at its source ref). */
  version: string | null;
  /** Followed as `latest`, or pinned to the version. */
  follows: 'latest' | 'pinned';
  applicable_rules: number;
  failed_rules: number;
  counts: SeverityCounts;
}

/** A finding as an evaluation keeps it: the engine's result (without its model path) and its ruleset. */
export interface KeptFinding extends Omit<EvaluationResultItem, 'modelPath'> {
  ruleset_id: string;
  /** The waiver that covers it (null: it counts). */
  waiver_id: string | null;
}

export interface ApiEvaluationSummary {
  id: string;
  api_id: string;
  workspace_id: string;
  trigger: EvaluationTrigger;
  run_by: string;
  created_at: string;
  specification: { format: string; digest: string; commit: string | null; ref: string | null };
  rulesets: EvaluatedRulesetVersion[];
  /** Complete counts, per severity, of every finding (waived ones included). */
  counts: SeverityCounts;
  waived: number;
  passed_rules: number;
  applicable_rules: number;
  /** passed_rules / applicable_rules in percent, one decimal; null when no rule applies. */
  conformance: number | null;
}

export interface ApiEvaluation extends ApiEvaluationSummary {
  findings: KeptFinding[];
  findings_truncated: boolean;
}

export interface ApiIdRequest {
  id: string;
}

export interface ListEvaluationsRequest {
  apiId: string;
  limit?: number;
  /** Only evaluations older than this one (the next page). */
  before?: string;
}

export interface ApiHistory {
  api_id: string;
  threshold: number;
  evaluations: ApiEvaluationSummary[];
  has_more: boolean;
}

export interface EvaluationIdRequest {
  apiId: string;
  evaluationId: string;
}

export interface Waiver {
  id: string;
  api_id: string;
  workspace_id: string;
  /** The ruleset whose rule it waives; null: the rule of that name in every ruleset the API is evaluated with. */
  ruleset_id: string | null;
  rule: string;
  /** A JSON pointer (`#/paths/~1pets`: that element and all below; `*` one segment) or a file pattern. */
  location: string;
  reason: string;
  expires_at: string;
  expired: boolean;
  created_by: string;
  created_at: string;
}

export interface CreateWaiverRequest {
  apiId: string;
  /** The ruleset whose rule it waives; without it, the rule of that name in every ruleset. */
  rulesetId?: string;
  rule: string;
  location: string;
  reason: string;
  expiresAt: string;
}

/** A page of an API's waivers: at most `limit` (`GOVERNANCE_LIMITS.waiversPage`), after the one `cursor` names. */
export interface ListWaiversRequest {
  id: string;
  limit?: number;
  /** Opaque: the `nextCursor` of the page before. */
  cursor?: string;
}

/** One page of an API's waivers, latest expiry first: whether more follow, and the next page's cursor. */
export interface WaiverPage {
  waivers: Waiver[];
  hasMore: boolean;
  nextCursor: string | null;
}

export interface WaiverIdRequest {
  apiId: string;
  waiverId: string;
}

/** Durable: a waiver expired; its findings count again (identity tells its author). */
export interface WaiverExpiredEvent extends WaiverExpiredWebhookV1 {
  owner_id: string;
}

/** Durable: an API's conformance crossed the workspace's threshold, either way. */
export interface ApiThresholdCrossedEvent extends ApiThresholdCrossedWebhookV1 {
  /** Who registered the API (their inbox and webhooks hear it). */
  owner_id: string;
}

/** An API whose conformance a followed ruleset's new version changed. */
export interface ConformanceChange {
  api_id: string;
  api_name: string;
  previous_conformance: number | null;
  conformance: number | null;
  /** Who registered the API (their inbox hears it). */
  owner_id: string;
}

/**
 * Durable: a followed ruleset's new version, once the workspace's APIs following it were evaluated again,
 * changed the conformance of some of them (once per version per workspace). `apis`: the first
 * `GOVERNANCE_LIMITS.changesListed` by name; `changed`: all of them.
 */
export interface ConformanceChangedEvent {
  workspace_id: string;
  ruleset_id: string;
  ruleset_name: string;
  /** The new version's commit. */
  version: string | null;
  changed: number;
  apis: ConformanceChange[];
}

/**
 * A job of the re-evaluation queue: the workspace's APIs following a ruleset, from `after` on (by id); or,
 * for a check of the sources' refs (`ruleset_id` null), the workspace's APIs on the source host.
 */
export interface ReevaluationJob {
  /** The cause: a ruleset's new version (its event), or a period of the ref check (`refs:<period>`). */
  event_id: string;
  /** The ruleset whose new version is evaluated; null: a check of the sources' refs. */
  ruleset_id: string | null;
  /** Null: the ref check's start, which enqueues a job per workspace with APIs on the source host. */
  workspace_id: string | null;
  /** The last API id evaluated by the job before (null: from the start). */
  after: string | null;
}

export interface EvaluationDiffRequest {
  apiId: string;
  /** The later evaluation. */
  evaluationId: string;
  /** The earlier one it is compared with. */
  against: string;
}

/**
 * What changed between two evaluations of an API: findings are the same when their ruleset, rule, file
 * and JSON pointer are (their line may move); each side bounded by the findings kept.
 */
export interface EvaluationDiff {
  from: ApiEvaluationSummary;
  to: ApiEvaluationSummary;
  /** `to`'s conformance minus `from`'s (null when either has none). */
  conformance_delta: number | null;
  /** In `to` and not in `from`. */
  introduced: KeptFinding[];
  /** In `from` and no longer in `to`. */
  resolved: KeptFinding[];
  unchanged: number;
}

/** How many governed APIs a ruleset governs (its page says so): through any workspace's profiles. */
export interface RulesetFollowers {
  ruleset_id: string;
  /** APIs a profile applies the ruleset to (pinned or following its latest). */
  apis: number;
  /** Of those, the ones following its latest version (evaluated again when it publishes one). */
  following_latest: number;
  workspaces: number;
}
