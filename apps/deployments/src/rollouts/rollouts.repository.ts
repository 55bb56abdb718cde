import { Injectable } from '@nestjs/common';
import { type DeploymentStatus, DeploymentsEvents, type RolloutHaltedEvent } from '@pc/contracts';
import type { JobRow } from '@pc/deployments-store';
import type { Executor } from '@pc/platform';
import type {
  NewRolloutEvent,
  PreviousItem,
  RolloutEventRow,
  RolloutOrgRow,
  RolloutRow,
} from './rollout.rows';

export type NewRollout = Omit<
  RolloutRow,
  | 'id'
  | 'status'
  | 'current_step'
  | 'phase'
  | 'phase_started_at'
  | 'ends_as'
  | 'halt_reason'
  | 'event_seq'
  | 'created_at'
  | 'updated_at'
  | 'finished_at'
>;

export type RolloutPatch = Partial<
  Pick<
    RolloutRow,
    'status' | 'current_step' | 'phase' | 'phase_started_at' | 'ends_as' | 'halt_reason' | 'finished_at'
  >
>;

export type RolloutOrgPatch = Partial<
  Pick<
    RolloutOrgRow,
    'state' | 'health' | 'previous' | 'previous_read' | 'deployment_id' | 'error' | 'active'
  >
>;

const ACTIVE = `('running', 'paused', 'rolling_back')`;

/** Roll-outs, their organizations and their event log (the `deployments` schema); executor first. */
@Injectable()
export class RolloutsRepository {
  async insert(db: Executor, r: NewRollout): Promise<RolloutRow> {
    const [row] = await db.query<RolloutRow[]>(
      `INSERT INTO deployments.rollouts (asset_type, policy_id, ruleset_id, asset_name, asset_slug, workspace_id,
         connection_id, created_by, template, requested_version, step_count, bake_seconds, health_timeout_seconds)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING *`,
      [
        r.asset_type,
        r.policy_id,
        r.ruleset_id,
        r.asset_name,
        r.asset_slug,
        r.workspace_id,
        r.connection_id,
        r.created_by,
        JSON.stringify(r.template),
        r.requested_version,
        r.step_count,
        r.bake_seconds,
        r.health_timeout_seconds,
      ],
    );
    return row;
  }

  /**
   * The roll-out's organizations, in one statement; the partial unique index on (item, organization)
   * refuses an organization another active roll-out of the item holds (23505: the caller answers 409).
   */
  async insertOrganizations(
    db: Executor,
    rolloutId: string,
    itemKey: string,
    steps: Array<Array<{ id: string; name: string | null }>>,
  ): Promise<void> {
    const rows = steps.flatMap((orgs, step) =>
      orgs.map((o, position) => ({ platform_org_id: o.id, platform_org_name: o.name, step, position })),
    );
    await db.query(
      `INSERT INTO deployments.rollout_organizations (rollout_id, item_key, platform_org_id, platform_org_name, step, position)
       SELECT $1, $2, x.platform_org_id, x.platform_org_name, x.step, x.position
         FROM jsonb_to_recordset($3::jsonb) AS x(platform_org_id text, platform_org_name text, step int, position int)
        ORDER BY x.platform_org_id`,
      [rolloutId, itemKey, JSON.stringify(rows)],
    );
  }

  /** The active roll-out holding one of these organizations for the item (the first by creation). */
  async activeHolding(
    db: Executor,
    itemKey: string,
    orgIds: string[],
  ): Promise<{ id: string; org: string } | null> {
    const [row] = await db.query<Array<{ rollout_id: string; platform_org_id: string }>>(
      `SELECT o.rollout_id, o.platform_org_id FROM deployments.rollout_organizations o
         JOIN deployments.rollouts r ON r.id = o.rollout_id
        WHERE o.item_key = $1 AND o.platform_org_id = ANY($2) AND o.active
        ORDER BY r.created_at LIMIT 1`,
      [itemKey, orgIds],
    );
    return row ? { id: row.rollout_id, org: row.platform_org_id } : null;
  }

  async countActiveBy(db: Executor, userId: string): Promise<number> {
    const [row] = await db.query<Array<{ n: string }>>(
      `SELECT count(*) AS n FROM deployments.rollouts WHERE created_by = $1 AND status IN ${ACTIVE}`,
      [userId],
    );
    return Number(row?.n ?? 0);
  }

  async findById(
    db: Executor,
    id: string,
    lock: 'none' | 'update' | 'skip-locked' = 'none',
  ): Promise<RolloutRow | null> {
    const suffix =
      lock === 'update' ? ' FOR UPDATE' : lock === 'skip-locked' ? ' FOR UPDATE SKIP LOCKED' : '';
    const rows = await db.query<RolloutRow[]>(`SELECT * FROM deployments.rollouts WHERE id = $1${suffix}`, [
      id,
    ]);
    return rows[0] ?? null;
  }

  async activeIds(db: Executor, limit: number): Promise<string[]> {
    const rows = await db.query<Array<{ id: string }>>(
      `SELECT id FROM deployments.rollouts WHERE status IN ${ACTIVE} ORDER BY updated_at LIMIT $1`,
      [limit],
    );
    return rows.map((r) => r.id);
  }

  /**
   * Ended roll-outs (an abort) with an organization still `deploying` whose deployment has ended since,
   * or was deleted (only a failed one can be): the driver says what it did there.
   */
  async endedWithDeploymentsDone(db: Executor, limit: number): Promise<string[]> {
    const rows = await db.query<Array<{ rollout_id: string }>>(
      `SELECT DISTINCT o.rollout_id FROM deployments.rollout_organizations o
         LEFT JOIN deployments.deployments d ON d.id = o.deployment_id
        WHERE o.state = 'deploying' AND NOT o.active AND (d.id IS NULL OR d.status NOT IN ('queued', 'running'))
        LIMIT $1`,
      [limit],
    );
    return rows.map((r) => r.rollout_id);
  }

  /**
   * The author's roll-outs in these workspaces (null: in any), newest first, after `before` (the last row
   * of the page before).
   */
  async listBy(
    db: Executor,
    userId: string,
    workspaceIds: string[] | null,
    limit: number,
    before?: { at: Date; id: string },
  ): Promise<RolloutRow[]> {
    return db.query<RolloutRow[]>(
      `SELECT * FROM deployments.rollouts
        WHERE created_by = $1 AND ($5::uuid[] IS NULL OR workspace_id = ANY($5))
          AND ($3::timestamptz IS NULL OR (created_at, id) < ($3, $4::uuid))
        ORDER BY created_at DESC, id DESC LIMIT $2`,
      [userId, limit, before?.at ?? null, before?.id ?? null, workspaceIds],
    );
  }

  async organizationsOf(db: Executor, rolloutIds: string[]): Promise<RolloutOrgRow[]> {
    if (rolloutIds.length === 0) return [];
    return db.query<RolloutOrgRow[]>(
      `SELECT * FROM deployments.rollout_organizations WHERE rollout_id = ANY($1) ORDER BY step, position`,
      [rolloutIds],
    );
  }

  async update(db: Executor, id: string, patch: RolloutPatch): Promise<void> {
    const entries = Object.entries(patch);
    if (entries.length === 0) return;
    const sets = entries.map(([k], i) => `${k} = $${i + 2}`);
    await db.query(`UPDATE deployments.rollouts SET ${sets.join(', ')}, updated_at = now() WHERE id = $1`, [
      id,
      ...entries.map(([, v]) => v),
    ]);
  }

  async updateOrganization(
    db: Executor,
    rolloutId: string,
    orgId: string,
    patch: RolloutOrgPatch,
  ): Promise<void> {
    const entries = Object.entries(patch).map(
      ([k, v]) => [k, k === 'previous' ? JSON.stringify(v) : v] as const,
    );
    if (entries.length === 0) return;
    const sets = entries.map(([k], i) => `${k} = $${i + 3}`);
    await db.query(
      `UPDATE deployments.rollout_organizations SET ${sets.join(', ')}, updated_at = now()
        WHERE rollout_id = $1 AND platform_org_id = $2`,
      [rolloutId, orgId, ...entries.map(([, v]) => v)],
    );
  }

  /** Frees the item's organizations for another roll-out and marks those never reached `skipped`. */
  async release(db: Executor, rolloutId: string): Promise<void> {
    await db.query(
      `UPDATE deployments.rollout_organizations
          SET active = false, state = CASE WHEN state = 'pending' THEN 'skipped' ELSE state END, updated_at = now()
        WHERE rollout_id = $1`,
      [rolloutId],
    );
  }

  /** Appends events (numbered after the roll-out's last) with the roll-out's status at the time. */
  async appendEvents(
    db: Executor,
    rollout: Pick<RolloutRow, 'id' | 'status'>,
    events: NewRolloutEvent[],
  ): Promise<RolloutEventRow[]> {
    if (events.length === 0) return [];
    const [[{ event_seq: last }]] = await db.query<[Array<{ event_seq: number }>, number]>(
      `UPDATE deployments.rollouts SET event_seq = event_seq + $2 WHERE id = $1 RETURNING event_seq`,
      [rollout.id, events.length],
    );
    const first = last - events.length + 1;
    return db.query<RolloutEventRow[]>(
      `INSERT INTO deployments.rollout_events (rollout_id, seq, type, status, step, platform_org_id, state, message)
       SELECT $1, $2 + x.n - 1, x.type, $3, x.step, x.org, x.state, x.message
         FROM jsonb_to_recordset($4::jsonb) AS x(n int, type text, step int, org text, state text, message text)
       RETURNING *`,
      [
        rollout.id,
        first,
        rollout.status,
        JSON.stringify(
          events.map((e, i) => ({
            n: i + 1,
            type: e.type,
            step: e.step ?? null,
            org: e.organizationId ?? null,
            state: e.state ?? null,
            message: e.message,
          })),
        ),
      ],
    );
  }

  async eventsAfter(
    db: Executor,
    rolloutId: string,
    afterSeq: number,
    limit: number,
  ): Promise<RolloutEventRow[]> {
    return db.query<RolloutEventRow[]>(
      `SELECT * FROM deployments.rollout_events WHERE rollout_id = $1 AND seq > $2 ORDER BY seq LIMIT $3`,
      [rolloutId, afterSeq, limit],
    );
  }

  async linkDeployments(db: Executor, rolloutId: string, deploymentIds: string[]): Promise<void> {
    await db.query(`UPDATE deployments.deployments SET rollout_id = $1 WHERE id = ANY($2)`, [
      rolloutId,
      deploymentIds,
    ]);
  }

  async deploymentStates(
    db: Executor,
    ids: string[],
  ): Promise<Map<string, { status: DeploymentStatus; error: string | null }>> {
    if (ids.length === 0) return new Map();
    const rows = await db.query<Array<{ id: string; status: DeploymentStatus; error: string | null }>>(
      `SELECT id, status, error FROM deployments.deployments WHERE id = ANY($1)`,
      [ids],
    );
    return new Map(rows.map((r) => [r.id, { status: r.status, error: r.error }]));
  }

  /** The latest job of each deployment. */
  async latestJobs(db: Executor, deploymentIds: string[]): Promise<Map<string, JobRow>> {
    if (deploymentIds.length === 0) return new Map();
    const rows = await db.query<JobRow[]>(
      `SELECT DISTINCT ON (deployment_id) * FROM deployments.jobs WHERE deployment_id = ANY($1)
        ORDER BY deployment_id, created_at DESC, id DESC`,
      [deploymentIds],
    );
    return new Map(rows.map((j) => [j.deployment_id, j]));
  }

  /** The durable `rollout.halted` event, in the halting transaction (the outbox relay publishes it). */
  async announceHalt(db: Executor, event: RolloutHaltedEvent): Promise<void> {
    await db.query(`INSERT INTO deployments.outbox (pattern, payload) VALUES ($1, $2::jsonb)`, [
      DeploymentsEvents.rolloutHalted.pattern,
      JSON.stringify(event),
    ]);
  }

  /** A `restore` job on the organization's roll-out deployment: `target` is what the worker puts back. */
  async insertRestoreJob(
    db: Executor,
    deploymentId: string,
    target: PreviousItem | null,
  ): Promise<JobRow | null> {
    const rows = await db.query<JobRow[]>(
      `INSERT INTO deployments.jobs (deployment_id, kind, steps) VALUES ($1, 'restore', jsonb_build_object('target', $2::jsonb))
       ON CONFLICT (deployment_id) WHERE status IN ('queued', 'running') DO NOTHING RETURNING *`,
      [deploymentId, JSON.stringify(target)],
    );
    return rows[0] ?? null;
  }
}
