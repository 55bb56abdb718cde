// A drift's last self-heal that did not repair it (`drift.heal_failure`). Such a heal changes nothing else:
// the deployment stays succeeded and drifted, so without these a user would see a drift and no reason.
import type { Schemas } from './api/client';
import { Badge, When } from './ui/display';

type HealFailure = NonNullable<Schemas['DeploymentDriftDto']['heal_failure']>;

const ENDED: Record<HealFailure['status'], string> = { failed: 'failed', cancelled: 'was cancelled' };

/** "self-heal failed" or "self-heal cancelled", beside a deployment's drifted badge; nothing without one. */
export function HealFailureBadge({ failure }: { failure: HealFailure | null | undefined }) {
  if (!failure) return null;
  return (
    <>
      {' '}
      <Badge tone={failure.status === 'failed' ? 'bad' : 'neutral'}>self-heal {failure.status}</Badge>
    </>
  );
}

/**
 * What the drift's panel says of the failed heal: when it ended and why, that the next drift check tries
 * again, and (`logId`, the id of the log shown on the page when it is that job's) where its log is.
 */
export function HealFailureNote({ failure, logId }: { failure: HealFailure; logId: string | null }) {
  return (
    <>
      <p className="field-error" role="note">
        The last self-heal (<When at={failure.at} />) {ENDED[failure.status]}
        {failure.error ? `: ${failure.error}` : '.'}
      </p>
      <p className="hint">
        This deployment is still what was last deployed there; the next drift check applies it again while the
        workspace&apos;s self-heal is on.
        {logId ? (
          <>
            {' '}
            <a href={`#${logId}`}>The self-heal&apos;s log</a> is below.
          </>
        ) : null}
      </p>
    </>
  );
}
