import {
  CatalogEvents,
  type PolicyReviewDecidedEvent,
  type PolicyVersionPublishedEvent,
  type ProjectType,
  type SubmissionValidation,
} from '@pc/contracts';
import { type Outbox, type PinColumns, pinnedNow } from '@pc/listings';
import type { Executor } from '@pc/platform';

/** A policy's pins on a reviewed version: its source's and, for a split policy, its implementation's. */
export type PolicyPins = PinColumns & {
  implementation_pinned_commit: string | null;
  implementation_pinned_content_digest: string | null;
};

/** The pins of what `validation` read (the commits and content digests a release builds), now, by `by`. */
export function policyPins(
  how: PolicyVersionPublishedEvent['how'],
  by: string,
  projectType: ProjectType,
  validation: SubmissionValidation,
): PolicyPins {
  const split = projectType === 'split';
  return {
    ...pinnedNow(how, by, validation.commit ?? null, validation.contentDigest ?? null),
    implementation_pinned_commit: split ? (validation.implementationCommit ?? null) : null,
    implementation_pinned_content_digest: split ? (validation.implementationContentDigest ?? null) : null,
  };
}

/**
 * A published policy's reviewed code moved (an approval, an approved revision, an administrator's pin):
 * its event, written in the transaction given, so that those who deployed it hear of it (webhooks).
 */
export function versionPublished(
  outbox: Outbox,
  tx: Executor,
  policy: { id: string; name: string },
  pins: Pick<PinColumns, 'pinned_commit' | 'pinned_content_digest'>,
  how: PolicyVersionPublishedEvent['how'],
): Promise<void> {
  return outbox.addEvent(tx, CatalogEvents.versionPublished, {
    policy_id: policy.id,
    policy_name: policy.name,
    commit: pins.pinned_commit,
    content_digest: pins.pinned_content_digest,
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
