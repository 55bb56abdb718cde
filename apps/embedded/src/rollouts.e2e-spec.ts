import { generateSigningKeyEntry } from '@pc/platform';
import { Client } from 'pg';
import { DeploymentsWorld, type Json, type Tenant, type TestUser } from './testing/deployments-e2e';

jest.setTimeout(180_000);

const SIGNING_KEYS = generateSigningKeyEntry('rollouts');

/**
 * Progressive delivery through the gateway over NATS, with the sandbox's platform: a plan before apply
 * that apply keeps to, roll-outs in steps gated on the platform's health (a halt restores what ran
 * before, a rollback pins it), and drift found by the reconcile and healed.
 */
describe('progressive delivery (NATS)', () => {
  const world = new DeploymentsWorld();
  let pg: Client;
  let user: TestUser;
  let tenant: Tenant;
  let connectionId: string;
  let workspaceId: string;

  beforeAll(async () => {
    await world.start('nats', { PROVENANCE_SIGNING_KEYS: SIGNING_KEYS });
    user = await world.newUser();
    tenant = await world.newTenant(12);
    connectionId = (await world.newConnection(user, tenant)).id;
    workspaceId = await world.newWorkspace(user);
    pg = new Client({ connectionString: world.db.url });
    await pg.connect();
  });

  afterAll(async () => {
    await pg?.end();
    await world.stop();
  });

  const deploy = (rulesetId: string, orgs: string[], version: string, extra: Json = {}) =>
    world.http.post<Json>(
      '/api/deployments',
      {
        assetType: 'ruleset',
        rulesetId,
        connectionId,
        workspaceId,
        targetOrganizationIds: orgs,
        doRelease: true,
        version,
        ...extra,
      },
      { token: user.token },
    );

  /** The version each organization runs of the asset (absent: none). */
  const running = async (assetId: string): Promise<Record<string, string>> => {
    const state = await world.control.platformState();
    return Object.fromEntries(
      state.organizations.flatMap((o) =>
        o.applied.filter((a) => a.assetId === assetId).map((a) => [o.id, a.version] as const),
      ),
    );
  };

  const count = async (sql: string): Promise<number> =>
    Number((await pg.query<{ n: string }>(`SELECT count(*) AS n FROM ${sql}`)).rows[0]?.n ?? 0);

  describe('a plan before apply', () => {
    it('says per target what apply would do, writes nothing, and apply then does exactly that', async () => {
      const ruleset = await world.newDeployableRuleset(user);
      const [first] = (await deploy(ruleset.id, [tenant.paymentsId], '1.0.0')).body.results;
      expect((await world.settled(user.token, first.deployment.id)).status).toBe('succeeded');
      const rows = await count('deployments.deployments');
      const jobs = await count('deployments.jobs');
      const before = await running(ruleset.assetId);

      const targets = [tenant.paymentsId, tenant.cardsId, tenant.archiveId];
      const plan = await deploy(ruleset.id, targets, '1.1.0', { dryRun: true });
      expect(plan.status).toBe(200);
      expect(plan.body).toEqual({
        dryRun: true,
        assetId: ruleset.assetId,
        targets: [
          expect.objectContaining({
            organizationId: tenant.paymentsId,
            action: 'update',
            from: '1.0.0',
            to: '1.1.0',
          }),
          expect.objectContaining({
            organizationId: tenant.cardsId,
            action: 'create',
            from: null,
            to: '1.1.0',
          }),
          expect.objectContaining({
            organizationId: tenant.archiveId,
            action: 'error',
            error: expect.stringContaining('cannot deploy to this organization'),
          }),
        ],
      });
      const same = await deploy(ruleset.id, [tenant.paymentsId], '1.0.0', { dryRun: true });
      expect(same.body.targets[0]).toMatchObject({ action: 'unchanged', from: '1.0.0', to: '1.0.0' });
      // The real request's checks run first: its 4xx answers are the plan's.
      const hidden = await deploy('00000000-0000-4000-8000-000000000000', targets, '1.1.0', { dryRun: true });
      expect(hidden.status).toBe(404);
      expect(await count('deployments.deployments')).toBe(rows);
      expect(await count('deployments.jobs')).toBe(jobs);
      expect(await running(ruleset.assetId)).toEqual(before);

      const apply = await deploy(ruleset.id, targets, '1.1.0');
      expect(apply.status).toBe(207);
      const results = apply.body.results as Json[];
      expect(results.map((r) => r.ok)).toEqual(plan.body.targets.map((t: Json) => t.action !== 'error'));
      for (const r of results.filter((x) => x.ok))
        expect((await world.settled(user.token, r.deployment.id)).status).toBe('succeeded');
      const after = await running(ruleset.assetId);
      for (const target of plan.body.targets as Json[])
        expect(after[target.organizationId]).toBe(
          target.action === 'error' ? before[target.organizationId] : target.to,
        );
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

    it('halts when the step-2 organizations go degraded, restores steps 1 and 2, leaves step 3 untouched', async () => {
      const ruleset = await world.newDeployableRuleset(user);
      // Every organization but one of step 2 runs 1.0.0 before the roll-out.
      const before = ten.filter((_, i) => i !== 2);
      for (const r of (await deploy(ruleset.id, before, '1.0.0')).body.results as Json[])
        expect((await world.settled(user.token, r.deployment.id)).status).toBe('succeeded');
      for (const org of ten.slice(1, 4))
        await world.control.setHealth(org, { health: 'degraded', delayMs: 200 });
      const counts = await applyCounts(ruleset.assetId);

      const created = await rollOut(ruleset.id, {
        version: '1.1.0',
        targetOrganizationIds: ten,
        stepSizes: [1, 3, 'rest'],
        bakeSeconds: 0,
        healthTimeoutSeconds: 60,
      });
      expect(created.status).toBe(201);
      const id = created.body.rollout.id as string;
      expect(created.body.rollout.steps.map((s: Json) => s.organizations.length)).toEqual([1, 3, 6]);
      const stream = world.readRolloutStream(user.token, id);

      const rollout = await ended(id);
      expect(rollout.status).toBe('halted');
      expect(rollout.halt_reason).toMatch(/degraded/);
      const [one, two, three] = rollout.steps as Json[];
      expect(one.organizations.map((o: Json) => o.state)).toEqual(['restored']);
      expect(two.organizations.map((o: Json) => o.state).sort()).toEqual(['removed', 'restored', 'restored']);
      expect(three.state).toBe('skipped');
      expect(three.organizations.every((o: Json) => o.state === 'skipped' && o.deployment_id === null)).toBe(
        true,
      );

      const now = await running(ruleset.assetId);
      for (const org of ten.slice(0, 4)) expect(now[org]).toBe(org === ten[2] ? undefined : '1.0.0');
      const after = await applyCounts(ruleset.assetId);
      // Step 3 untouched; steps 1 and 2 applied once and restored once (the one that ran none: removed).
      for (const org of ten.slice(4)) expect(after[org]).toBe(counts[org]);
      for (const org of ten.slice(0, 4)) expect(after[org] - counts[org]).toBe(org === ten[2] ? 1 : 2);

      // Each change is an ordinary deployment, linked, rolled back and pinned: a sync leaves it so.
      const changed = one.organizations[0].deployment_id as string;
      const deployment = (await world.http.get<Json>(`/api/deployments/${changed}`, { token: user.token }))
        .body.deployment;
      expect(deployment).toMatchObject({ rollout_id: id, status: 'removed', rollback_pinned: true });
      const sync = await world.http.post<Json>(`/api/deployments/${changed}/sync`, {}, { token: user.token });
      expect(sync.status).toBe(200);
      expect(sync.body.status).toBe('removed');
      expect((await running(ruleset.assetId))[ten[0]]).toBe('1.0.0');

      // The stream told it all, in order, and ended with the halt.
      const { events } = await stream;
      const numbered = events.filter((e) => e.event === 'rollout');
      expect(numbered.map((e) => Number(e.id))).toEqual(numbered.map((_, i) => i + 1));
      expect(events.at(-1)).toMatchObject({ event: 'end' });
      expect(JSON.parse(events.at(-1)!.data)).toMatchObject({ rollout_id: id, status: 'halted' });
      // Last-Event-ID resumes exactly after it.
      const resumed = await world.readRolloutStream(user.token, id, { lastEventId: '3' });
      expect(resumed.events.filter((e) => e.event === 'rollout').map((e) => Number(e.id))[0]).toBe(4);
      for (const org of ten.slice(1, 4)) await world.control.clearHealth(org);
    });

    it('completes the same roll-out with no fault, each organization applied once', async () => {
      const ruleset = await world.newDeployableRuleset(user);
      const counts = await applyCounts(ruleset.assetId);
      const created = await rollOut(ruleset.id, {
        version: '2.0.0',
        targetOrganizationIds: ten,
        stepSizes: [1, 3, 'rest'],
      });
      expect(created.status).toBe(201);
      const rollout = await ended(created.body.rollout.id);
      expect(rollout.status).toBe('completed');
      expect((rollout.steps as Json[]).map((s) => s.state)).toEqual(['done', 'done', 'done']);
      const now = await running(ruleset.assetId);
      const after = await applyCounts(ruleset.assetId);
      for (const org of ten) {
        expect(now[org]).toBe('2.0.0');
        expect(after[org] - counts[org]).toBe(1);
      }
    });

    it('refuses bad input with 4xx and the error body, creating nothing', async () => {
      const ruleset = await world.newDeployableRuleset(user);
      const rollouts = await count('deployments.rollouts');
      const cases: Array<[Json, number, string]> = [
        [{ steps: [[tenant.paymentsId], [tenant.cardsId, tenant.paymentsId]] }, 400, 'named twice'],
        [{ steps: [[tenant.paymentsId], [tenant.archiveId]] }, 422, 'cannot be deployed'],
        [{ steps: [[tenant.paymentsId], []] }, 400, 'empty'],
        [{ steps: [[tenant.paymentsId]], bakeSeconds: 86_401 }, 400, 'bakeSeconds'],
        [{ targetOrganizationIds: ten, stepSizes: [1, 3] }, 400, 'cover'],
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
  });
});
