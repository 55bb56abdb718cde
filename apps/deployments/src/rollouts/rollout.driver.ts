import { createHash } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DeploymentsEvents, type ItemHealth } from '@pc/contracts';
import { type AppliedStatus, delegatedAccess, type GatewayPlatform } from '@pc/gateway-platform';
import {
  definitionAssetId,
  deployedItem,
  DeploymentsRepository,
  type JobRow,
  JobsRepository,
} from '@pc/deployments-store';
import { BusClient, createLogger, Database, type Executor } from '@pc/platform';
import { SerialPasses } from '../common/serial-passes';
import { DeploymentsEnv } from '../deployments.env';
import { JobQueue } from '../jobs';
import { OutboxRelay } from '../outbox';
import { GATEWAY_PLATFORM } from '../platform';
import { RolloutEvents } from './rollout-events';
import type { NewRolloutEvent, PreviousItem, RolloutOrgRow, RolloutRow } from './rollout.rows';
import { RolloutsRepository } from './rollouts.repository';

const log = createLogger('deployments');
/** Active roll-outs advanced by one pass. */
const PASS_MAX = 200;
/** Moves of one roll-out in one pass (each one stored events). */
const MOVES_PER_PASS = 6;

/**
 * Advances every active roll-out, one step at a time, from its durable state: a step's organizations
 * get an ordinary deployment each (with its job on the shared work queue, run by the workers), after
 * recording what each ran before; once all succeeded, the platform must report each healthy within the
 * health timeout, then the step bakes for its bake time (still healthy) before the next one starts. A
 * failed deployment or a degraded/failing item halts it: `rolling_back` puts back what each changed
 * organization ran before (a `restore` job per organization, which pins it), then `halted`.
 *
 * It runs on a timer and whenever a job ends. Each change is one transaction that locks the roll-out
 * and checks it is still in the state the change was decided from (a pause, another replica's pass),
 * so a restarted service or worker resumes where the roll-out was: a step's deployments are made once
 * (the organizations' `deployment_id`), and a redelivered job resumes after its last completed step.
 */
@Injectable()
export class RolloutDriver implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private readonly passes = new SerialPasses(() => this.advanceActive(), {
    stopped: () => this.stopped,
    // The database away (a restart, a lost connection): the next tick or job end tries again. Never
    // an unhandled rejection, which would end the process.
    failed: (error) => log.warn({ err: error }, 'roll-outs not advanced this pass'),
  });
  private stopped = false;
  /** A halt wrote its event to the outbox: the relay is told after the commit. */
  private haltAnnounced = false;

  constructor(
    private readonly db: Database,
    private readonly rollouts: RolloutsRepository,
    private readonly deployments: DeploymentsRepository,
    private readonly jobs: JobsRepository,
    private readonly queue: JobQueue,
    private readonly events: RolloutEvents,
    private readonly bus: BusClient,
    @Inject(GATEWAY_PLATFORM) private readonly platform: GatewayPlatform,
    private readonly env: DeploymentsEnv,
    private readonly relay: OutboxRelay,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.bus.subscribeBroadcast(DeploymentsEvents.jobEnded, () => void this.kick());
    this.timer = setInterval(() => void this.kick(), this.env.ROLLOUT_TICK_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.passes.settled();
  }

  /** Runs a pass now (one more after the current one, when one is running). */
  kick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return this.passes.run();
  }

  /**
   * One pass: each active roll-out advanced as far as it goes now, then the organizations of aborted
   * ones whose deployments have ended since.
   */
  private async advanceActive(): Promise<void> {
    for (const id of await this.rollouts.activeIds(this.db.pool, PASS_MAX)) {
      if (this.stopped) return;
      await this.advanceWhileMoving(id).catch((error: unknown) =>
        log.warn({ err: error, rollout: id }, 'roll-out not advanced this pass'),
      );
    }
    for (const id of await this.rollouts.endedWithDeploymentsDone(this.db.pool, PASS_MAX)) {
      if (this.stopped) return;
      await this.settleAfterEnd(id).catch((error: unknown) =>
        log.warn({ err: error, rollout: id }, 'roll-out organizations not settled this pass'),
      );
    }
  }

  /**
   * An abort keeps what the deployments still running apply: each one's organization, `deploying` at the
   * abort, says how its deployment ended once it has (`applied`, with what it ran before, or `failed`
   * with the reason), in the roll-out's state and events. The roll-out stays as it ended.
   */
  private async settleAfterEnd(id: string): Promise<void> {
    const row = await this.rollouts.findById(this.db.pool, id);
    if (!row || row.finished_at === null) return;
    await this.commit(row, async (tx, locked, events) => {
      // Read under the roll-out's lock: another replica's pass may have settled them a moment ago.
      const deploying = (await this.rollouts.organizationsOf(tx, [id])).filter(
        (o) => o.state === 'deploying',
      );
      const ids = deploying.flatMap((o) => (o.deployment_id ? [o.deployment_id] : []));
      const states = await this.rollouts.deploymentStates(tx, ids);
      const jobs = await this.rollouts.latestJobs(tx, ids);
      for (const org of deploying) {
        const deployment = org.deployment_id ? states.get(org.deployment_id) : undefined;
        if (deployment && ['queued', 'running'].includes(deployment.status)) continue;
        const { previous } = jobChecks(org.deployment_id ? jobs.get(org.deployment_id) : undefined);
        if (previous !== undefined)
          await this.rollouts.updateOrganization(tx, id, org.platform_org_id, {
            previous,
            previous_read: true,
          });
        if (deployment?.status === 'succeeded')
          await this.orgState(
            tx,
            locked,
            org,
            'applied',
            `applied after the abort (it ran ${previous ? previous.version : 'nothing of this item'})`,
            events,
          );
        else {
          const ended = deployment ? `its deployment ${deployment.status}` : 'its deployment was deleted';
          await this.orgState(
            tx,
            locked,
            org,
            'failed',
            `${ended} after the abort`,
            events,
            deployment?.error ?? ended,
          );
        }
      }
    });
  }

  /**
   * Moves a roll-out as far as it goes now (deployed, then verified, then baked with no bake time, then
   * the next step), a few moves at most: a move that stored events may make the next one possible.
   */
  private async advanceWhileMoving(id: string): Promise<void> {
    for (let move = 0; move < MOVES_PER_PASS; move++) {
      const before = await this.rollouts.findById(this.db.pool, id);
      if (!before || before.finished_at !== null) return;
      await this.advance(id);
      const after = await this.rollouts.findById(this.db.pool, id);
      if (!after || after.event_seq === before.event_seq) return;
    }
  }

  /** One move of one roll-out, decided from its stored state. */
  async advance(id: string): Promise<void> {
    const row = await this.rollouts.findById(this.db.pool, id);
    if (!row || row.finished_at !== null || row.status === 'paused') return;
    const orgs = await this.rollouts.organizationsOf(this.db.pool, [id]);
    if (row.status === 'rolling_back') return this.rollBack(row, orgs);
    if (row.current_step === null) return this.startStep(row, orgs, 0);
    const step = orgs.filter((o) => o.step === row.current_step);
    if (row.phase === 'deploying') return this.whenDeployed(row, orgs, step);
    return this.whenHealthy(row, orgs, step);
  }

  /**
   * Makes the step's deployments (each job records what its organization ran before it changes
   * anything, and after apply waits for the platform's health: the driver reads neither).
   */
  private async startStep(row: RolloutRow, orgs: RolloutOrgRow[], index: number): Promise<void> {
    const step = orgs.filter((o) => o.step === index);
    const made = await this.commit(row, async (tx, locked, events) => {
      const rows = step.map((org) => ({
        ...locked.template,
        platform_org_id: org.platform_org_id,
        platform_org_name: org.platform_org_name,
        // One deployment per roll-out and organization, whatever the passes.
        dedupe_key: createHash('sha256').update(`rollout:${row.id}:${org.platform_org_id}`).digest('hex'),
      }));
      const placed = await this.deployments.insertManyOrFindInFlight(tx, rows);
      const ids = rows.map((r) => placed.get(r.dedupe_key)!.row.id);
      await this.rollouts.linkDeployments(tx, row.id, ids);
      await this.jobs.insertMany(tx, ids, 'deploy');
      events.push({
        type: 'step',
        step: index,
        message: `Step ${index + 1}: deploying to ${step.length} organization(s)`,
      });
      for (const [i, org] of step.entries()) {
        await this.rollouts.updateOrganization(tx, row.id, org.platform_org_id, {
          state: 'deploying',
          deployment_id: ids[i],
        });
        events.push({
          type: 'organization',
          step: index,
          organizationId: org.platform_org_id,
          state: 'deploying',
          message: `${label(org)}: deploying`,
        });
      }
      await this.rollouts.update(tx, row.id, {
        current_step: index,
        phase: 'deploying',
        phase_started_at: new Date(),
      });
      return true;
    });
    if (made) await this.queue.release();
  }

  /**
   * Reads what the step's jobs recorded as they end (what each organization ran before, the health the
   * platform reported after apply): a failed deployment, or an item degraded, failing, gone or not
   * healthy within the health timeout halts; all healthy starts the bake (or, with none, ends the step).
   */
  private async whenDeployed(row: RolloutRow, orgs: RolloutOrgRow[], step: RolloutOrgRow[]): Promise<void> {
    const ids = step.flatMap((o) => (o.deployment_id ? [o.deployment_id] : []));
    const states = await this.rollouts.deploymentStates(this.db.pool, ids);
    const jobs = await this.rollouts.latestJobs(this.db.pool, ids);
    const of = (o: RolloutOrgRow) => (o.deployment_id ? states.get(o.deployment_id) : undefined);
    const checks = (o: RolloutOrgRow) => jobChecks(o.deployment_id ? jobs.get(o.deployment_id) : undefined);
    const ended = step.filter(
      (o) => o.state === 'deploying' && ['succeeded', 'failed', 'cancelled'].includes(of(o)?.status ?? ''),
    );
    const failed = step.filter((o) => ['failed', 'cancelled'].includes(of(o)?.status ?? ''));
    const allApplied = step.every((o) => of(o)?.status === 'succeeded');
    if (ended.length === 0 && failed.length === 0 && !allApplied) return;
    const startNext = await this.commit(row, async (tx, locked, events) => {
      for (const org of ended) {
        const { previous, verified } = checks(org);
        if (previous !== undefined)
          await this.rollouts.updateOrganization(tx, row.id, org.platform_org_id, {
            previous,
            previous_read: true,
            ...(verified ? { health: verified.health } : {}),
          });
        if (of(org)?.status === 'succeeded')
          await this.orgState(
            tx,
            locked,
            org,
            'applied',
            `applied (it ran ${previous ? previous.version : 'nothing of this item'})`,
            events,
          );
      }
      if (failed.length > 0) {
        const first = failed[0];
        for (const org of failed)
          await this.orgState(
            tx,
            locked,
            org,
            'failed',
            `its deployment ${of(org)?.status}`,
            events,
            of(org)?.error,
          );
        await this.halt(
          tx,
          locked,
          `${label(first)}: its deployment ${of(first)?.status}: ${of(first)?.error ?? 'no reason given'}`,
          events,
        );
        return false;
      }
      if (!allApplied) return false;
      if (step.some((o) => !checks(o).verified)) {
        // Jobs of an older worker that did not wait for health: the driver's health gate reads it.
        await this.rollouts.update(tx, row.id, { phase: 'verifying', phase_started_at: new Date() });
        events.push({
          type: 'status',
          step: row.current_step,
          message: `Step ${row.current_step! + 1}: waiting for the platform to report every organization healthy`,
        });
        return false;
      }
      const bad = step.find((o) => checks(o).verified!.health !== 'healthy');
      if (bad) {
        const seen = checks(bad).verified!;
        const why =
          seen.health === null
            ? 'the item is not applied there any more'
            : seen.timedOut
              ? `not healthy within ${row.health_timeout_seconds} s (${seen.health})`
              : `the platform reports it ${seen.health}${seen.message ? `: ${seen.message}` : ''}`;
        await this.orgState(tx, locked, bad, seen.timedOut ? 'applied' : 'degraded', why, events, why);
        await this.halt(tx, locked, `${label(bad)}: ${why}`, events);
        return false;
      }
      for (const org of step) await this.orgState(tx, locked, org, 'healthy', 'healthy', events);
      if (row.bake_seconds > 0) {
        await this.rollouts.update(tx, row.id, { phase: 'baking', phase_started_at: new Date() });
        events.push({
          type: 'status',
          step: row.current_step,
          message: `Step ${row.current_step! + 1}: healthy, baking ${row.bake_seconds} s`,
        });
        return false;
      }
      return this.stepDone(tx, locked, events);
    });
    if (startNext) await this.startNext(row, orgs);
  }

  /** Ends the current step: true when a next one is to start, else the roll-out completed. */
  private async stepDone(tx: Executor, locked: RolloutRow, events: NewRolloutEvent[]): Promise<boolean> {
    events.push({
      type: 'step',
      step: locked.current_step,
      message: `Step ${locked.current_step! + 1}: done`,
    });
    if (locked.current_step! + 1 < locked.step_count) return true;
    locked.status = 'completed';
    await this.rollouts.update(tx, locked.id, { status: 'completed', phase: null, finished_at: new Date() });
    await this.rollouts.release(tx, locked.id);
    events.push({ type: 'status', message: 'Completed: every organization runs the new version, healthy' });
    return false;
  }

  private async startNext(row: RolloutRow, orgs: RolloutOrgRow[]): Promise<void> {
    const next = await this.rollouts.findById(this.db.pool, row.id);
    if (next && next.status === 'running') await this.startStep(next, orgs, row.current_step! + 1);
  }

  /**
   * The bake (a step's health read again until its bake time has passed and every organization is
   * healthy then), and the health gate for jobs that did not record the health themselves: a degraded or
   * failing item halts; the timeout too.
   */
  private async whenHealthy(row: RolloutRow, orgs: RolloutOrgRow[], step: RolloutOrgRow[]): Promise<void> {
    const { platform } = await delegatedAccess(this.bus, row.created_by, row.connection_id, row.workspace_id);
    const assetId = definitionAssetId(row.asset_slug);
    const health = new Map<string, AppliedStatus | null>();
    await Promise.all(
      step.map(async (org) =>
        health.set(
          org.platform_org_id,
          await this.platform.getStatus(platform, org.platform_org_id, assetId),
        ),
      ),
    );
    const healthOf = (o: RolloutOrgRow): ItemHealth | null => health.get(o.platform_org_id)?.health ?? null;
    const bad = step.find((o) => {
      const h = health.get(o.platform_org_id);
      return h === null || h?.health === 'degraded' || h?.health === 'failing';
    });
    const elapsed = Date.now() - (row.phase_started_at?.getTime() ?? Date.now());
    const startNext = await this.commit(row, async (tx, locked, events) => {
      for (const org of step)
        if (healthOf(org) !== org.health)
          await this.rollouts.updateOrganization(tx, row.id, org.platform_org_id, { health: healthOf(org) });
      if (bad) {
        const status = health.get(bad.platform_org_id);
        const why = status
          ? `the platform reports it ${status.health}${status.message ? `: ${status.message}` : ''}`
          : 'the item is not applied there any more';
        await this.orgState(tx, locked, bad, 'degraded', why, events, why);
        await this.halt(tx, locked, `${label(bad)}: ${why}`, events);
        return false;
      }
      const healthy = step.every((o) => healthOf(o) === 'healthy');
      let baked = elapsed >= row.bake_seconds * 1000;
      if (row.phase === 'verifying') {
        if (healthy) {
          for (const org of step) await this.orgState(tx, locked, org, 'healthy', 'healthy', events);
          await this.rollouts.update(tx, row.id, { phase: 'baking', phase_started_at: new Date() });
          events.push({
            type: 'status',
            step: row.current_step,
            message: `Step ${row.current_step! + 1}: healthy, baking ${row.bake_seconds} s`,
          });
          // No bake time: the step is done now (the health just read is the bake's).
          baked = row.bake_seconds === 0;
          if (!baked) return false;
        } else if (elapsed > row.health_timeout_seconds * 1000) {
          await this.haltUnhealthy(tx, locked, step, healthOf, events);
        }
        if (!healthy) return false;
      }
      if (!baked) return false;
      // The bake ends only with every organization healthy; one that is not is waited for as in
      // verification, up to the health timeout past the bake time.
      if (!healthy) {
        if (elapsed > (row.bake_seconds + row.health_timeout_seconds) * 1000)
          await this.haltUnhealthy(tx, locked, step, healthOf, events);
        return false;
      }
      return this.stepDone(tx, locked, events);
    });
    if (startNext) await this.startNext(row, orgs);
  }

  /** Halts the roll-out for the step's first organization not healthy within the health timeout. */
  private async haltUnhealthy(
    tx: Executor,
    locked: RolloutRow,
    step: RolloutOrgRow[],
    healthOf: (o: RolloutOrgRow) => ItemHealth | null,
    events: NewRolloutEvent[],
  ): Promise<void> {
    const waiting = step.find((o) => healthOf(o) !== 'healthy')!;
    await this.halt(
      tx,
      locked,
      `${label(waiting)}: not healthy within ${locked.health_timeout_seconds} s (${healthOf(waiting) ?? 'no status'})`,
      events,
    );
  }

  /**
   * Puts back what each changed organization ran before: its deployment still in flight is cancelled
   * (and awaited), then a `restore` job applies the previous version (or removes the item); once every
   * one is restored the roll-out ends as `halted` (or `rolled_back` by hand).
   */
  private async rollBack(row: RolloutRow, orgs: RolloutOrgRow[]): Promise<void> {
    const changed = orgs.filter(
      (o) => o.deployment_id !== null && !['restored', 'removed', 'skipped'].includes(o.state),
    );
    const ids = changed.map((o) => o.deployment_id!);
    const states = await this.rollouts.deploymentStates(this.db.pool, ids);
    const jobs = await this.rollouts.latestJobs(this.db.pool, ids);
    let enqueued = false;
    await this.commit(row, async (tx, locked, events) => {
      let unsettled = 0;
      // Restores that failed in this pass (one that failed in an earlier pass was tried again, above).
      const notRestored: RolloutOrgRow[] = [];
      for (const org of changed) {
        const deployment = states.get(org.deployment_id!);
        const job = jobs.get(org.deployment_id!);
        if (deployment && ['queued', 'running'].includes(deployment.status)) {
          await this.jobs.requestCancel(tx, org.deployment_id!);
          unsettled++;
          continue;
        }
        if (org.state !== 'restoring') {
          // What it ran before: recorded by its job before it changed anything (none: it changed nothing).
          const recorded = org.previous_read
            ? { previous: org.previous }
            : job?.kind === 'deploy'
              ? jobChecks(job)
              : { previous: undefined };
          if (recorded.previous === undefined) {
            await this.orgState(tx, locked, org, 'skipped', 'stopped before it changed anything', events);
            continue;
          }
          const previous = recorded.previous;
          if (!org.previous_read)
            await this.rollouts.updateOrganization(tx, row.id, org.platform_org_id, {
              previous,
              previous_read: true,
            });
          const restore = await this.rollouts.insertRestoreJob(tx, org.deployment_id!, previous);
          enqueued ||= restore !== null;
          await this.orgState(
            tx,
            locked,
            org,
            'restoring',
            `restoring ${previous ? previous.version : '(removing the item)'}`,
            events,
          );
          unsettled++;
          continue;
        }
        if (job?.kind !== 'restore' || ['queued', 'running'].includes(job.status)) {
          unsettled++;
          continue;
        }
        if (job.status === 'succeeded')
          await this.orgState(
            tx,
            locked,
            org,
            org.previous ? 'restored' : 'removed',
            org.previous ? `restored ${org.previous.version}` : 'removed (it ran nothing before)',
            events,
          );
        else {
          await this.orgState(
            tx,
            locked,
            org,
            'failed',
            `restore ${job.status}`,
            events,
            `Restore ${job.status}: ${job.error ?? ''}`,
          );
          notRestored.push(org);
        }
      }
      if (unsettled > 0) return;
      const ends = locked.ends_as ?? 'halted';
      locked.status = ends;
      // An organization whose restore failed still runs the roll-out's version: the roll-out says which,
      // and never that every changed one runs what it ran before.
      const unrestored = notRestored.map(label).join(', ');
      const reason = notRestored.length > 0 ? `${locked.halt_reason}; not restored: ${unrestored}` : null;
      await this.rollouts.update(tx, row.id, {
        status: ends,
        phase: null,
        finished_at: new Date(),
        ...(reason ? { halt_reason: reason } : {}),
      });
      await this.rollouts.release(tx, row.id);
      events.push({
        type: 'status',
        message:
          ends === 'halted'
            ? `Halted: ${reason ?? locked.halt_reason}`
            : reason
              ? `Rolled back, except ${unrestored}: the restore failed, it still runs the roll-out's version`
              : 'Rolled back: every changed organization runs what it ran before',
      });
    });
    if (enqueued) await this.queue.release();
  }

  private async halt(
    tx: Executor,
    row: RolloutRow,
    reason: string,
    events: NewRolloutEvent[],
  ): Promise<void> {
    row.status = 'rolling_back';
    await this.rollouts.update(tx, row.id, {
      status: 'rolling_back',
      ends_as: 'halted',
      halt_reason: reason,
    });
    await this.rollouts.announceHalt(tx, {
      rollout_id: row.id,
      ...deployedItem(row),
      workspace_id: row.workspace_id,
      connection_id: row.connection_id,
      created_by: row.created_by,
      version: row.requested_version,
      step: row.current_step === null ? null : row.current_step + 1,
      reason,
      halted_at: new Date().toISOString(),
    });
    this.haltAnnounced = true;
    events.push({
      type: 'status',
      step: row.current_step,
      message: `Halting: ${reason}; restoring the organizations changed`,
    });
  }

  private async orgState(
    tx: Executor,
    row: RolloutRow,
    org: RolloutOrgRow,
    state: RolloutOrgRow['state'],
    what: string,
    events: NewRolloutEvent[],
    error?: string | null,
  ): Promise<void> {
    await this.rollouts.updateOrganization(tx, row.id, org.platform_org_id, {
      state,
      ...(error ? { error } : {}),
    });
    events.push({
      type: 'organization',
      step: org.step,
      organizationId: org.platform_org_id,
      state,
      message: `${label(org)}: ${what}`,
    });
  }

  /**
   * Runs `work` in one transaction on the locked roll-out, only if it is still as `seen` (status, step
   * and phase): else another pass or an action moved it, and this decision is dropped. The events `work`
   * adds are stored with it and broadcast after the commit. Answers what `work` answered (undefined when dropped).
   */
  private async commit<T>(
    seen: RolloutRow,
    work: (tx: Executor, row: RolloutRow, events: NewRolloutEvent[]) => Promise<T>,
  ): Promise<T | undefined> {
    const outcome = await this.db.transaction(async (tx) => {
      const row = await this.rollouts.findById(tx, seen.id, 'update');
      if (
        !row ||
        row.status !== seen.status ||
        row.current_step !== seen.current_step ||
        row.phase !== seen.phase
      )
        return undefined;
      const events: NewRolloutEvent[] = [];
      const result = await work(tx, row, events);
      const stored = await this.rollouts.appendEvents(tx, row, events);
      return { result, stored };
    });
    if (this.haltAnnounced) {
      this.haltAnnounced = false;
      if (outcome) this.relay.kick();
    }
    if (!outcome) return undefined;
    this.events.published(seen.id, outcome.stored);
    return outcome.result;
  }
}

/**
 * What a roll-out deployment's job recorded (see the worker's rollout-checks pipeline): what its
 * organization ran before (undefined: not read, so nothing was changed), the health after apply.
 */
function jobChecks(job: JobRow | undefined): {
  previous: PreviousItem | null | undefined;
  verified?: { health: ItemHealth | null; message: string | null; timedOut: boolean };
} {
  const steps = job?.steps ?? {};
  return {
    previous: 'previous' in steps ? (steps.previous as PreviousItem | null) : undefined,
    verified: steps.verify as
      { health: ItemHealth | null; message: string | null; timedOut: boolean } | undefined,
  };
}

function label(org: Pick<RolloutOrgRow, 'platform_org_id' | 'platform_org_name'>): string {
  return org.platform_org_name ? `${org.platform_org_name} (${org.platform_org_id})` : org.platform_org_id;
}
