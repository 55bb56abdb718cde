import { type Empty, event, healthPing, rpc } from '../common/descriptors';
import { type ListingSearchRequest, type ListingSearchResult, listingSearchSchema } from '../common/search';
import type {
  Comment,
  CreateCommentRequest,
  DeleteCommentRequest,
  LikeResult,
  UpdateCommentRequest,
} from './catalog-social.types';
import type {
  CreateRevisionRequest,
  CreateSubmissionRequest,
  CreateSubmissionResult,
  CreateTransferRequest,
  DeclareIdeasRequest,
  DeliverIdeasRequest,
  IdeaDeclaration,
  ListIdeaDeliveriesRequest,
  Idea,
  IdeaDeliveredEvent,
  ListIdeasRequest,
  ListIdeasResult,
  PolicyRevision,
  PolicySubmission,
  ReviewQueue,
  ReviewRequest,
  SubmissionDetailResult,
  SubmissionValidation,
  SubmitIdeaRequest,
  Transfer,
  TransferAcceptResult,
  TransferDecisionRequest,
  TransferRole,
  UpdateSubmissionRequest,
  ValidateSubmissionRequest,
  VoteIdeaRequest,
  VoteIdeaResult,
} from './catalog-review.types';
import type {
  BranchInfo,
  ChangesSinceReview,
  PinPolicyRequest,
  HistoryRequest,
  HistoryResult,
  IdeaDelivery,
  ListPoliciesRequest,
  ListPoliciesResult,
  PageInfo,
  PageRequest,
  PolicyDocsResult,
  PolicyIdRequest,
  PolicyResult,
  PolicyReviewerRequest,
  UpdatePolicyRequest,
  VendorPolicy,
} from './catalog.types';

import type {
  PolicyCommentedEvent,
  PolicyReviewDecidedEvent,
  PolicyVersionPublishedEvent,
  TransferOfferedEvent,
} from './catalog-events.types';

export const CatalogRpc = {
  ping: healthPing('catalog'),

  listPolicies: rpc<ListPoliciesRequest, ListPoliciesResult>('catalog.policy.list.v1'),
  /** Community and vendor policies matching a search, with counts per catalog and category. */
  searchListings: rpc<ListingSearchRequest, ListingSearchResult>(
    'catalog.listing.search.v1',
    listingSearchSchema,
  ),
  getPolicy: rpc<PolicyIdRequest, PolicyResult>('catalog.policy.get.v1'),
  updatePolicy: rpc<UpdatePolicyRequest, PolicyResult>('catalog.policy.update.v1'),
  getPolicyDocs: rpc<PolicyIdRequest, PolicyDocsResult>('catalog.policy.docs.get.v1'),
  getPolicyHistory: rpc<HistoryRequest, HistoryResult>('catalog.policy.history.list.v1'),
  getIssuesEnabled: rpc<PolicyIdRequest, { enabled: boolean | null }>('catalog.policy.issues-enabled.get.v1'),
  getBranches: rpc<PolicyIdRequest, BranchInfo>('catalog.policy.branches.list.v1'),
  pinPolicy: rpc<PinPolicyRequest, PolicyResult>('catalog.policy.pin.v1'),
  getChangesSinceReview: rpc<PolicyIdRequest, ChangesSinceReview>(
    'catalog.policy.changes-since-review.get.v1',
  ),
  recordDownload: rpc<PolicyIdRequest, { ok: true }>('catalog.policy.download.record.v1'),
  getReviewerStatus: rpc<PolicyIdRequest, { isReviewer: boolean }>('catalog.policy.reviewer.get.v1'),
  designateReviewer: rpc<PolicyReviewerRequest, { ok: true }>('catalog.policy.reviewer.designate.v1'),
  removeReviewer: rpc<PolicyReviewerRequest, { ok: true }>('catalog.policy.reviewer.remove.v1'),

  getVendorPolicy: rpc<{ slug: string }, { policy: VendorPolicy }>('catalog.vendor-policy.get.v1'),
  reloadVendorIndex: rpc<Empty, { policies: number; errors: string[] }>('catalog.vendor-index.reload.v1'),

  getLike: rpc<PolicyIdRequest, LikeResult>('catalog.like.get.v1'),
  toggleLike: rpc<PolicyIdRequest, LikeResult>('catalog.like.toggle.v1'),

  listComments: rpc<PolicyIdRequest & PageRequest, { comments: Comment[] } & PageInfo>(
    'catalog.comment.list.v1',
  ),
  createComment: rpc<CreateCommentRequest, { comment: Comment }>('catalog.comment.create.v1'),
  updateComment: rpc<UpdateCommentRequest, { comment: Comment }>('catalog.comment.update.v1'),
  deleteComment: rpc<DeleteCommentRequest, { ok: true }>('catalog.comment.delete.v1'),

  validateSubmission: rpc<ValidateSubmissionRequest, { validation: SubmissionValidation }>(
    'catalog.submission.validate.v1',
  ),
  listSubmissions: rpc<PageRequest, { submissions: PolicySubmission[] } & PageInfo>(
    'catalog.submission.list.v1',
  ),
  createSubmission: rpc<CreateSubmissionRequest, CreateSubmissionResult>('catalog.submission.create.v1'),
  getSubmission: rpc<{ id: string }, SubmissionDetailResult>('catalog.submission.get.v1'),
  updateSubmission: rpc<UpdateSubmissionRequest, { submission: PolicySubmission }>(
    'catalog.submission.update.v1',
  ),
  getSubmissionHistory: rpc<{ id: string }, HistoryResult>('catalog.submission.history.list.v1'),
  approveSubmission: rpc<ReviewRequest, { submission: PolicySubmission }>('catalog.submission.approve.v1'),
  rejectSubmission: rpc<ReviewRequest, { submission: PolicySubmission }>('catalog.submission.reject.v1'),
  reviewQueue: rpc<{ limit?: number }, ReviewQueue>('catalog.review.queue.v1'),

  listRevisions: rpc<PolicyIdRequest & PageRequest, { revisions: PolicyRevision[] } & PageInfo>(
    'catalog.revision.list.v1',
  ),
  createRevision: rpc<CreateRevisionRequest, { revision: PolicyRevision; policy_name: string }>(
    'catalog.revision.create.v1',
  ),
  approveRevision: rpc<ReviewRequest, { revision: PolicyRevision }>('catalog.revision.approve.v1'),
  rejectRevision: rpc<ReviewRequest, { revision: PolicyRevision }>('catalog.revision.reject.v1'),

  createTransfer: rpc<CreateTransferRequest, { transfer: { id: string; to_user_id: string } }>(
    'catalog.transfer.create.v1',
  ),
  acceptTransfer: rpc<TransferDecisionRequest, TransferAcceptResult>('catalog.transfer.accept.v1'),
  rejectTransfer: rpc<TransferDecisionRequest, { transfer: Transfer }>('catalog.transfer.reject.v1'),
  cancelTransfer: rpc<TransferDecisionRequest, { transfer: Transfer }>('catalog.transfer.cancel.v1'),
  listMyTransfers: rpc<{ role?: TransferRole } & PageRequest, { transfers: Transfer[] } & PageInfo>(
    'catalog.transfer.list-mine.v1',
  ),

  submitIdea: rpc<SubmitIdeaRequest, { idea: Idea }>('catalog.idea.submit.v1'),
  listIdeas: rpc<ListIdeasRequest, ListIdeasResult>('catalog.idea.list.v1'),
  getIdea: rpc<{ id: string }, { idea: Idea }>('catalog.idea.get.v1'),
  voteIdea: rpc<VoteIdeaRequest, VoteIdeaResult>('catalog.idea.vote.v1'),
  approveIdea: rpc<ReviewRequest, { idea: Idea }>('catalog.idea.approve.v1'),
  rejectIdea: rpc<ReviewRequest, { idea: Idea }>('catalog.idea.reject.v1'),

  /** For other services' resources (rulesets): 422 when an idea is not approved and visible, or listed twice. */
  checkIdeas: rpc<{ ideas: IdeaDeclaration[] }, { ok: true }>('catalog.idea.declarations.check.v1'),
  /** Replaces the ideas a resource declares (checked as above); delivered ones are kept. */
  declareIdeas: rpc<DeclareIdeasRequest, { ok: true }>('catalog.idea.declarations.replace.v1'),
  /**
   * Administrators, when a resource is approved: its declared ideas that it fully delivers (or completes)
   * become delivered and their submitters are notified, exactly as for a policy. Idempotent.
   */
  deliverIdeas: rpc<DeliverIdeasRequest, { delivered: number }>('catalog.idea.deliveries.deliver.v1'),
  listIdeaDeliveries: rpc<ListIdeaDeliveriesRequest, { deliveries: Record<string, IdeaDelivery[]> }>(
    'catalog.idea.deliveries.list.v1',
  ),
} as const;

export const CatalogEvents = {
  /** Durable: written to the catalog outbox in the deciding transaction, published after commit. */
  ideaDelivered: event<IdeaDeliveredEvent>('catalog.idea.delivered.v1'),
  /** Durable (outbox): a policy submission or revision decided; its author's webhooks hear it. */
  reviewDecided: event<PolicyReviewDecidedEvent>('catalog.review.decided.v1'),
  /** Durable (outbox): the reviewed code of a published policy moved (approved revision, admin pin). */
  versionPublished: event<PolicyVersionPublishedEvent>('catalog.policy.version-published.v1'),
  /** Durable (outbox): a transfer offered to a user. */
  transferOffered: event<TransferOfferedEvent>('catalog.transfer.offered.v1'),
  /** Durable (outbox): a comment on a policy by someone other than its owner. */
  policyCommented: event<PolicyCommentedEvent>('catalog.policy.commented.v1'),
} as const;
