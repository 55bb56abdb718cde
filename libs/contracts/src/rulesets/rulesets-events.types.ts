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

/** An approved submission changed a ruleset that was already published: a new version of it. */
export interface RulesetVersionPublishedEvent {
  ruleset_id: string;
  ruleset_name: string;
  version: string | null;
  commit: string | null;
  submission_id: string;
}
