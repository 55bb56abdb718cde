import { event, rpc, type PingResult } from '../common/descriptors';
import type { RulesetReviewDecidedEvent, RulesetVersionPublishedEvent } from './rulesets-events.types';
import type { MoveRulesetOwnershipRequest } from '../catalog/catalog-review.types';
import type { LikeResult } from '../catalog/catalog-social.types';
import type { ChangesSinceReview, DocTab, VendorRuleset } from '../catalog/catalog.types';
import { z } from 'zod';
import type {
  CountRulesetViewsRequest,
  CreateRulesetSubmissionResult,
  ListRulesetsRequest,
  ListRulesetsResult,
  PinRulesetRequest,
  QueuedRulesetSubmission,
  ReplaceRulesetDocsRequest,
  Ruleset,
  RulesetDocsResult,
  RulesetHistoryEntry,
  RulesetOwnership,
  RulesetReviewerStatus,
  RulesetReviewRequest,
  RulesetSubmission,
  RulesetSubmissionDetail,
  RulesetSubmissionInput,
  RulesetTabKeyRequest,
  UpdateRulesetRequest,
  UpdateRulesetSubmissionRequest,
  UpsertRulesetTabRequest,
  ValidateRulesetRequest,
  ValidateRulesetResult,
} from './rulesets.types';

type Empty = Record<string, never>;

/** Ids a gateway sends in one count of views (it sends early when it holds this many). */
export const RULESET_VIEWS_PER_COUNT = 1000;

const countViewsSchema: z.ZodType<CountRulesetViewsRequest, unknown> = z.object({
  views: z
    .array(z.object({ id: z.string().uuid(), count: z.number().int().min(1).max(1_000_000_000) }))
    .max(RULESET_VIEWS_PER_COUNT),
});
type Id = { id: string };

export const RulesetsRpc = {
  ping: rpc<Empty, PingResult>('rulesets.health.ping.v1'),

  validate: rpc<ValidateRulesetRequest, ValidateRulesetResult>('rulesets.submission.validate.v1'),
  listSubmissions: rpc<Empty, { submissions: RulesetSubmission[] }>('rulesets.submission.list.v1'),
  createSubmission: rpc<RulesetSubmissionInput, CreateRulesetSubmissionResult>(
    'rulesets.submission.create.v1',
  ),
  getSubmission: rpc<Id, RulesetSubmissionDetail>('rulesets.submission.get.v1'),
  updateSubmission: rpc<UpdateRulesetSubmissionRequest, { submission: RulesetSubmission }>(
    'rulesets.submission.update.v1',
  ),
  deleteSubmission: rpc<Id, { ok: true }>('rulesets.submission.delete.v1'),
  getSubmissionHistory: rpc<Id, { entries: RulesetHistoryEntry[] }>('rulesets.submission.history.list.v1'),

  approveSubmission: rpc<RulesetReviewRequest, { submission: RulesetSubmission }>(
    'rulesets.submission.approve.v1',
  ),
  requestImprovement: rpc<RulesetReviewRequest, { submission: RulesetSubmission }>(
    'rulesets.submission.needs-improvement.v1',
  ),
  rejectSubmission: rpc<RulesetReviewRequest, { submission: RulesetSubmission }>(
    'rulesets.submission.reject.v1',
  ),
  /** Administrators: ruleset submissions waiting for review, oldest first (the gateway merges the queues). */
  reviewQueue: rpc<Empty, { rulesetSubmissions: QueuedRulesetSubmission[] }>('rulesets.review.queue.v1'),

  list: rpc<ListRulesetsRequest, ListRulesetsResult>('rulesets.ruleset.list.v1'),
  get: rpc<Id, { ruleset: Ruleset }>('rulesets.ruleset.get.v1'),
  /** From the gateway: the detail views it answered since its last count (the read counts none). */
  countViews: rpc<CountRulesetViewsRequest, { counted: number }>(
    'rulesets.ruleset.views.count.v1',
    countViewsSchema,
  ),
  update: rpc<UpdateRulesetRequest, { ruleset: Ruleset }>('rulesets.ruleset.update.v1'),
  getLike: rpc<Id, LikeResult>('rulesets.like.get.v1'),
  toggleLike: rpc<Id, LikeResult>('rulesets.like.toggle.v1'),
  getReviewerStatus: rpc<Id, RulesetReviewerStatus>('rulesets.reviewer.get.v1'),
  /** Administrators pin a published ruleset to a reviewed commit (approval pins one). */
  pin: rpc<PinRulesetRequest, { ruleset: Ruleset }>('rulesets.ruleset.pin.v1'),
  getChangesSinceReview: rpc<Id, ChangesSinceReview>('rulesets.ruleset.changes-since-review.v1'),

  getDocs: rpc<Id, RulesetDocsResult>('rulesets.docs.get.v1'),
  replaceDocs: rpc<ReplaceRulesetDocsRequest, RulesetDocsResult>('rulesets.docs.replace.v1'),
  upsertTab: rpc<UpsertRulesetTabRequest, { tab: DocTab }>('rulesets.docs.tab.upsert.v1'),
  deleteTab: rpc<RulesetTabKeyRequest, { ok: true }>('rulesets.docs.tab.delete.v1'),

  getVendorRuleset: rpc<{ slug: string }, { ruleset: VendorRuleset }>('rulesets.vendor-ruleset.get.v1'),
  reloadVendorIndex: rpc<Empty, { rulesets: number; errors: string[] }>('rulesets.vendor-index.reload.v1'),
} as const;

/**
 * Asked by the catalog, which owns transfers: whose a ruleset is before an offer is recorded (404 when
 * the caller cannot see it), and moving it to its new owner when a transfer is accepted (idempotent by
 * `transferId`).
 */
export const RulesetOwnershipRpc = {
  get: rpc<Id, RulesetOwnership>('rulesets.ruleset.ownership.get.v1'),
  move: rpc<MoveRulesetOwnershipRequest, { ok: true }>('rulesets.ruleset.ownership.move.v1'),
} as const;

export const RulesetsEvents = {
  /** Durable (outbox): a ruleset submission decided; its author's webhooks hear it. */
  reviewDecided: event<RulesetReviewDecidedEvent>('rulesets.review.decided.v1'),
  /** Durable (outbox): an approved submission changed a published ruleset. */
  versionPublished: event<RulesetVersionPublishedEvent>('rulesets.ruleset.version-published.v1'),
} as const;
