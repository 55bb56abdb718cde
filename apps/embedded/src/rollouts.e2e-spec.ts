import type { ChildProcess } from 'node:child_process';
import { generateSigningKeyEntry } from '@pc/platform';
import { Client } from 'pg';
import { DeploymentsWorld, type Json, type Tenant, type TestUser } from './testing/deployments-e2e';

jest.setTimeout(180_000);

const SIGNING_KEYS = generateSigningKeyEntry('rollouts');
const DRIFT_INTERVAL_MS = 1000;

/**
 * Progressive delivery through the gateway over NATS, with the sandbox's platform and worker processes:
 * the plan's route, the roll-out routes' statuses and event stream, a worker killed mid-step, and drift
 * told to its author by identity. The rules (plan outcomes, validation, the state machine, halts,
 * restores and rollbacks, drift differences and self-heal) are the deployments service's
 * (`apps/deployments/src/rollouts/rollouts.integration-spec.ts`).
 */
describe('progressive delivery (NATS)', () => {
  const world = new DeploymentsWorld();
  let pg: Client;
  let user: TestUser;
  let tenant: Tenant;
  let connectionId: string;
  let workspaceId: string;

  const workers: ChildProcess[] = [];
  const workerEnv = {
    PROVENANCE_SIGNING_KEYS: SIGNING_KEYS,
    DEPLOY_JOB_ACK_WAIT_MS: '3000',
    DEPLOY_WORKER_CONCURRENCY: '2',
  };

  beforeAll(async () => {
    // The jobs run in two worker processes (one is killed mid-step below); the drift reconcile runs
    // every second (it changes nothing unless a workspace opts into self-heal).
    await world.start(
      'nats',
      {
        ...workerEnv,
        DEPLOY_QUEUE_SLOTS_PER_USER: '8',
        ROLLOUT_TICK_MS: '200',
        DRIFT_RECONCILE_INTERVAL_MS: String(DRIFT_INTERVAL_MS),
      },
      { deploymentWorkers: 0 },
    );
    workers.push(
      ...(await Promise.all([world.startWorkerProcess(workerEnv), world.startWorkerProcess(workerEnv)])).map(
        (w) => w.process,
      ),
    );
    user = await world.newUser();
    tenant = await world.newTenant(12);
    connectionId = (await world.newConnection(user, tenant)).id;
    workspaceId = await world.newWorkspace(user);
    pg = new Client({ connectionString: world.db.url });
    await pg.connect();
  });

  afterAll(async () => {
    for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
    await pg?.end();
    await world.stop();
  });

  const deploy = (rulesetId: string, orgs: string[], version: string, extra: Json = {}) =>
    world.deployRuleset({ user, tenant, connectionId, workspaceId }, rulesetId, {
      targetOrganizationIds: orgs,
      doRelease: true,
      version,
      ...extra,
    });

  const count = async (sql: string): Promise<number> =>
    Number((await pg.query<{ n: string }>(`SELECT count(*) AS n FROM ${sql}`)).rows[0]?.n ?? 0);

  describe('a plan before apply', () => {
    it('answers the plan (200) with what apply would do per target, 404 for a hidden item, and writes nothing', async () => {
      const ruleset = await world.newDeployableRuleset(user);
      const [first] = (await deploy(ruleset.id, [tenant.paymentsId], '1.0.0')).body.results;
      expect((await world.settled(user.token, first.deployment.id)).status).toBe('succeeded');
      const rows = await count('deployments.deployments');
      const targets = [tenant.paymentsId, tenant.cardsId, tenant.archiveId];
      const plan = await deploy(ruleset.id, targets, '1.1.0', { dryRun: true });
      expect(plan.status).toBe(200);
      expect(plan.body).toMatchObject({
        dryRun: true,
        assetId: ruleset.assetId,
        targets: [
          { organizationId: tenant.paymentsId, action: 'update', from: '1.0.0', to: '1.1.0' },
          { organizationId: tenant.cardsId, action: 'create', from: null, to: '1.1.0' },
          { organizationId: tenant.archiveId, action: 'error' },
        ],
      });
      // The real request's checks run first: its 4xx answers are the plan's.
      const hidden = await deploy('00000000-0000-4000-8000-000000000000', targets, '1.1.0', { dryRun: true });
      expect(hidden.status).toBe(404);
      expect(await count('deployments.deployments')).toBe(rows);
    });
  });

  describe('roll-outs', () => {
    /** Ten organizations: step 1 one, step 2 three, step 3 six. */
    let ten: string[];

    const rollOut = (rulesetId: string, body: Json, as: TestUser = user) =>
      world.http.post<Json>(
        '/api/rollouts',
        { assetType: 'ruleset', rulesetId, connectionId, workspaceId, doRelease: true, ...body },
        { token: as.token },
      );

    /** Polls the roll-out until it has ended. */
    const ended = async (id: string, timeoutMs = 90_000): Promise<Json> => {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const res = await world.http.get<Json>(`/api/rollouts/${id}`, { token: user.token });
        expect(res.status).toBe(200);
        if (res.body.rollout.finished_at !== null) return res.body.rollout;
        if (Date.now() > until) throw new Error(`roll-out ${id} still ${res.body.rollout.status}`);
        await new Promise((r) => setTimeout(r, 150));
      }
    };

    const applyCounts = async (assetId: string): Promise<Record<string, number>> => {
      const state = await world.control.platformState();
      return Object.fromEntries(state.organizations.map((o) => [o.id, o.applyCounts[assetId] ?? 0]));
    };

    beforeAll(() => {
      ten = [tenant.paymentsId, tenant.cardsId, ...tenant.teamIds.slice(0, 8)];
    });

    it('streams a roll-out halted by degraded health over HTTP: numbered events, the end, Last-Event-ID', async () => {
      const ruleset = await world.newDeployableRuleset(user);
      await world.control.setHealth(tenant.cardsId, { health: 'degraded', delayMs: 200 });
      try {
        const created = await rollOut(ruleset.id, {
          version: '1.1.0',
          steps: [[tenant.paymentsId], [tenant.cardsId]],
          healthTimeoutSeconds: 60,
        });
        expect(created.status).toBe(201);
        const id = created.body.rollout.id as string;
        const stream = world.readRolloutStream(user.token, id);
        const rollout = await ended(id);
        expect(rollout.status).toBe('halted');
        expect(rollout.halt_reason).toMatch(/degraded/);
        // What halts and restores is the service's business (rollouts.integration-spec.ts): here, the wire.
        const { status, contentType, events } = await stream;
        expect([status, contentType]).toEqual([200, expect.stringMatching(/^text\/event-stream/)]);
        const numbered = events.filter((e) => e.event === 'rollout');
        expect(numbered.map((e) => Number(e.id))).toEqual(numbered.map((_, i) => i + 1));
        expect(events.at(-1)).toMatchObject({ event: 'end' });
        expect(JSON.parse(events.at(-1)!.data)).toMatchObject({ rollout_id: id, status: 'halted' });
        // Last-Event-ID resumes exactly after it.
        const resumed = await world.readRolloutStream(user.token, id, { lastEventId: '3' });
        expect(resumed.events.filter((e) => e.event === 'rollout').map((e) => Number(e.id))[0]).toBe(4);
      } finally {
        await world.control.clearHealth(tenant.cardsId);
      }
    });

    it('refuses bad input with 4xx and the error body, creating nothing', async () => {
      const ruleset = await world.newDeployableRuleset(user);
      const rollouts = await count('deployments.rollouts');
      // One per status class; every rule of the steps is rollouts.integration-spec.ts's.
      const cases: Array<[Json, number, string]> = [
        [{ steps: [[tenant.paymentsId], [tenant.cardsId, tenant.paymentsId]] }, 400, 'named twice'],
        [{ steps: [[tenant.paymentsId], [tenant.archiveId]] }, 422, 'cannot be deployed'],
      ];
      for (const [body, status, words] of cases) {
        const res = await rollOut(ruleset.id, { version: '1.0.0', ...body });
        expect([res.status, res.text]).toEqual([status, expect.stringContaining(words)]);
        expect(res.body).toMatchObject({ statusCode: status, message: expect.any(String) });
      }
      expect(await count('deployments.rollouts')).toBe(rollouts);

      // One active roll-out per item and organization: the second is told which.
      await world.control.setHealth(tenant.paymentsId, { health: 'healthy', delayMs: 60_000 });
      const first = await rollOut(ruleset.id, {
        version: '1.0.0',
        steps: [[tenant.paymentsId], [tenant.cardsId]],
      });
      expect(first.status).toBe(201);
      const second = await rollOut(ruleset.id, { version: '1.0.1', steps: [[tenant.cardsId]] });
      expect(second.status).toBe(409);
      expect(second.text).toContain(first.body.rollout.id);
      expect(await count('deployments.rollouts')).toBe(rollouts + 1);

      // The author's list pages newest first by cursor (the halted one of the test before on page 2).
      const page1 = await world.http.get<Json>('/api/rollouts?limit=1', { token: user.token });
      expect(page1.status).toBe(200);
      expect(page1.body).toMatchObject({ rollouts: [{ id: first.body.rollout.id }], hasMore: true });
      const page2 = await world.http.get<Json>(
        `/api/rollouts?limit=1&cursor=${encodeURIComponent(page1.body.nextCursor)}`,
        { token: user.token },
      );
      expect(page2.status).toBe(200);
      expect(page2.body.rollouts).toHaveLength(1);
      expect(page2.body.rollouts[0].id).not.toBe(first.body.rollout.id);
      const badCursor = await world.http.get<Json>('/api/rollouts?cursor=not-ours', { token: user.token });
      expect(badCursor.status).toBe(400);
      expect(badCursor.body.details).toEqual([expect.objectContaining({ field: 'cursor' })]);

      // Others do not see it; a workspace member does.
      const stranger = await world.newUser();
      const hidden = await world.http.get<Json>(`/api/rollouts/${first.body.rollout.id}`, {
        token: stranger.token,
      });
      expect(hidden.status).toBe(404);
      expect(
        (
          await world.http.post<Json>(
            `/api/rollouts/${first.body.rollout.id}/pause`,
            {},
            { token: stranger.token },
          )
        ).status,
      ).toBe(404);
      const member = await world.newUser();
      await world.addMember(workspaceId, user, member);
      const seen = await world.http.get<Json>(`/api/rollouts/${first.body.rollout.id}`, {
        token: member.token,
      });
      expect([seen.status, seen.body.rollout?.id]).toEqual([200, first.body.rollout.id]);
      expect((await world.readRolloutStream(stranger.token, first.body.rollout.id)).status).toBe(404);
      // The member opens its deployments and their logs too (changing them stays the author's).
      const deploymentId = await (async () => {
        for (let i = 0; ; i++) {
          const res = await world.http.get<Json>(`/api/rollouts/${first.body.rollout.id}`, {
            token: user.token,
          });
          const made = res.body.rollout.steps[0].organizations[0].deployment_id as string | null;
          if (made) return made;
          if (i > 600) throw new Error('step 1 never made its deployment');
          await new Promise((r) => setTimeout(r, 100));
        }
      })();
      const opened = await world.http.get<Json>(`/api/deployments/${deploymentId}`, { token: member.token });
      expect([opened.status, opened.body.deployment?.rollout_id]).toEqual([200, first.body.rollout.id]);
      const memberLogs = await world.readStream(member.token, deploymentId, { stopAfter: 1 });
      expect([memberLogs.status, memberLogs.events.length]).toEqual([200, 1]);
      expect(
        (await world.http.get<Json>(`/api/deployments/${deploymentId}/history`, { token: member.token }))
          .status,
      ).toBe(200);
      expect(
        (await world.http.post<Json>(`/api/deployments/${deploymentId}/cancel`, {}, { token: member.token }))
          .status,
      ).toBe(403);
      expect(
        (await world.http.get<Json>(`/api/deployments/${deploymentId}`, { token: stranger.token })).status,
      ).toBe(404);
      expect((await world.readStream(stranger.token, deploymentId)).status).toBe(404);

      // Pause holds it (the first step's item is still progressing), resume goes on; abort ends it.
      const id = first.body.rollout.id as string;
      const paused = await world.http.post<Json>(`/api/rollouts/${id}/pause`, {}, { token: user.token });
      expect([paused.status, paused.body.rollout?.status]).toEqual([200, 'paused']);
      expect(
        (await world.http.post<Json>(`/api/rollouts/${id}/pause`, {}, { token: user.token })).status,
      ).toBe(409);
      const resumed = await world.http.post<Json>(`/api/rollouts/${id}/resume`, {}, { token: user.token });
      expect([resumed.status, resumed.body.rollout?.status]).toEqual([200, 'running']);
      const aborted = await world.http.post<Json>(`/api/rollouts/${id}/abort`, {}, { token: user.token });
      expect([aborted.status, aborted.body.rollout?.status]).toEqual([200, 'aborted']);
      for (const act of ['pause', 'resume', 'abort', 'rollback']) {
        const late = await world.http.post<Json>(`/api/rollouts/${id}/${act}`, {}, { token: user.token });
        expect([late.status, late.text]).toEqual([409, expect.stringContaining('ended')]);
      }
      // Its organizations are free again.
      const again = await rollOut(ruleset.id, { version: '1.0.1', steps: [[tenant.cardsId]] });
      expect(again.status).toBe(201);
      await world.http.post<Json>(`/api/rollouts/${again.body.rollout.id}/abort`, {}, { token: user.token });
      await world.control.clearHealth(tenant.paymentsId);
    });

    it('completes with each organization applied once when a worker is killed mid-step', async () => {
      const ruleset = await world.newDeployableRuleset(user);
      const counts = await applyCounts(ruleset.assetId);
      // Each platform call takes a while: the jobs of a step are in the workers' hands for seconds.
      await world.control.setPlatformLatency(400);
      try {
        const created = await rollOut(ruleset.id, {
          version: '3.0.0',
          targetOrganizationIds: ten,
          stepSizes: [1, 'rest'],
        });
        const id = created.body.rollout.id as string;
        // Kill a worker while step 2's nine jobs run (each worker holds two).
        for (let i = 0; ; i++) {
          const res = await world.http.get<Json>(`/api/rollouts/${id}`, { token: user.token });
          const ids = (res.body.rollout.steps[1].organizations as Json[])
            .map((o) => o.deployment_id)
            .filter(Boolean);
          if (
            ids.length > 0 &&
            (await count(
              `deployments.jobs WHERE status = 'running' AND deployment_id = ANY('{${ids.join(',')}}')`,
            )) >= 4
          )
            break;
          if (i > 900) throw new Error('step 2 never ran four jobs at once');
          await new Promise((r) => setTimeout(r, 100));
        }
        workers[0].kill('SIGKILL');
        const rollout = await ended(id, 150_000);
        expect(rollout.status).toBe('completed');
        const after = await applyCounts(ruleset.assetId);
        for (const org of ten) expect(after[org] - counts[org]).toBe(1);
        const deploymentIds = (rollout.steps as Json[]).flatMap((s) =>
          s.organizations.map((o: Json) => o.deployment_id),
        );
        expect(new Set(deploymentIds).size).toBe(ten.length);
        expect(await count(`deployments.deployments WHERE rollout_id = '${id}'`)).toBe(ten.length);
        // The killed worker's jobs were delivered again and resumed.
        expect(
          await count(
            `deployments.jobs WHERE attempts > 1 AND deployment_id = ANY('{${deploymentIds.join(',')}}')`,
          ),
        ).toBeGreaterThan(0);
      } finally {
        await world.control.setPlatformLatency(0);
      }
    });
  });

  describe('drift', () => {
    it('tells the author of a drifted deployment through a notification, and takes the workspace setting', async () => {
      const ruleset = await world.newDeployableRuleset(user);
      const org = tenant.teamIds[11];
      const [result] = (await deploy(ruleset.id, [org], '1.0.0')).body.results as Json[];
      const id = result.deployment.id as string;
      expect((await world.settled(user.token, id)).status).toBe('succeeded');
      await world.control.removeApplied(org, ruleset.assetId);
      // The reconcile finds it; the differences, self-heal and pins are drift's service-level tests.
      for (let i = 0; ; i++) {
        const res = await world.http.get<Json>(`/api/deployments/${id}`, { token: user.token });
        if (res.body.deployment.drifted) break;
        if (i > (3 * DRIFT_INTERVAL_MS) / 100) throw new Error(`deployment ${id} not found drifted`);
        await new Promise((r) => setTimeout(r, 100));
      }
      // Identity turns the durable event into the author's notification.
      for (let i = 0; ; i++) {
        const inbox = await world.http.get<Json>('/api/me/notifications', { token: user.token });
        const told = (inbox.body.notifications as Json[]).filter((n) => n.kind === 'deployment_drifted');
        if (told.some((n) => n.data.deploymentId === id)) break;
        if (i > 100) throw new Error('no drift notification');
        await new Promise((r) => setTimeout(r, 100));
      }
      const settings = await world.http.put<Json>(
        `/api/workspaces/${workspaceId}/deployment-settings`,
        { selfHeal: false },
        { token: user.token },
      );
      expect(settings.status).toBe(200);
      expect(settings.body.settings).toEqual({ workspace_id: workspaceId, self_heal: false });
    });
  });
});
