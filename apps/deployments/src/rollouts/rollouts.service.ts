import { Injectable } from '@nestjs/common';
import {
  type CreateRolloutRequest,
  type ListRolloutsRequest,
  type ListRolloutsResult,
  type RequestContext,
  type Rollout,
  type RolloutActionRequest,
  type RolloutEventsAfterRequest,
  type RolloutEventsAfterResult,
  ROLLOUT_LIMITS as L,
} from '@pc/contracts';
import { JobsRepository } from '@pc/deployments-store';
import { Database, decodeTimeKeyset, DomainError, encodeKeyset, fitToBudget } from '@pc/platform';
import { deploymentsError } from '../common/deployments.errors';
import { requireUser } from '../common/caller';
import { CreateDeploymentService, DeploymentAdmission, NOT_ELIGIBLE } from '../create';
import { RolloutAccess } from './rollout-access';
import { RolloutDriver } from './rollout.driver';
import { RolloutEvents } from './rollout-events';
import { toRollout, toRolloutEvent } from './rollout.mapper';
import type { NewRolloutEvent, RolloutRow } from './rollout.rows';
import { rolloutSteps } from './rollout-steps';
import { RolloutsRepository } from './rollouts.repository';

/** The list a cursor of the caller's roll-outs belongs to. */
const ROLLOUTS = 'rollouts';

/** The item a roll-out holds per organization: one active roll-out per item and organization. */
export const itemKey = (r: Pick<RolloutRow, 'asset_type' | 'policy_id' | 'ruleset_id'>): string =>
  `${r.asset_type}:${r.policy_id ?? r.ruleset_id}`;

/**
 * Roll-outs: one version of a policy or ruleset to many organizations in ordered steps (the driver,
 * `RolloutDriver`, advances them). Creation runs every check of a deployment request once; then the
 * roll-out, its organizations and its first event are written together, or nothing is.
 */
@Injectable()
export class RolloutsService {
  constructor(
    private readonly db: Database,
    private readonly rollouts: RolloutsRepository,
    private readonly deployments: CreateDeploymentService,
    private readonly access: RolloutAccess,
    private readonly events: RolloutEvents,
    private readonly driver: RolloutDriver,
    private readonly admission: DeploymentAdmission,
    private readonly jobs: JobsRepository,
  ) {}

  async create(ctx: RequestContext, req: CreateRolloutRequest): Promise<{ rollout: Rollout }> {
    const caller = requireUser(ctx);
    const steps = rolloutSteps(req);
    const all = steps.flat();
    const { item, eligible, newRow } = await this.deployments.prepare(ctx, {
      ...req,
      targetOrganizationIds: all,
    });
    const unreachable = all.filter((id) => !eligible.has(id));
    if (unreachable.length > 0)
      throw deploymentsError(
        'DEPLOYMENTS.ROLLOUT_ORGANIZATIONS_UNREACHABLE',
        `${unreachable.length} organization(s) of the steps cannot be deployed to with this connection`,
        unreachable.map((id) => ({ field: 'steps', message: `${id}: ${NOT_ELIGIBLE}` })),
      );
    // The deployment every organization gets (the driver sets the organization and its dedupe key).
    const template = newRow({ id: '', name: '' });
    const { row, appended } = await this.db.transaction(async (tx) => {
      // Under the author's lock, so that roll-outs created at the same moment are counted one after another.
      await this.admission.lockAuthor(tx, caller.userId);
      if ((await this.rollouts.countActiveBy(tx, caller.userId)) >= L.activePerUserMax)
        throw new DomainError(
          'RATE_LIMITED',
          `At most ${L.activePerUserMax} roll-outs of yours may be active at once: wait for one to end`,
          undefined,
          60,
        );
      const key = itemKey(template);
      const holder = await this.rollouts.activeHolding(tx, key, all);
      if (holder) throw heldBy(holder);
      const inserted = await this.rollouts.insert(tx, {
        asset_type: item.assetType,
        policy_id: template.policy_id,
        ruleset_id: template.ruleset_id,
        asset_name: item.name,
        asset_slug: item.slug,
        workspace_id: req.workspaceId,
        connection_id: req.connectionId,
        created_by: caller.userId,
        template,
        requested_version: req.version ?? null,
        step_count: steps.length,
        bake_seconds: req.bakeSeconds ?? 0,
        health_timeout_seconds: req.healthTimeoutSeconds ?? L.healthTimeoutSecondsDefault,
      });
      await this.rollouts
        .insertOrganizations(
          tx,
          inserted.id,
          key,
          steps.map((orgs) => orgs.map((id) => ({ id, name: eligible.get(id)?.name ?? null }))),
        )
        .catch(async (error: unknown) => {
          // A roll-out created at the same moment took one of the organizations first.
          if ((error as { code?: string }).code !== '23505') throw error;
          const first = await this.rollouts.activeHolding(this.db.pool, key, all);
          throw first
            ? heldBy(first)
            : deploymentsError(
                'DEPLOYMENTS.ROLLOUT_HELD',
                'Another roll-out of this item holds one of these organizations',
              );
        });
      // Its organizations count toward the author's targets per hour now, like a deployment request's.
      await this.admission.admitRollout(tx, caller.userId);
      const events = await this.rollouts.appendEvents(tx, inserted, [
        {
          type: 'status',
          message: `Roll-out of ${item.name}${req.version ? ` ${req.version}` : ''} to ${all.length} organizations in ${steps.length} step(s) created`,
        },
      ]);
      return { row: inserted, appended: events };
    });
    this.events.published(row.id, appended);
    void this.driver.kick();
    return { rollout: await this.view(row.id) };
  }

  async get(ctx: RequestContext, id: string): Promise<{ rollout: Rollout }> {
    await this.access.check(ctx, await this.rollouts.findById(this.db.pool, id), 'read');
    return { rollout: await this.view(id) };
  }

  /**
   * The caller's roll-outs that they read by id (in a workspace they are a member of), newest first, a
   * page at a time: at most `limit` and at most the reply budget in bytes (a shorter page then, with
   * `hasMore`); `nextCursor` continues after the page's last one.
   */
  async list(ctx: RequestContext, req: ListRolloutsRequest): Promise<ListRolloutsResult> {
    const caller = requireUser(ctx);
    const limit = Math.min(req.limit ?? L.pageDefault, L.pageMax);
    const before = decodeTimeKeyset(req.cursor, ROLLOUTS) ?? undefined;
    const workspaceIds = await this.access.readableWorkspaces(ctx);
    const rows = await this.rollouts.listBy(this.db.pool, caller.userId, workspaceIds, limit + 1, before);
    const head = rows.slice(0, limit);
    const orgs = await this.rollouts.organizationsOf(
      this.db.pool,
      head.map((r) => r.id),
    );
    const rollouts = fitToBudget(
      head.map((r) =>
        toRollout(
          r,
          orgs.filter((o) => o.rollout_id === r.id),
        ),
      ),
    );
    const hasMore = rows.length > limit || rollouts.length < head.length;
    const last = head[rollouts.length - 1];
    return {
      rollouts,
      hasMore,
      nextCursor:
        hasMore && last ? encodeKeyset(ROLLOUTS, { key: last.created_at.toISOString(), id: last.id }) : null,
    };
  }

  /**
   * pause (running -> paused: no new step, no phase change), resume (paused -> running), abort (stop,
   * keep what is applied: `aborted`), rollback (stop and restore what ran before: `rolling_back`, then
   * `rolled_back`). An ended roll-out, or an action its status does not allow, answers 409.
   */
  async act(ctx: RequestContext, req: RolloutActionRequest): Promise<{ rollout: Rollout }> {
    const caller = requireUser(ctx);
    // Retried when PostgreSQL picks it as a deadlock's victim: an abort cancels queued jobs while
    // workers claim and finish others, and an operator's abort must not answer "busy".
    const appended = await this.db.transactionRetried(async (tx) => {
      const row = await this.access.check(ctx, await this.rollouts.findById(tx, req.id, 'update'), 'act');
      const allowed: Record<RolloutActionRequest['action'], readonly string[]> = {
        pause: ['running'],
        resume: ['paused'],
        abort: ['running', 'paused'],
        rollback: ['running', 'paused'],
      };
      if (!allowed[req.action].includes(row.status))
        throw deploymentsError(
          'DEPLOYMENTS.ROLLOUT_ACTION_NOT_ALLOWED',
          row.finished_at !== null
            ? `This roll-out has ended (${row.status}): nothing to ${req.action}`
            : `A ${row.status} roll-out cannot be ${req.action === 'pause' ? 'paused' : req.action === 'resume' ? 'resumed' : req.action === 'abort' ? 'aborted' : 'rolled back'}`,
        );
      const who = `by ${caller.userId === row.created_by ? 'its author' : 'a workspace member'}`;
      switch (req.action) {
        case 'pause':
          row.status = 'paused';
          await this.rollouts.update(tx, row.id, { status: 'paused' });
          return this.rollouts.appendEvents(tx, row, [{ type: 'status', message: `Paused ${who}` }]);
        case 'resume':
          row.status = 'running';
          await this.rollouts.update(tx, row.id, { status: 'running', phase_started_at: new Date() });
          return this.rollouts.appendEvents(tx, row, [{ type: 'status', message: `Resumed ${who}` }]);
        case 'abort': {
          row.status = 'aborted';
          await this.rollouts.update(tx, row.id, {
            status: 'aborted',
            halt_reason: `Aborted ${who}: what was applied stays`,
            finished_at: new Date(),
          });
          // Nothing new is applied after the answer: deployments not started yet are cancelled (a
          // running one may finish: what it applies stays, like the rest).
          const orgs = await this.rollouts.organizationsOf(tx, [row.id]);
          const cancelled = new Set(
            await this.jobs.cancelQueued(
              tx,
              orgs.flatMap((o) => (o.deployment_id ? [o.deployment_id] : [])),
              'Cancelled: the roll-out was aborted before this deployment started',
            ),
          );
          const events: NewRolloutEvent[] = [];
          for (const org of orgs.filter((o) => o.deployment_id && cancelled.has(o.deployment_id))) {
            await this.rollouts.updateOrganization(tx, row.id, org.platform_org_id, { state: 'skipped' });
            events.push({
              type: 'organization',
              step: org.step,
              organizationId: org.platform_org_id,
              state: 'skipped',
              message: `${org.platform_org_id}: its deployment cancelled before it started`,
            });
          }
          await this.rollouts.release(tx, row.id);
          events.push({
            type: 'status',
            message: `Aborted ${who}${cancelled.size > 0 ? `: ${cancelled.size} deployment(s) not started were cancelled` : ''}`,
          });
          return this.rollouts.appendEvents(tx, row, events);
        }
        case 'rollback':
          row.status = 'rolling_back';
          await this.rollouts.update(tx, row.id, {
            status: 'rolling_back',
            ends_as: 'rolled_back',
            halt_reason: `Rolled back ${who}`,
          });
          return this.rollouts.appendEvents(tx, row, [
            {
              type: 'status',
              message: `Rolling back ${who}: the organizations changed get what they ran before`,
            },
          ]);
      }
    });
    this.events.published(req.id, appended);
    void this.driver.kick();
    return { rollout: await this.view(req.id) };
  }

  async eventsAfter(ctx: RequestContext, req: RolloutEventsAfterRequest): Promise<RolloutEventsAfterResult> {
    await this.access.check(ctx, await this.rollouts.findById(this.db.pool, req.id), 'read');
    const limit = Math.min(req.limit ?? L.eventsPageMax, L.eventsPageMax);
    // The roll-out before its events, as a log page reads its job before its lines: each change writes
    // its status and its events in one transaction, so a roll-out read as ended has every event committed
    // and the page that says so holds the last ones. Read the other way round, a roll-out ending between
    // the two reads answered "ended" without its last events, and a stream closed short of them.
    const rollout = await this.view(req.id);
    const rows = await this.rollouts.eventsAfter(this.db.pool, req.id, req.afterSeq ?? 0, limit + 1);
    return {
      rollout,
      events: rows.slice(0, limit).map(toRolloutEvent),
      more: rows.length > limit,
    };
  }

  private async view(id: string): Promise<Rollout> {
    const row = await this.rollouts.findById(this.db.pool, id);
    if (!row) throw new Error(`Roll-out ${id} vanished`);
    return toRollout(row, await this.rollouts.organizationsOf(this.db.pool, [id]));
  }
}

function heldBy(holder: { id: string; org: string }): DomainError {
  return deploymentsError(
    'DEPLOYMENTS.ROLLOUT_HELD',
    `Roll-out ${holder.id} is active for this item in organization ${holder.org}: one active roll-out per item and organization`,
  );
}
