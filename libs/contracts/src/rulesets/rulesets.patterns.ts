import { type Empty, event, healthPing, rpc } from '../common/descriptors';
import { type ListingSearchRequest, type ListingSearchResult, listingSearchSchema } from '../common/search';
import type {
  RulesetReviewDecidedEvent,
  RulesetVersionPublishedEvent,
  RulesetWithdrawnEvent,
} from './rulesets-events.types';
import type {
  EndRulesetTransferRequest,
  EndRulesetTransfersRequest,
  MoveRulesetOwnershipRequest,
  RulesetTransferOutcomeResult,
  RulesetTransferOutcomesResult,
} from '../catalog/catalog-review.types';
import type { LikeResult } from '../catalog/catalog-social.types';
import type {
  ChangesSinceReview,
  DocTab,
  PageInfo,
  PageRequest,
  VendorRuleset,
} from '../catalog/catalog.types';
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

import type { EvaluateRequest, EvaluationReport, SpecificationUploadPart } from './rulesets.evaluation';
import { RulesetSchemas as S } from './rulesets.schemas';

type Id = { id: string };

/** Every rulesets message with the schema of its data (`rulesets.schemas.ts`), checked where it enters. */

export const RulesetsRpc = {
  ping: healthPing('rulesets', S.empty),
  /** Community and vendor rulesets matching a search, with counts per catalog and category. */
  searchListings: rpc<ListingSearchRequest, ListingSearchResult>(
    'rulesets.listing.search.v1',
    listingSearchSchema,
  ),

  validate: rpc<ValidateRulesetRequest, ValidateRulesetResult>('rulesets.submission.validate.v1', S.validate),
  /** The caller's own submissions, newest first, a page at a time (an empty request: the newest 100). */
  listSubmissions: rpc<PageRequest, { submissions: RulesetSubmission[] } & PageInfo>(
    'rulesets.submission.list.v1',
    S.listSubmissions,
  ),
  createSubmission: rpc<RulesetSubmissionInput, CreateRulesetSubmissionResult>(
    'rulesets.submission.create.v1',
    S.createSubmission,
  ),
  getSubmission: rpc<Id, RulesetSubmissionDetail>('rulesets.submission.get.v1', S.id),
  updateSubmission: rpc<UpdateRulesetSubmissionRequest, { submission: RulesetSubmission }>(
    'rulesets.submission.update.v1',
    S.updateSubmission,
  ),
  deleteSubmission: rpc<Id, { ok: true }>('rulesets.submission.delete.v1', S.id),
  getSubmissionHistory: rpc<Id, { entries: RulesetHistoryEntry[] }>(
    'rulesets.submission.history.list.v1',
    S.id,
  ),

  approveSubmission: rpc<RulesetReviewRequest, { submission: RulesetSubmission }>(
    'rulesets.submission.approve.v1',
    S.review,
  ),
  requestImprovement: rpc<RulesetReviewRequest, { submission: RulesetSubmission }>(
    'rulesets.submission.needs-improvement.v1',
    S.sendBack,
  ),
  rejectSubmission: rpc<RulesetReviewRequest, { submission: RulesetSubmission }>(
    'rulesets.submission.reject.v1',
    S.sendBack,
  ),
  /** Administrators: ruleset submissions waiting for review, oldest first (the gateway merges the queues). */
  reviewQueue: rpc<Empty, { rulesetSubmissions: QueuedRulesetSubmission[] }>(
    'rulesets.review.queue.v1',
    S.empty,
  ),

  list: rpc<ListRulesetsRequest, ListRulesetsResult>('rulesets.ruleset.list.v1', S.list),
  get: rpc<Id, { ruleset: Ruleset }>('rulesets.ruleset.get.v1', S.id),
  /** From the gateway: the detail views it answered since its last count (the read counts none). */
  countViews: rpc<CountRulesetViewsRequest, { counted: number }>(
    'rulesets.ruleset.views.count.v1',
    S.countViews,
  ),
  update: rpc<UpdateRulesetRequest, { ruleset: Ruleset }>('rulesets.ruleset.update.v1', S.update),
  getLike: rpc<Id, LikeResult>('rulesets.like.get.v1', S.id),
  toggleLike: rpc<Id, LikeResult>('rulesets.like.toggle.v1', S.id),
  getReviewerStatus: rpc<Id, RulesetReviewerStatus>('rulesets.reviewer.get.v1', S.id),
  /** Administrators pin a published ruleset to a reviewed commit (approval pins one). */
  pin: rpc<PinRulesetRequest, { ruleset: Ruleset }>('rulesets.ruleset.pin.v1', S.pin),
  getChangesSinceReview: rpc<Id, ChangesSinceReview>('rulesets.ruleset.changes-since-review.v1', S.id),

  getDocs: rpc<Id, RulesetDocsResult>('rulesets.docs.get.v1', S.id),
  replaceDocs: rpc<ReplaceRulesetDocsRequest, RulesetDocsResult>('rulesets.docs.replace.v1', S.replaceDocs),
  upsertTab: rpc<UpsertRulesetTabRequest, { tab: DocTab }>('rulesets.docs.tab.upsert.v1', S.upsertTab),
  deleteTab: rpc<RulesetTabKeyRequest, { ok: true }>('rulesets.docs.tab.delete.v1', S.tabKey),

  getVendorRuleset: rpc<{ slug: string }, { ruleset: VendorRuleset }>(
    'rulesets.vendor-ruleset.get.v1',
    S.vendorSlug,
  ),
  reloadVendorIndex: rpc<Empty, { rulesets: number; errors: string[] }>(
    'rulesets.vendor-index.reload.v1',
    S.empty,
  ),
} as const;

/**
 * Asked by the catalog, which owns transfers: whose a ruleset is before an offer is recorded (404 when
 * the caller cannot see it), moving it to its new owner when a transfer is accepted, and ending a
 * transfer that is cancelled, rejected or expires. The rulesets service records per `transferId` which
 * came first, the move or the end, and answers every later ask with it (idempotent): a move after the end
 * is refused (409 `RULESETS.TRANSFER_ENDED`, `extra.outcome` how it ended), an end after the move answers
 * `moved`, so the two services never disagree on whether the ruleset changed hands.
 */
export const RulesetOwnershipRpc = {
  get: rpc<Id, RulesetOwnership>('rulesets.ruleset.ownership.get.v1', S.id),
  move: rpc<MoveRulesetOwnershipRequest, { ok: true }>('rulesets.ruleset.ownership.move.v1', S.moveOwnership),
  end: rpc<EndRulesetTransferRequest, RulesetTransferOutcomeResult>(
    'rulesets.ruleset.ownership.end.v1',
    S.endTransfer,
  ),
  /**
   * `end` for several transfers in one ask (at most `RULESET_TRANSFER_ENDS_MAX`, a page of the caller's
   * transfers): the catalog settles a page's offers past their expiry with it before showing them.
   */
  endMany: rpc<EndRulesetTransfersRequest, RulesetTransferOutcomesResult>(
    'rulesets.ruleset.ownership.end-many.v1',
    S.endTransfers,
  ),
} as const;

export const RulesetEvaluationRpc = {
  evaluate: rpc<EvaluateRequest, EvaluationReport>('rulesets.evaluation.run.v1', S.evaluate),
  /** A part of a specification too large for one bus message, sent ahead of `evaluate` (docs/messaging.md). */
  uploadPart: rpc<SpecificationUploadPart, { ok: true }>('rulesets.evaluation.upload-part.v1', S.uploadPart),
} as const;

export const RulesetsEvents = {
  /** Durable (outbox): a ruleset submission decided; its author's webhooks hear it. */
  reviewDecided: event<RulesetReviewDecidedEvent>('rulesets.review.decided.v1'),
  /** Durable (outbox): a ruleset's new reviewed version (an approval that pinned it, an administrator's pin). */
  versionPublished: event<RulesetVersionPublishedEvent>('rulesets.ruleset.version-published.v1'),
  /** Durable (outbox): a ruleset never published was withdrawn and deleted; the catalog ends its transfers. */
  withdrawn: event<RulesetWithdrawnEvent>('rulesets.ruleset.withdrawn.v1'),
} as const;
