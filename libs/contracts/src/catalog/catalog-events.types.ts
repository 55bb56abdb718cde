import type { TransferResourceType } from './catalog-review.types';

/**
 * The catalog's durable events (outbox, JetStream) other services act on: identity notifies the users
 * they concern through their webhook endpoints. Each names the user it concerns.
 */

/** An administrator decided a policy submission or a revision of a published policy. */
export interface PolicyReviewDecidedEvent {
  /** The submission's or the revision's id. */
  submission_id: string;
  kind: 'submission' | 'revision';
  decision: 'approved' | 'rejected';
  policy_id: string;
  policy_name: string;
  /** Who submitted it: the event is theirs. */
  author_id: string;
  feedback: string | null;
}

/** The reviewed code of a published policy moved: an approved repository revision or an administrator's pin. */
export interface PolicyVersionPublishedEvent {
  policy_id: string;
  policy_name: string;
  /** The newly pinned commit and content digest. */
  commit: string | null;
  content_digest: string | null;
  how: 'review' | 'admin';
}

/** A user offered a resource to another (who may accept or reject it). */
export interface TransferOfferedEvent {
  transfer_id: string;
  resource_type: TransferResourceType;
  resource_id: string;
  resource_name: string;
  from_user_id: string;
  to_user_id: string;
  expires_at: string;
}

/** A comment on a policy by someone other than its owner. */
export interface PolicyCommentedEvent {
  comment_id: string;
  policy_id: string;
  policy_name: string;
  policy_owner_id: string;
  author_id: string;
  /** The comment's first characters. */
  excerpt: string;
}
