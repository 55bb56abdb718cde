import type { ItemHealth } from '@pc/contracts';
import { definitionAssetId } from '@pc/deployments-store';
import type { Adapters, PipelineContext } from './pipeline-context';

/** How often a roll-out job asks the platform for the health of what it applied. */
export const HEALTH_POLL_MS = 250;

/** What the organization ran before the job changed it (`steps.previous`; null: nothing of this item). */
export interface PreviousItem {
  kind: 'policy' | 'ruleset';
  groupId: string;
  version: string;
  configuration: Record<string, unknown>;
}

/**
 * The platform's health of what the job applied, as the job last saw it (`steps.verify`): `healthy`,
 * `degraded` or `failing` as soon as the platform said so; `progressing` when it had not settled within
 * the roll-out's health timeout (`timedOut`) or the roll-out ended meanwhile (`stopped`: aborted, nobody
 * waits for it); null when the item was not applied there any more.
 */
export interface VerifiedHealth {
  health: ItemHealth | null;
  message: string | null;
  timedOut: boolean;
  stopped?: boolean;
}

/**
 * A roll-out's deployment, before anything else: records what the organization runs now (restored if
 * the roll-out halts or is rolled back). Saved once: a redelivered job, which may have applied already,
 * keeps the first reading.
 */
export async function recordPrevious(c: PipelineContext, a: Adapters): Promise<void> {
  if ('previous' in c.job.steps) return;
  await c.checkpoint('previous');
  const d = c.deployment;
  const applied = await a.platform.getApplied(
    c.access.platform,
    d.platform_org_id,
    definitionAssetId(d.asset_slug),
  );
  const previous: PreviousItem | null = applied && {
    kind: applied.kind,
    groupId: applied.groupId,
    version: applied.version,
    configuration: applied.configuration,
  };
  await c.save('previous', previous);
  c.job.steps.previous = previous;
  await c.log.line(
    'previous',
    `Organization ${d.platform_org_id} runs ${previous ? previous.version : 'nothing of this item'} before the roll-out`,
  );
}

/**
 * A roll-out's deployment, after apply: waits until the platform reports the applied item settled
 * (healthy, degraded or failing), at most `timeoutSeconds`, and records what it saw; the roll-out's
 * driver decides from that record (so a step's health checks scale with the workers). Between reads:
 * a cancellation (a rollback) ends the job, a roll-out that ended (`active` false) ends the wait.
 */
export async function verifyHealth(
  c: PipelineContext,
  a: Adapters,
  timeoutSeconds: number,
  active: () => Promise<boolean> = () => Promise.resolve(true),
): Promise<VerifiedHealth> {
  const done = c.job.steps.verify as VerifiedHealth | undefined;
  if (done) return done;
  await c.checkpoint('verify');
  const d = c.deployment;
  const until = Date.now() + timeoutSeconds * 1000;
  let seen: VerifiedHealth;
  for (;;) {
    const status = await a.platform.getStatus(
      c.access.platform,
      d.platform_org_id,
      definitionAssetId(d.asset_slug),
    );
    seen = { health: status?.health ?? null, message: status?.message ?? null, timedOut: false };
    if (seen.health !== 'progressing') break;
    if (Date.now() + HEALTH_POLL_MS > until) {
      seen.timedOut = true;
      break;
    }
    c.progress();
    await new Promise((r) => setTimeout(r, HEALTH_POLL_MS));
    await c.checkpoint('verify');
    if (!(await active())) {
      seen.stopped = true;
      break;
    }
  }
  await c.save('verify', seen);
  await c.log.line(
    'verify',
    seen.health === null
      ? `The platform no longer has it in organization ${d.platform_org_id}`
      : seen.stopped
        ? `The roll-out ended: no longer waiting for its health (${seen.health})`
        : seen.timedOut
          ? `Not healthy within ${timeoutSeconds} s (still ${seen.health})`
          : `The platform reports it ${seen.health}${seen.message ? `: ${seen.message}` : ''}`,
    seen.health === 'healthy' ? 'info' : 'warn',
  );
  return seen;
}
