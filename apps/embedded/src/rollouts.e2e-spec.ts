import type { ChildProcess } from 'node:child_process';
import { generateSigningKeyEntry } from '@pc/platform';
import { Client } from 'pg';
import { DeploymentsWorld, type Json, type Tenant, type TestUser } from './testing/deployments-e2e';

jest.setTimeout(180_000);

const SIGNING_KEYS = generateSigningKeyEntry('rollouts');
const DRIFT_INTERVAL_MS = 1000;

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

  /** Left by the rollback test for the drift test: a rolled-back, pinned organization. */
  let pinned: { assetId: string; org: string; deploymentId: string };

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

    it('rolls back by hand: the changed organization gets what it ran before, pinned against sync', async () => {
      const ruleset = await world.newDeployableRuleset(user);
      const [first] = (await deploy(ruleset.id, [tenant.teamIds[9]], '1.0.0')).body.results;
      expect((await world.settled(user.token, first.deployment.id)).status).toBe('succeeded');
      const created = await rollOut(ruleset.id, {
        version: '1.2.0',
        steps: [[tenant.teamIds[9]], [tenant.teamIds[10]]],
        bakeSeconds: 600,
      });
      const id = created.body.rollout.id as string;
      for (let i = 0; ; i++) {
        const res = await world.http.get<Json>(`/api/rollouts/${id}`, { token: user.token });
        if (res.body.rollout.phase === 'baking') break;
        if (i > 600) throw new Error('step 1 never baked');
        await new Promise((r) => setTimeout(r, 100));
      }
      expect((await running(ruleset.assetId))[tenant.teamIds[9]]).toBe('1.2.0');
      const rolled = await world.http.post<Json>(`/api/rollouts/${id}/rollback`, {}, { token: user.token });
      expect([rolled.status, rolled.body.rollout.status]).toEqual([200, 'rolling_back']);
      const rollout = await ended(id);
      expect(rollout.status).toBe('rolled_back');
      expect(rollout.steps.map((s: Json) => s.organizations[0].state)).toEqual(['restored', 'skipped']);
      expect(await running(ruleset.assetId)).toEqual({ [tenant.teamIds[9]]: '1.0.0' });
      const changed = rollout.steps[0].organizations[0].deployment_id as string;
      const history = await world.http.get<Json>(`/api/deployments/${changed}/history`, {
        token: user.token,
      });
      expect(history.body.jobs.map((j: Json) => j.kind).sort()).toEqual(['deploy', 'restore']);
      const sync = await world.http.post<Json>(`/api/deployments/${changed}/sync`, {}, { token: user.token });
      expect(sync.body.status).toBe('removed');
      expect(
        (await world.http.get<Json>(`/api/deployments/${changed}`, { token: user.token })).body.deployment,
      ).toMatchObject({ status: 'removed', rollback_pinned: true });
      expect(await running(ruleset.assetId)).toEqual({ [tenant.teamIds[9]]: '1.0.0' });
      pinned = { assetId: ruleset.assetId, org: tenant.teamIds[9], deploymentId: changed };
    });

    it('aborts at once: the deployments not started are cancelled with the answer and change nothing', async () => {
      const ruleset = await world.newDeployableRuleset(user);
      const counts = await applyCounts(ruleset.assetId);
      for (const org of ten) await world.control.clearHealth(org);
      // Slow platform calls: of one step's ten jobs, the two workers (two each) hold four at a time.
      await world.control.setPlatformLatency(300);
      try {
        const created = await rollOut(ruleset.id, { version: '4.0.0', steps: [ten] });
        expect(created.status).toBe(201);
        const id = created.body.rollout.id as string;
        for (let i = 0; ; i++) {
          const res = await world.http.get<Json>(`/api/rollouts/${id}`, { token: user.token });
          if ((res.body.rollout.steps[0].organizations as Json[]).every((o) => o.deployment_id)) break;
          if (i > 600) throw new Error('the step never made its deployments');
          await new Promise((r) => setTimeout(r, 50));
        }
        const aborted = await world.http.post<Json>(`/api/rollouts/${id}/abort`, {}, { token: user.token });
        expect([aborted.status, aborted.body.rollout?.status, aborted.text]).toEqual([
          200,
          'aborted',
          expect.any(String),
        ]);
        const orgs = aborted.body.rollout.steps[0].organizations as Json[];
        const skipped = orgs.filter((o) => o.state === 'skipped');
        expect(skipped.length).toBeGreaterThan(0);
        const settled = new Map<string, Json>();
        for (const o of orgs)
          settled.set(
            o.organization_id as string,
            await world.settled(user.token, o.deployment_id as string, 60_000),
          );
        const after = await applyCounts(ruleset.assetId);
        // Those not started at the answer: cancelled, nothing applied; the others at most once.
        for (const o of skipped) {
          expect(settled.get(o.organization_id)!.status).toBe('cancelled');
          expect(after[o.organization_id] - counts[o.organization_id]).toBe(0);
        }
        for (const o of orgs)
          expect(after[o.organization_id] - counts[o.organization_id]).toBeLessThanOrEqual(1);
        const applied = orgs.filter((o) => after[o.organization_id] > counts[o.organization_id]);
        for (const o of applied) expect(settled.get(o.organization_id)!.status).toBe('succeeded');
        const events = (await world.readRolloutStream(user.token, id)).events;
        expect(events.at(-1)).toMatchObject({ event: 'end' });
        expect(JSON.parse(events.at(-1)!.data)).toMatchObject({ status: 'aborted' });
      } finally {
        await world.control.setPlatformLatency(0);
      }
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
    it('finds an item removed and one replaced within an interval, tells the author once, and self-heal repairs it, leaving a pinned rollback alone', async () => {
      const ruleset = await world.newDeployableRuleset(user);
      const orgs = [tenant.teamIds[11], tenant.rootId];
      const results = (await deploy(ruleset.id, orgs, '1.0.0')).body.results as Json[];
      const ids: string[] = [];
      for (const r of results) {
        expect((await world.settled(user.token, r.deployment.id)).status).toBe('succeeded');
        ids.push(r.deployment.id);
      }
      const [removedIn, replacedIn] = orgs;
      const item = (await world.control.platformState()).organizations
        .find((o) => o.id === replacedIn)!
        .applied.find((a) => a.assetId === ruleset.assetId)!;
      await world.control.removeApplied(removedIn, ruleset.assetId);
      await world.control.restoreApplied(replacedIn, {
        ...item,
        version: '0.9.0',
        configuration: { mode: 'strict' },
      });
      // The pinned rollback's organization drifts too (its item removed): nothing re-applies it.
      await world.control.removeApplied(pinned.org, pinned.assetId);

      const drifted = async (id: string): Promise<Json> => {
        for (let i = 0; ; i++) {
          const res = await world.http.get<Json>(`/api/deployments/${id}`, { token: user.token });
          if (res.body.deployment.drifted) return res.body.deployment;
          // Within one interval (and the sweep's own time).
          if (i > (3 * DRIFT_INTERVAL_MS) / 100) throw new Error(`deployment ${id} not found drifted`);
          await new Promise((r) => setTimeout(r, 100));
        }
      };
      expect((await drifted(ids[0])).drift.differences).toEqual([
        { field: 'presence', expected: '1.0.0', actual: null },
      ]);
      expect((await drifted(ids[1])).drift.differences).toEqual([
        { field: 'version', expected: '1.0.0', actual: '0.9.0' },
        { field: 'configuration.mode', expected: null, actual: 'strict' },
      ]);
      // Told once per drift, however many sweeps saw it.
      await new Promise((r) => setTimeout(r, 2 * DRIFT_INTERVAL_MS));
      const inbox = await world.http.get<Json>('/api/me/notifications', { token: user.token });
      const told = (inbox.body.notifications as Json[]).filter((n) => n.kind === 'deployment_drifted');
      expect(told.map((n) => n.data.deploymentId).sort()).toEqual([...ids].sort());

      // Self-heal, opted into by the workspace: both are applied again and lose their drift.
      const settings = await world.http.put<Json>(
        `/api/workspaces/${workspaceId}/deployment-settings`,
        { selfHeal: true },
        { token: user.token },
      );
      expect(settings.body.settings).toEqual({ workspace_id: workspaceId, self_heal: true });
      for (let i = 0; ; i++) {
        const now = await running(ruleset.assetId);
        const clean = await Promise.all(
          ids.map(
            async (id) =>
              (await world.http.get<Json>(`/api/deployments/${id}`, { token: user.token })).body.deployment
                .drifted,
          ),
        );
        if (now[removedIn] === '1.0.0' && now[replacedIn] === '1.0.0' && clean.every((d) => d === false))
          break;
        if (i > 600) throw new Error(`not healed: ${JSON.stringify(now)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const state = await world.control.platformState();
      const healed = state.organizations
        .find((o) => o.id === replacedIn)!
        .applied.find((a) => a.assetId === ruleset.assetId)!;
      expect(healed.configuration).toEqual({});
      // The pinned rollback stays as it was left: nothing applied there again, no job on its deployment.
      expect((await running(pinned.assetId))[pinned.org]).toBeUndefined();
      expect(await count(`deployments.jobs WHERE deployment_id = '${pinned.deploymentId}'`)).toBe(2);
    });
  });
});
