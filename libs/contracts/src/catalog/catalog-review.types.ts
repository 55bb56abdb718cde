import { TRANSFERS_LIMIT } from './catalog.limits';
import type {
  AssetKind,
  Direction,
  DocTab,
  DocTabInput,
  ProjectType,
  SubmissionStatus,
} from './catalog.types';

/** What was found in the repository, and every problem with it. */
export interface SubmissionValidation {
  ok: boolean;
  errors: string[];
  warnings: string[];
  projectType: ProjectType;
  definition: {
    path: string;
    name: string | null;
    title: string | null;
    category: string | null;
    description: string | null;
  } | null;
  implementation: { path: string } | null;
  version: string | null;
  kitVersion: string | null;
  defaultBranch: string | null;
  implementationDefaultBranch: string | null;
  /** The ref that was read and will be deployed: the one named, else the default branch. */
  ref: string | null;
  /** The commit `ref` pointed to when it was read: what the reviewer approves. */
  commit: string | null;
  implementationRef: string | null;
  implementationCommit: string | null;
  /**
   * The content digest of the repository at `commit` (`sha256:` over its canonical listing of path,
   * mode and blob hash; see the README): what approval pins beside the commit. Absent on validations
   * recorded before digests existed.
   */
  contentDigest?: string | null;
  implementationContentDigest?: string | null;
  hasIssues: boolean | null;
  assetKinds: AssetKind[];
}

export interface ValidateSubmissionRequest {
  projectType?: ProjectType;
  sourceHostUrl: string;
  implementationSourceHostUrl?: string;
  /** The ref to read (the one that will be deployed); default: the URL's /tree/<ref>, else the default branch. */
  sourceRef?: string;
  implementationSourceRef?: string;
}

export const IDEA_COVERAGES = ['full', 'partial'] as const;
export type IdeaCoverage = (typeof IDEA_COVERAGES)[number];

export interface IdeaDeclaration {
  ideaId: string;
  coverage?: IdeaCoverage;
  scopeNote?: string;
  completesIdea?: boolean;
}

/** A resource of another service that declares ideas (policies declare theirs inside the catalog). */
export interface IdeaResourceRef {
  resourceType: 'ruleset';
  resourceId: string;
}

export interface DeclareIdeasRequest extends IdeaResourceRef {
  ideas: IdeaDeclaration[];
}

export interface DeliverIdeasRequest extends IdeaResourceRef {
  resourceName: string;
}

export interface ListIdeaDeliveriesRequest {
  resourceType: 'ruleset';
  resourceIds: string[];
}

export interface CreateSubmissionRequest {
  projectType?: ProjectType;
  name: string;
  description: string;
  sourceHostUrl: string;
  implementationSourceHostUrl?: string;
  sourceRef?: string;
  implementationSourceRef?: string;
  category?: string;
  videoTutorialUrl?: string;
  examplesUrl?: string;
  iconUrl?: string;
  iconDisabled?: boolean;
  direction?: Direction;
  deliversIdeaIds?: IdeaDeclaration[];
  assetKinds?: AssetKind[];
  a2aProtocolVersions?: string[];
  docTabs?: DocTabInput[];
}

export interface UpdateSubmissionRequest extends Partial<Omit<CreateSubmissionRequest, 'projectType'>> {
  id: string;
}

export interface PolicySubmission {
  id: string;
  policyId: string;
  name: string;
  description: string;
  status: SubmissionStatus;
  sourceHostUrl: string;
  implementationSourceHostUrl: string | null;
  /** The ref validated and deployed, and the commit it pointed to when validated (null: not recorded). */
  sourceRef: string | null;
  sourceCommit: string | null;
  implementationSourceRef: string | null;
  implementationSourceCommit: string | null;
  feedback: string | null;
  validation: SubmissionValidation;
  submittedBy: string;
  reviewedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A submission in the review queue: what identifies it; the detail has description and validation. */
export type SubmissionSummary = Pick<
  PolicySubmission,
  | 'id'
  | 'policyId'
  | 'name'
  | 'status'
  | 'sourceHostUrl'
  | 'implementationSourceHostUrl'
  | 'sourceRef'
  | 'sourceCommit'
  | 'implementationSourceRef'
  | 'implementationSourceCommit'
  | 'submittedBy'
  | 'createdAt'
  | 'updatedAt'
>;

export interface SubmissionDetailResult {
  submission: PolicySubmission;
  docTabs: DocTab[];
}

export interface CreateSubmissionResult {
  submission: PolicySubmission;
  validation: SubmissionValidation;
}

export interface ReviewRequest {
  id: string;
  feedback?: string;
}

export const REVISION_FIELDS = ['description', 'source_host_url', 'implementation_source_host_url'] as const;
export type RevisionField = (typeof REVISION_FIELDS)[number];

export const REVISION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type RevisionStatus = (typeof REVISION_STATUSES)[number];

export interface PolicyRevision {
  id: string;
  policy_id: string;
  field: RevisionField;
  proposed_value: string;
  previous_value: string;
  status: RevisionStatus;
  feedback: string | null;
  submitted_at: string;
  reviewed_at: string | null;
}

export interface CreateRevisionRequest {
  policyId: string;
  field: RevisionField;
  value: string;
}

/** The oldest items waiting of each kind, a bounded number of each; `hasMore` per kind. */
export interface ReviewQueue {
  submissions: SubmissionSummary[];
  revisions: Array<PolicyRevision & { policy_name: string }>;
  ideas: Idea[];
  hasMore: { submissions: boolean; revisions: boolean; ideas: boolean };
}

/**
 * Idea.status: `pending` (waiting for administrator review), `approved` (public, open for votes and
 * declarable by submissions), `rejected`, `delivered` (an approved policy or ruleset delivered it).
 */
export const IDEA_STATUSES = ['pending', 'approved', 'rejected', 'delivered'] as const;
export type IdeaStatus = (typeof IDEA_STATUSES)[number];

/** `votes`: most votes first (then newest); `newest`: newest first. */
export const IDEA_SORTS = ['votes', 'newest'] as const;
export type IdeaSort = (typeof IDEA_SORTS)[number];

export interface Idea {
  id: string;
  title: string;
  description: string;
  status: IdeaStatus;
  votes: number;
  /** Whether the caller has voted for it. */
  voted: boolean;
  submitter_id: string;
  created_at: string;
}

export interface SubmitIdeaRequest {
  title: string;
  description: string;
}

/**
 * Ideas the caller may see (approved and delivered ones, their own, every one for an administrator),
 * filtered and paged.
 */
export interface ListIdeasRequest {
  status?: IdeaStatus;
  /** Words or a fragment found in the title or the description (case-insensitive). */
  q?: string;
  /** Only the caller's own ideas. */
  mine?: boolean;
  sort?: IdeaSort;
  limit?: number;
  /** At most IDEA_LIST_OFFSET_MAX; past it, `cursor` goes on. Not with `cursor`. */
  offset?: number;
  /** A `nextCursor` of the same search and sort: the page after it (every idea reachable). */
  cursor?: string;
}

export interface ListIdeasResult {
  ideas: Idea[];
  hasMore: boolean;
  /** The next page's cursor (null on the last page). */
  nextCursor: string | null;
}

/** `vote: true` casts the caller's one vote, `false` withdraws it; either is a no-op when already so. */
export interface VoteIdeaRequest {
  id: string;
  vote: boolean;
}

export interface VoteIdeaResult {
  idea: Idea;
}

/** Published when an idea becomes delivered: identity puts a notification in the submitter's inbox. */
export interface IdeaDeliveredEvent {
  eventId: string;
  ideaId: string;
  ideaTitle: string;
  submitterId: string;
  resourceType: 'policy' | 'ruleset';
  resourceId: string;
  resourceName: string;
}

export const TRANSFER_RESOURCE_TYPES = ['policy', 'idea', 'ruleset'] as const;
export type TransferResourceType = (typeof TRANSFER_RESOURCE_TYPES)[number];
export const TRANSFER_STATUSES = ['pending', 'accepted', 'rejected', 'cancelled', 'expired'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];
/** The caller's side of a transfer. */
export const TRANSFER_ROLES = ['recipient', 'initiator'] as const;
export type TransferRole = (typeof TRANSFER_ROLES)[number];

export interface Transfer {
  id: string;
  resource_type: TransferResourceType;
  resource_id: string;
  resource_name: string;
  policy_id: string | null;
  policy_name: string | null;
  status: TransferStatus;
  feedback: string | null;
  created_at: string;
  decided_at: string | null;
  expires_at: string;
  counterparty_name: string | null;
  counterparty_email: string | null;
  role: TransferRole;
}

export interface CreateTransferRequest {
  resourceType: TransferResourceType;
  resourceId: string;
  recipientUsername?: string;
  recipientEmail?: string;
}

export interface TransferDecisionRequest {
  id: string;
  feedback?: string;
}

export interface TransferAcceptResult {
  transfer: Transfer;
  resourceType: TransferResourceType;
  resourceId: string;
}

/** Asked of the rulesets service when a ruleset transfer is accepted. Idempotent by transferId. */
export interface MoveRulesetOwnershipRequest {
  transferId: string;
  rulesetId: string;
  fromUserId: string;
  toUserId: string;
}

/** How the catalog ends a ruleset transfer without accepting it: the initiator, the recipient, time. */
export const RULESET_TRANSFER_ENDINGS = ['cancelled', 'rejected', 'expired'] as const;
export type RulesetTransferEnding = (typeof RULESET_TRANSFER_ENDINGS)[number];
/** What the rulesets service recorded first for a transfer: the ruleset moved, or the transfer ended. */
export type RulesetTransferOutcome = 'moved' | RulesetTransferEnding;

/**
 * Asked of the rulesets service when the catalog cancels, rejects or expires a ruleset transfer, inside
 * the catalog's transaction: recorded unless the move of that transfer was recorded first, and a move
 * of it asked afterwards (the reply to an accept that the catalog stopped waiting for) is refused.
 * Idempotent by transferId: the answer is always the outcome recorded first.
 */
export interface EndRulesetTransferRequest extends MoveRulesetOwnershipRequest {
  outcome: RulesetTransferEnding;
}

export interface RulesetTransferOutcomeResult {
  /** `moved`: the ruleset is already the recipient's, and the transfer is accepted on both sides. */
  outcome: RulesetTransferOutcome;
}

/**
 * The most transfers one `endMany` ends: a page of the caller's transfers (`TRANSFERS_LIMIT.max`), whose
 * offers past their expiry the catalog settles before showing them.
 */
export const RULESET_TRANSFER_ENDS_MAX = TRANSFERS_LIMIT.max;

/** Several transfers ended at once, each as `EndRulesetTransferRequest` says (at most `RULESET_TRANSFER_ENDS_MAX`). */
export interface EndRulesetTransfersRequest {
  transfers: EndRulesetTransferRequest[];
}

export interface RulesetTransferOutcomesResult {
  /** What was recorded first for each transfer asked, in the order asked. */
  outcomes: Array<{ transferId: string; outcome: RulesetTransferOutcome }>;
}
