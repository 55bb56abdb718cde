/** The rulesets service's durable events (outbox, JetStream); identity notifies the users they concern. */

/** An administrator decided a ruleset submission. */
export interface RulesetReviewDecidedEvent {
  submission_id: string;
  decision: 'approved' | 'rejected' | 'needs_improvement';
  ruleset_id: string;
  ruleset_name: string;
  /** Who submitted it: the event is theirs. */
  author_id: string;
  feedback: string | null;
}

/** A new reviewed version of a ruleset: an approved submission, or an administrator's pin. */
export interface RulesetVersionPublishedEvent {
  ruleset_id: string;
  ruleset_name: string;
  version: string | null;
  commit: string | null;
  /** The approved submission (null for an administrator's pin of a ruleset with none). */
  submission_id: string | null;
  how: 'review' | 'admin';
}

/**
 * A ruleset never published was withdrawn with its submission, and is gone: the catalog ends the pending
 * transfers of it (none could ever be accepted).
 */
export interface RulesetWithdrawnEvent {
  ruleset_id: string;
  ruleset_name: string;
  /** Its owner when it was withdrawn. */
  owner_id: string;
}
