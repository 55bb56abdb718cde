import {
  CatalogEvents,
  type PolicyReviewDecidedEvent,
  type PolicyVersionPublishedEvent,
} from '@pc/contracts';
import type { Outbox } from '@pc/listings';
import type { Executor } from '@pc/platform';

/**
 * A published policy's reviewed code moved (an approval, an approved revision, an administrator's pin):
 * its event, written in the transaction given, so that those who deployed it hear of it (webhooks).
 */
export function versionPublished(
  outbox: Outbox,
  tx: Executor,
  policy: { id: string; name: string },
  pin: { commit: string | null; contentDigest: string | null },
  how: PolicyVersionPublishedEvent['how'],
): Promise<void> {
  return outbox.addEvent(tx, CatalogEvents.versionPublished, {
    policy_id: policy.id,
    policy_name: policy.name,
    commit: pin.commit,
    content_digest: pin.contentDigest,
    how,
  });
}

/** A review's decision on a submission or a revision, for its author's webhooks (in the deciding transaction). */
export function reviewDecided(
  outbox: Outbox,
  tx: Executor,
  kind: PolicyReviewDecidedEvent['kind'],
  decided: { id: string; policy_id: string; submitted_by: string; feedback: string | null },
  decision: PolicyReviewDecidedEvent['decision'],
  policyName: string,
): Promise<void> {
  return outbox.addEvent(tx, CatalogEvents.reviewDecided, {
    submission_id: decided.id,
    kind,
    decision,
    policy_id: decided.policy_id,
    policy_name: policyName,
    author_id: decided.submitted_by,
    feedback: decided.feedback,
  });
}
