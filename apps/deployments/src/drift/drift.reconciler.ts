import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import {
  type ConnectionDriftRefreshResult,
  DEPLOYMENT_LIMITS,
  type DeploymentDrift,
  type DriftRefreshOutcome,
  type DriftRefreshResult,
  type RequestContext,
} from '@pc/contracts';
import { authorContext, delegatedAccess, type GatewayPlatform } from '@pc/gateway-platform';
import {
  definitionAssetId,
  type DeploymentRow,
  DeploymentsRepository,
  JobsRepository,
  toDrift,
} from '@pc/deployments-store';
import { BusClient, createLogger, Database } from '@pc/platform';
import { DeploymentAccess } from '../deployments';
import { DeploymentsEnv } from '../deployments.env';
import { JobQueue } from '../jobs';
import { GATEWAY_PLATFORM } from '../platform';
import { driftDifferences, sameDifferences } from './drift-differences';
import { DriftRepository } from './drift.repository';
import { membershipOf } from './workspace-membership';

const log = createLogger('deployments');
/** Candidates read per page. */
const PAGE = 200;

/**
 * The periodic drift reconcile (`DRIFT_RECONCILE_INTERVAL_MS`, 0: off): for the last succeeded
 * deployment of each item and organization, compares what the platform runs there with what the
 * deployment applied. A difference (the item removed, another version, another configuration) marks the
 * deployment drifted with the difference field by field, and tells its author once per drift (a durable
 * event; the identity service writes the inbox entry); a deployment found in sync again loses its
 * drift. In a workspace that opted into self-heal, a drifted deployment gets a job that applies it
 * again, unless the workspace is archived (read-only: it is only marked drifted); a version a roll-out
 * rolled back is never a candidate. One replica at a time (an advisory lock).
 */
@Injectable()
export class DriftReconciler implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  /** Set at shutdown: a running sweep stops after the check in progress (the next sweep starts over). */
  private stopping = false;

  constructor(
    private readonly db: Database,
    private readonly drift: DriftRepository,
    private readonly deployments: DeploymentsRepository,
    private readonly jobs: JobsRepository,
    private readonly queue: JobQueue,
    private readonly bus: BusClient,
    @Inject(GATEWAY_PLATFORM) private readonly platform: GatewayPlatform,
    private readonly env: DeploymentsEnv,
    private readonly access: DeploymentAccess,
  ) {}

  onApplicationBootstrap(): void {
    if (this.env.DRIFT_RECONCILE_INTERVAL_MS === 0) return;
    this.timer = setInterval(() => {
      this.running ??= this.reconcile()
        .then(() => undefined)
        .catch((error: unknown) => log.warn({ err: error }, 'drift reconcile failed'))
        .finally(() => (this.running = undefined));
    }, this.env.DRIFT_RECONCILE_INTERVAL_MS);
    this.timer.unref();
  }

  /**
   * Waits for the check in progress only, not for the rest of the sweep: with the platform slow (seconds
   * a call) a sweep over hundreds of candidates outlasted any grace period an orchestrator gives a
   * stopping replica, which was then killed in the middle of a check.
   */
  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    clearInterval(this.timer);
    await this.running;
  }

  /**
   * One sweep over every candidate; answers how many are drifted now. Replicas may sweep at once: each
   * record is decided on the locked deployment, so a drift is recorded (and told) once.
   */
  async reconcile(): Promise<number> {
    let drifted = 0;
    let healed = false;
    let after: string | null = null;
    sweep: for (;;) {
      const page = await this.drift.candidates(this.db.pool, after, PAGE);
      if (page.length === 0) break;
      after = page[page.length - 1].id;
      const healing = await this.drift.selfHealing(this.db.pool, [
        ...new Set(page.map((d) => d.workspace_id)),
      ]);
      for (const row of page) {
        if (this.stopping) break sweep;
        const outcome = await this.check(row, healing.has(row.workspace_id)).catch((error: unknown) => {
          log.warn({ err: error, deployment: row.id }, 'drift check failed (tried again next sweep)');
          return 'unknown' as const;
        });
        if (outcome === 'drifted' || outcome === 'healing') drifted++;
        healed ||= outcome === 'healing';
      }
      if (page.length < PAGE) break;
    }
    if (healed) await this.queue.release();
    return drifted;
  }

  /**
   * "Refresh now" for one deployment: the caller sees it (as a read does), and the sweep's check runs
   * for it at once when it is the live deployment of its target.
   */
  async refresh(ctx: RequestContext, id: string): Promise<DriftRefreshResult> {
    await this.access.visible(this.db.pool, ctx, id);
    const [row] = await this.drift.candidates(this.db.pool, null, 1, { deploymentId: id });
    const outcome = row ? await this.checkNow(row) : 'not_checked';
    const after = await this.deployments.findById(this.db.pool, id);
    return { outcome, drift: toDrift(after?.drift ?? null), checked_at: new Date().toISOString() };
  }

  /**
   * "Refresh now" for a connection (the connections service checked that the caller owns it): the
   * sweep's check for each live deployment made through it, the newest DEPLOYMENT_LIMITS.driftRefreshMax.
   */
  async refreshConnection(connectionId: string): Promise<ConnectionDriftRefreshResult> {
    const rows = await this.drift.candidates(this.db.pool, null, DEPLOYMENT_LIMITS.driftRefreshMax, {
      connectionId,
    });
    const result = { checked: rows.length, in_sync: 0, drifted: 0, healing: 0, unknown: 0 };
    for (const row of rows) {
      const outcome = await this.checkNow(row);
      if (outcome !== 'not_checked') result[outcome]++;
    }
    return { ...result, checked_at: new Date().toISOString() };
  }

  private async checkNow(row: DeploymentRow): Promise<DriftRefreshOutcome> {
    const healing = await this.drift.selfHealing(this.db.pool, [row.workspace_id]);
    const outcome = await this.check(row, healing.has(row.workspace_id)).catch((error: unknown) => {
      log.warn({ err: error, deployment: row.id }, 'drift refresh failed');
      return 'unknown' as const;
    });
    if (outcome === 'healing') await this.queue.release();
    return outcome;
  }

  private async check(
    row: DeploymentRow,
    selfHeal: boolean,
  ): Promise<'in_sync' | 'drifted' | 'healing' | 'unknown'> {
    const { platform } = await delegatedAccess(this.bus, row.created_by, row.connection_id, row.workspace_id);
    const actual = await this.platform.getApplied(
      platform,
      row.platform_org_id,
      definitionAssetId(row.asset_slug),
    );
    const differences = driftDifferences(
      { kind: row.asset_type, groupId: row.group_id, version: row.applied_version!, configuration: {} },
      actual,
    );
    if (differences.length === 0) {
      await this.drift.clearDrift(this.db.pool, row.id);
      return 'in_sync';
    }
    const heal = selfHeal && !(await this.archived(row));
    return this.db.transaction(async (tx) => {
      const locked = await this.deployments.findById(tx, row.id, { lock: true });
      if (!locked || locked.status !== 'succeeded' || locked.rollback_pinned_at !== null) return 'unknown';
      const known = locked.drift !== null && sameDifferences(locked.drift.differences, differences);
      if (!known) {
        const drift: DeploymentDrift = {
          detected_at: new Date().toISOString(),
          differences,
          heal_failure: null,
        };
        await this.drift.markDrifted(tx, row, drift, {
          eventId: randomUUID(),
          deployment_id: row.id,
          created_by: row.created_by,
          workspace_id: row.workspace_id,
          asset_name: row.asset_name,
          platform_org_id: row.platform_org_id,
          platform_org_name: row.platform_org_name,
          differences,
        });
      }
      if (!heal) return 'drifted';
      const job = await this.jobs.insertSelfHeal(tx, row.id);
      if (job)
        log.info({ deployment: row.id, job: job.id }, 'self-heal: applying the drifted deployment again');
      return job ? 'healing' : 'drifted';
    });
  }

  /**
   * Whether the deployment's workspace is archived, as its author's memberships say (asked only before a
   * heal: an archived workspace is read-only, and a heal is a deployment the system makes in it).
   */
  private async archived(row: DeploymentRow): Promise<boolean> {
    const membership = await membershipOf(this.bus, authorContext(row.created_by), row.workspace_id);
    return membership !== undefined && membership.workspace.archived_at !== null;
  }
}
