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
});
