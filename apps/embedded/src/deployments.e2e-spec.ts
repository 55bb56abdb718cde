import { randomBytes } from 'node:crypto';
import { CONNECTION_LIMITS, DEPLOYMENT_LIMITS, DeploymentsEvents } from '@pc/contracts';
import { cookieFrom } from '@pc/testing';
import { Client } from 'pg';
import { startSystem } from './system';
import { DeploymentsWorld, type Json, type Tenant, type TestUser } from './testing/deployments-e2e';

/** Builds of a repository holding this file take 30 s (cancelled long before): 'a build still running'. */
const SLOW = { 'slow-build': '' };
const BUILD_COMMAND = 'if [ -f slow-build ]; then sleep 30; fi';

/**
 * The deployments routes through the gateway over NATS, one system for the file: statuses, the
 * contract, the log stream (SSE over HTTP, replicas, limits, revocation), and the flows across services
 * (connections, workspaces, the catalog's and rulesets' deploy counts). The service's rules (limits,
 * dedupe, pins, the plan, roll-outs, drift) are tested in `apps/deployments/src/**` at the service level.
 */
describe('deployments through the gateway over NATS', () => {
  const world = new DeploymentsWorld();
  const kind = 'nats';
  let user: TestUser;
  let tenant: Tenant;
  let connectionId: string;
  let workspaceId: string;
  let policyId: string;

  beforeAll(async () => {
    await world.start(kind, {
      LOG_STREAM_HEARTBEAT_MS: '200',
      LOG_STREAMS_MAX_PER_USER: '2',
      DEPLOY_BUILD_COMMAND: BUILD_COMMAND,
      DEPLOY_WORKER_CONCURRENCY: '2',
      DEPLOY_MAX_ACTIVE_JOBS_PER_USER: '3',
    });
    ({ user, tenant, connectionId, workspaceId } = await world.deployer());
    policyId = (await world.newDeployablePolicy(user)).id;
  });

  afterAll(() => world.stop());

  /** Another gateway replica on the file's bus and database (the test closes it). */
  const gatewayReplica = (env: Record<string, string>) =>
    startSystem({ bus: world.bus, databaseUrl: world.db.url, gatewayPort: 0, gatewayOnly: true, env });

  const deploy = (body: Json, token = user.token, headers: Record<string, string> = {}) =>
    world.http.post<Json>(
      '/api/deployments',
      { policyId, connectionId, workspaceId, targetOrganizationIds: [tenant.paymentsId], ...body },
      { token, headers },
    );

  it('deploys to two organizations with publish and release, applies on the platform and records the versions', async () => {
    const res = await deploy({
      targetOrganizationIds: [tenant.paymentsId, tenant.cardsId],
      doPublish: true,
      doRelease: true,
    });
    expect(res.status).toBe(201);
    expect(res.body.results).toHaveLength(2);
    for (const r of res.body.results)
      expect(r).toMatchObject({ ok: true, error: null, deployment: { deduped: false } });
    const done = await Promise.all(
      res.body.results.map((r: Json) => world.settled(user.token, r.deployment.id)),
    );
    for (const d of done) {
      expect(d).toMatchObject({
        status: 'succeeded',
        version: '2.1.0',
        definition_asset_version: '2.1.0',
        implementation_asset_version: '2.1.0',
        home_doc_status: 'published',
        mode: 'release',
        error: null,
      });
      expect(d.commit_sha).toMatch(/^[0-9a-f]{40}$/);
    }
    const state = await world.control.platformState();
    for (const org of [tenant.paymentsId, tenant.cardsId]) {
      const applied = state.organizations.find((o) => o.id === org)!.applied;
      expect(applied).toEqual([expect.objectContaining({ version: '2.1.0', kind: 'policy' })]);
    }
    const versions = state.registry
      .filter((a) => a.groupId === tenant.rootId)
      .map((a) => `${a.assetId}@${a.version}`);
    // One release and one dev version per asset: the second target re-used what the first published.
    expect(versions.filter((v) => v.endsWith('@2.1.0'))).toHaveLength(2);
    expect(versions.filter((v) => /@2\.1\.0-dev\.\d{14}$/.test(v)).length).toBeGreaterThanOrEqual(2);
  });

  it('streams the log: replay with numbered ids, then an end event with the outcome', async () => {
    const res = await deploy({ doPublish: true, targetOrganizationIds: [tenant.rootId] });
    const id = res.body.results[0].deployment.id;
    const stream = await world.readStream(user.readToken, id);
    expect(stream.status).toBe(200);
    expect(stream.contentType).toMatch(/^text\/event-stream/);
    const logs = stream.events.filter((e) => e.event === 'log');
    const seqs = logs.map((e) => Number(e.id!.split(':')[1]));
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    const texts = logs.map((e) => (JSON.parse(e.data) as Json).text as string);
    expect(texts[0]).toMatch(/^Deploying /);
    expect(texts.some((t) => /^Resolved .* to commit [0-9a-f]{40}$/.test(t))).toBe(true);
    expect(texts.some((t) => /sha256 [0-9a-f]{64}$/.test(t))).toBe(true);
    expect(texts.some((t) => /^Applied /.test(t))).toBe(true);
    const end = stream.events[stream.events.length - 1];
    expect(end.event).toBe('end');
    expect(JSON.parse(end.data)).toMatchObject({ deployment_id: id, status: 'succeeded', error: null });

    // Resuming after the third event gives exactly the rest.
    const resumed = await world.readStream(user.readToken, id, { lastEventId: logs[2].id });
    const rest = resumed.events.filter((e) => e.event === 'log').map((e) => e.id);
    expect(rest).toEqual(logs.slice(3).map((e) => e.id));
    expect(resumed.events[resumed.events.length - 1].event).toBe('end');
  });

  it('answers 207 with per-target errors when some targets are not deployable', async () => {
    const res = await deploy({
      targetOrganizationIds: [tenant.paymentsId, tenant.archiveId, 'no-such-org'],
      ref: 'main',
    });
    expect(res.status).toBe(207);
    expect(res.body.results.map((r: Json) => r.ok)).toEqual([true, false, false]);
    expect(res.body.results[1]).toMatchObject({ organizationId: tenant.archiveId, deployment: null });
    expect(res.body.results[1].error).toMatch(/cannot deploy to this organization/);
    await world.settled(user.token, res.body.results[0].deployment.id);
  });

  it('deploys to an organization past the end of the eligible list (a tree of long names more than one reply holds); an unknown one is still refused', async () => {
    // 300 organizations with the longest paths the service reads: the eligible list holds some 240 (IDs of
    // 90 characters: the sandbox's routes take no longer path segment).
    const n = randomBytes(3).toString('hex');
    const id = (k: number) => `${n}-${k}-`.padEnd(90, 'i');
    const wide = {
      clientId: `wide-${n}`,
      clientSecret: `secret-${randomBytes(12).toString('hex')}`,
      rootId: id(0),
      paymentsId: id(1),
      cardsId: id(2),
      archiveId: id(3),
      teamIds: [],
    };
    await world.control.addTenant({
      clientId: wide.clientId,
      clientSecret: wide.clientSecret,
      organizations: [
        { id: wide.rootId, name: 'W' },
        ...Array.from({ length: 299 }, (_, k) => ({
          id: id(k + 1),
          name: `Team ${k + 1} `.padEnd(CONNECTION_LIMITS.orgPathMax - 4, 'n'),
          parentId: wide.rootId,
        })),
      ],
    });
    const { id: wideConnection } = await world.newConnection(user, wide);
    const listed = await world.http.get<Json>(
      `/api/policies/${policyId}/orgs?connectionId=${wideConnection}`,
      { token: user.token },
    );
    expect(listed.body.truncated).toBe(true);
    const past = id(299);
    expect(listed.body.orgs.map((o: Json) => o.id)).not.toContain(past);

    const toWide = { connectionId: wideConnection, ref: 'main', doPublish: true };
    const plan = await deploy({ ...toWide, targetOrganizationIds: [past, 'no-such-org'], dryRun: true });
    expect(plan.body.targets.map((t: Json) => [t.organizationId, t.action])).toEqual([
      [past, 'create'],
      ['no-such-org', 'error'],
    ]);
    const res = await deploy({ ...toWide, targetOrganizationIds: [past] });
    expect(res.status).toBe(201);
    expect(res.body.results[0]).toMatchObject({ ok: true, organizationId: past, error: null });
    expect(res.body.results[0].organizationName).toMatch(/^Team 299 n+$/);
    expect(await world.settled(user.token, res.body.results[0].deployment.id)).toMatchObject({
      error: null,
      status: 'succeeded',
      platform_org_id: past,
    });

    const unknown = await deploy({ ...toWide, targetOrganizationIds: ['no-such-org'] });
    expect(unknown.status).toBe(207);
    expect(unknown.body.results[0]).toMatchObject({ ok: false, deployment: null });
    expect(unknown.body.results[0].error).toMatch(/cannot deploy to this organization/);
    const rollout = await world.http.post<Json>(
      '/api/rollouts',
      { policyId, workspaceId, ...toWide, steps: [[past], ['no-such-org']] },
      { token: user.token },
    );
    expect(rollout.status).toBe(422);
    expect(rollout.body.code).toBe('DEPLOYMENTS.ROLLOUT_ORGANIZATIONS_UNREACHABLE');
    expect(rollout.body.details.map((d: Json) => d.message)).toEqual([
      expect.stringMatching(/^no-such-org: /),
    ]);
  });

  it.each([
    ['a version with a prefix', { version: 'v1.0.0' }],
    ['no targets', { targetOrganizationIds: [] }],
    [
      'too many targets',
      { targetOrganizationIds: Array.from({ length: DEPLOYMENT_LIMITS.targetsMax + 1 }, (_, i) => `o${i}`) },
    ],
    ['a policy id that is not a uuid', { policyId: 'nope' }],
    ['doPublish null', { doPublish: null }],
  ])('refuses %s with 400', async (_, body) => {
    const res = await deploy(body);
    expect(res.status).toBe(400);
  });

  it('answers 404 for a policy the caller cannot see and for a workspace they are not in', async () => {
    const other = await world.newUser();
    const hidden = await world.newDeployablePolicy(other);
    expect((await deploy({ policyId: hidden.id })).status).toBe(404);
    const otherWs = await world.newWorkspace(other);
    expect((await deploy({ workspaceId: otherWs })).status).toBe(404);
  });

  it("answers 422 for a connection that is neither the caller's nor shared into the workspace", async () => {
    const other = await world.newUser();
    const { id: theirs } = await world.newConnection(other);
    expect((await deploy({ connectionId: theirs })).status).toBe(422);
  });

  it('answers a retry with the Idempotency-Key header with the first answer; another body with the key is 422', async () => {
    const key = `key-${Date.now()}-${kind}`;
    const body = { targetOrganizationIds: [tenant.cardsId], version: '4.0.0', doPublish: true };
    const first = await deploy(body, user.token, { 'idempotency-key': key });
    const again = await deploy(body, user.token, { 'idempotency-key': key });
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body.results[0].deployment.id).toBe(first.body.results[0].deployment.id);
    const other = await deploy({ targetOrganizationIds: [tenant.rootId] }, user.token, {
      'idempotency-key': key,
    });
    expect(other.status).toBe(422);
    await world.settled(user.token, first.body.results[0].deployment.id);
  });

  it('records a failed deployment with its reason; only failed ones can be deleted (409 otherwise)', async () => {
    const bad = await world.newDeployablePolicy(user, {
      broken: { 'Cargo.toml': '[package]\nname = "x"\nversion = "one"\n' },
    });
    const res = await deploy({ policyId: bad.id, ref: 'broken' });
    const failed = await world.settled(user.token, res.body.results[0].deployment.id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/not MAJOR\.MINOR\.PATCH/);

    const ok = await deploy({ ref: 'main', version: '5.0.0', doRelease: true });
    const succeeded = await world.settled(user.token, ok.body.results[0].deployment.id);
    expect(
      (await world.http.delete<Json>(`/api/deployments/${succeeded.id}`, { token: user.token })).status,
    ).toBe(409);
    const stranger = await world.newUser();
    expect(
      (await world.http.delete<Json>(`/api/deployments/${failed.id}`, { token: stranger.token })).status,
    ).toBe(404);
    const del = await world.http.delete<Json>(`/api/deployments/${failed.id}`, { token: user.token });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ deletedDeploymentId: failed.id });
    expect((await world.http.get(`/api/deployments/${failed.id}`, { token: user.token })).status).toBe(404);
  });

  it('deletes all failed deployments of one policy', async () => {
    const bad = await world.newDeployablePolicy(user, {
      broken: { 'Cargo.toml': '[package]\nname = "x"\n' },
    });
    const res = await deploy({
      policyId: bad.id,
      ref: 'broken',
      targetOrganizationIds: [tenant.paymentsId, tenant.cardsId],
    });
    for (const r of res.body.results) await world.settled(user.token, r.deployment.id);
    const del = await world.http.post<Json>(
      '/api/deployments/delete-failed',
      { policyId: bad.id },
      { token: user.token },
    );
    expect(del.status).toBe(200);
    expect(del.body.deletedCount).toBe(2);
    expect(del.body.deletedDeploymentIds.sort()).toEqual(
      res.body.results.map((r: Json) => r.deployment.id).sort(),
    );
    expect(
      (await world.http.post('/api/deployments/delete-failed', { policyId: 'x' }, { token: user.token }))
        .status,
    ).toBe(400);
  });

  it('syncs: in_sync while applied; deleted and removed after the policy is removed out of band', async () => {
    const res = await deploy({ doRelease: true, version: '6.0.0', targetOrganizationIds: [tenant.cardsId] });
    const d = await world.settled(user.token, res.body.results[0].deployment.id);
    const sync = () => world.http.post<Json>(`/api/deployments/${d.id}/sync`, {}, { token: user.token });
    expect((await sync()).body).toEqual({ ok: true, result: 'in_sync', status: 'succeeded' });
    const state = await world.control.platformState();
    const applied = state.organizations.find((o) => o.id === tenant.cardsId)!.applied[0];
    await world.control.removeApplied(tenant.cardsId, applied.assetId);
    expect((await sync()).body).toEqual({ ok: true, result: 'deleted', status: 'removed' });
    const read = await world.http.get<Json>(`/api/deployments/${d.id}`, { token: user.token });
    expect(read.body.deployment.status).toBe('removed');
    // Applied again (out of band, as it was removed): the next sync makes it succeeded once more.
    await world.control.restoreApplied(tenant.cardsId, applied);
    expect((await sync()).body).toEqual({ ok: true, result: 'in_sync', status: 'succeeded' });
  });

  it('lists with a cursor, reads one, its history, and probes the dev version', async () => {
    const first = await world.http.get<Json>('/api/deployments?limit=2', { token: user.readToken });
    expect(first.status).toBe(200);
    expect(first.body.deployments).toHaveLength(2);
    expect(first.body.pagination).toMatchObject({ limit: 2, has_more: true });
    const second = await world.http.get<Json>(
      `/api/deployments?limit=2&cursor=${first.body.pagination.next_cursor}`,
      {
        token: user.readToken,
      },
    );
    const ids = [...first.body.deployments, ...second.body.deployments].map((d: Json) => d.id);
    expect(new Set(ids).size).toBe(4);
    expect((await world.http.get('/api/deployments?cursor=bogus', { token: user.token })).status).toBe(400);
    expect(
      (await world.http.get('/api/deployments?assetType=ruleset', { token: user.token })).body,
    ).toMatchObject({
      deployments: [],
    });
    const id = first.body.deployments[0].id;
    const history = await world.http.get<Json>(`/api/deployments/${id}/history`, { token: user.readToken });
    expect(history.status).toBe(200);
    expect(history.body.job).toMatchObject({ deployment_id: id, kind: 'deploy' });
    expect(history.body.logs.length).toBeGreaterThan(0);
    const dev = await world.http.get<Json>(`/api/deployments/${id}/dev-version`, { token: user.readToken });
    expect(dev.status).toBe(200);
    expect(Object.keys(dev.body)).toEqual(['dev_version_exists']);
    const stranger = await world.newUser();
    expect((await world.http.get(`/api/deployments/${id}`, { token: stranger.token })).status).toBe(404);
    expect((await world.http.get(`/api/deployments/${id}/logs`, { token: stranger.token })).status).toBe(404);
  });

  it('unpublishes: a job that removes the policy and the dev versions; the dev-version probe then says false', async () => {
    const res = await deploy({ doPublish: true, version: '7.0.0', targetOrganizationIds: [tenant.rootId] });
    const d = await world.settled(user.token, res.body.results[0].deployment.id);
    expect(
      (await world.http.get<Json>(`/api/deployments/${d.id}/dev-version`, { token: user.token })).body,
    ).toEqual({
      dev_version_exists: true,
    });
    const un = await world.http.post<Json>(`/api/deployments/${d.id}/unpublish`, {}, { token: user.token });
    expect(un.status).toBe(201);
    expect(un.body.job).toMatchObject({ kind: 'unpublish', deployment_id: d.id });
    const stream = await world.readStream(user.token, d.id);
    expect(JSON.parse(stream.events[stream.events.length - 1].data)).toMatchObject({ status: 'succeeded' });
    expect(
      (await world.http.get<Json>(`/api/deployments/${d.id}/dev-version`, { token: user.token })).body,
    ).toEqual({
      dev_version_exists: false,
    });
    // Nothing was released: delete-release has nothing to do.
    const dr = await world.http.post<Json>(
      `/api/deployments/${d.id}/delete-release`,
      {},
      { token: user.token },
    );
    expect(dr.status).toBe(201);
    expect(dr.body).toEqual({ job: null });
  });

  it('cancel answers ok false when nothing is in flight', async () => {
    const res = await deploy({ version: '8.0.0', doRelease: true });
    const d = await world.settled(user.token, res.body.results[0].deployment.id);
    const cancel = await world.http.post<Json>(`/api/deployments/${d.id}/cancel`, {}, { token: user.token });
    expect(cancel.status).toBe(200);
    expect(cancel.body).toEqual({ ok: false });
  });

  describe('ruleset deployments', () => {
    let rulesetId: string;
    let assetId: string;
    const deployRuleset = (body: Json) =>
      world.deployRuleset({ user, tenant, connectionId, workspaceId }, rulesetId, body);

    beforeAll(async () => {
      ({ id: rulesetId, assetId } = await world.newDeployableRuleset(user));
    });

    it('publishes one governance-ruleset asset, applies it as a ruleset to each target, and counts the deploys', async () => {
      const res = await deployRuleset({
        targetOrganizationIds: [tenant.paymentsId, tenant.cardsId],
        ref: 'v1.4.0',
        doPublish: true,
        doRelease: true,
      });
      expect(res.status).toBe(201);
      const done = await Promise.all(
        res.body.results.map((r: Json) => world.settled(user.token, r.deployment.id)),
      );
      for (const d of done) {
        expect(d).toMatchObject({
          asset_type: 'ruleset',
          ruleset_id: rulesetId,
          policy_id: null,
          status: 'succeeded',
          version: '1.4.0',
          definition_asset_version: '1.4.0',
          implementation_asset_version: null,
          home_doc_status: 'published',
          governance_profile: {
            profile_name: 'Payments API Rules',
            rule_counts: { violation: 1, warning: 1, info: 0 },
          },
          governance_profile_result: {
            asset_id: assetId,
            classifier: 'governance-ruleset',
            version: '1.4.0',
            profile_path: 'ruleset.yaml',
            files: ['ruleset.yaml', 'registry.json', 'icon.svg'],
          },
        });
      }
      const state = await world.control.platformState();
      for (const org of [tenant.paymentsId, tenant.cardsId])
        expect(state.organizations.find((o) => o.id === org)!.applied).toEqual(
          expect.arrayContaining([expect.objectContaining({ kind: 'ruleset', assetId, version: '1.4.0' })]),
        );
      const assets = state.registry.filter((a) => a.groupId === tenant.rootId && a.assetId === assetId);
      // One release; one dev version per distinct job creation second (the two targets usually share it).
      expect(assets.filter((a) => a.version === '1.4.0')).toHaveLength(1);
      expect(assets.filter((a) => /^1\.4\.0-dev\.\d{14}$/.test(a.version)).length).toBeGreaterThanOrEqual(1);
      expect(new Set(assets.map((a) => (a as Json).classifier))).toEqual(new Set(['governance-ruleset']));

      // The rulesets service counts each success once, from the durable event.
      let deploys = 0;
      for (let i = 0; i < 100 && deploys < 2; i++) {
        const got = await world.http.get<Json>(`/api/rulesets/${rulesetId}`, { token: user.token });
        deploys = got.body.ruleset.deploys as number;
        if (deploys < 2) await new Promise((r) => setTimeout(r, 100));
      }
      expect(deploys).toBe(2);
    });

    it('lists by rulesetId and assetType, shows history, syncs and unpublishes a ruleset deployment', async () => {
      const byRuleset = await world.http.get<Json>(`/api/deployments?rulesetId=${rulesetId}`, {
        token: user.readToken,
      });
      expect(byRuleset.status).toBe(200);
      expect(byRuleset.body.deployments).toHaveLength(2);
      const rulesets = await world.http.get<Json>('/api/deployments?assetType=ruleset', {
        token: user.token,
      });
      expect(rulesets.body.deployments.map((d: Json) => d.asset_type)).toEqual(['ruleset', 'ruleset']);
      const policies = await world.http.get<Json>('/api/deployments?assetType=policy', { token: user.token });
      expect(policies.body.deployments.every((d: Json) => d.asset_type === 'policy')).toBe(true);

      const d = byRuleset.body.deployments.find((x: Json) => x.platform_org_id === tenant.cardsId);
      const history = await world.http.get<Json>(`/api/deployments/${d.id}/history`, { token: user.token });
      const texts = history.body.logs.map((l: Json) => l.text as string);
      expect(texts[0]).toMatch(/^Deploying ruleset /);
      expect(texts).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^Version 1\.4\.0 \(from the tag v1\.4\.0\)$/),
          expect.stringMatching(/^Packaged ruleset\.yaml \(sha256 [0-9a-f]{64}\)/),
          expect.stringMatching(/^Applied ruleset /),
        ]),
      );

      const sync = () => world.http.post<Json>(`/api/deployments/${d.id}/sync`, {}, { token: user.token });
      expect((await sync()).body).toEqual({ ok: true, result: 'in_sync', status: 'succeeded' });
      const un = await world.http.post<Json>(`/api/deployments/${d.id}/unpublish`, {}, { token: user.token });
      expect(un.status).toBe(201);
      expect(un.body.job).toMatchObject({ kind: 'unpublish', deployment_id: d.id });
      const stream = await world.readStream(user.token, d.id);
      expect(JSON.parse(stream.events[stream.events.length - 1].data)).toMatchObject({ status: 'succeeded' });
      const cards = (await world.control.platformState()).organizations.find((o) => o.id === tenant.cardsId)!;
      expect(cards.applied.filter((a) => a.assetId === assetId)).toEqual([]);
      expect((await sync()).body).toEqual({ ok: true, result: 'unknown', status: 'succeeded' });
      expect(
        (await world.http.get<Json>(`/api/deployments/${d.id}/dev-version`, { token: user.token })).body,
      ).toEqual({ dev_version_exists: false });
    });

    it('fails a ruleset deployment with no version to derive, with the reason', async () => {
      const res = await deployRuleset({ ref: 'main', doPublish: true });
      const failed = await world.settled(user.token, res.body.results[0].deployment.id);
      expect(failed.status).toBe('failed');
      expect(failed.error).toMatch(/^No version: registry\.json has none/);
    });

    it('refuses a rulesetId that is not a uuid (400)', async () => {
      expect((await deployRuleset({ rulesetId: 'nope' })).status).toBe(400);
    });
  });

  describe('as the connections and workspaces services see them', () => {
    it('feeds connection sync, connection impact, workspace detail and member impact', async () => {
      const d = await world.deployer();
      const { user, tenant, connectionId, workspaceId } = d;
      await world.share(workspaceId, user, connectionId);
      const { id: policyId } = await world.newDeployablePolicy(user);
      const res = await world.deployPolicy(d, policyId, {
        targetOrganizationIds: [tenant.paymentsId, tenant.cardsId],
        doRelease: true,
      });
      const [a, b] = await Promise.all(
        res.body.results.map((r: Json) => world.settled(user.token, r.deployment.id)),
      );
      expect([a.status, b.status]).toEqual(['succeeded', 'succeeded']);

      const impact = await world.http.get<Json>(`/api/connections/${connectionId}/impact`, {
        token: user.token,
      });
      expect(impact.body).toMatchObject({ active_deployments: 2, historical_deployments: 0 });

      const detail = await world.http.get<Json>(`/api/workspaces/${workspaceId}`, { token: user.token });
      expect(detail.status).toBe(200);
      expect(detail.body.workspace.connectionStats[connectionId]).toEqual({
        deployments: 2,
        target_orgs: 2,
        live_policies: 1,
        ruleset_deployments: 0,
        ruleset_target_orgs: 0,
        live_rulesets: 0,
      });
      expect(detail.body.workspace.installedPolicies).toEqual([
        expect.objectContaining({ id: policyId, deploys_in_workspace: 2 }),
      ]);
      const member = await world.http.get<Json>(`/api/workspaces/${workspaceId}/members/${user.id}/impact`, {
        token: user.token,
      });
      expect(member.body.deployments_authored).toBe(2);

      const state = await world.control.platformState();
      const applied = state.organizations.find((o) => o.id === tenant.cardsId)!.applied[0];
      await world.control.removeApplied(tenant.cardsId, applied.assetId);
      const sync = await world.http.post<Json>(
        `/api/connections/${connectionId}/sync`,
        {},
        { token: user.token },
      );
      expect(sync.status).toBe(200);
      expect(sync.body.reconciliation).toEqual({
        in_sync: 1,
        unknown: 0,
        gone: [
          {
            deployment_id: b.platform_org_id === tenant.cardsId ? b.id : a.id,
            policy_name: a.asset_name,
            version: '2.1.0',
            status: 'published',
            mode: 'release',
          },
        ],
      });
    });

    it("fills installed policies and rulesets with the catalog's fields and counts deploys once per success", async () => {
      const { user, tenant, connectionId, workspaceId } = await world.deployer();
      await world.share(workspaceId, user, connectionId);
      const { id: policyId } = await world.newDeployablePolicy(user);
      const { id: rulesetId } = await world.newDeployableRuleset(user, { registryVersion: '0.3.0' });
      const base = { connectionId, workspaceId, targetOrganizationIds: [tenant.paymentsId], doRelease: true };
      const policyRes = await world.http.post<Json>(
        '/api/deployments',
        { ...base, policyId },
        { token: user.token },
      );
      const rulesetRes = await world.http.post<Json>(
        '/api/deployments',
        {
          ...base,
          assetType: 'ruleset',
          rulesetId,
          targetOrganizationIds: [tenant.paymentsId, tenant.cardsId],
        },
        { token: user.token },
      );
      for (const r of [...policyRes.body.results, ...rulesetRes.body.results])
        expect((await world.settled(user.token, r.deployment.id)).status).toBe('succeeded');

      const { policy } = (await world.http.get<Json>(`/api/policies/${policyId}`, { token: user.token }))
        .body;
      const { ruleset } = (await world.http.get<Json>(`/api/rulesets/${rulesetId}`, { token: user.token }))
        .body;
      const detail = await world.http.get<Json>(`/api/workspaces/${workspaceId}`, { token: user.token });
      expect(detail.body.workspace.installedPolicies).toEqual([
        expect.objectContaining({
          id: policyId,
          name: policy.name,
          category: policy.category,
          pdk_version: policy.kit_version,
          owner_name: policy.owner_name,
          submitted_by: user.id,
          icon_url: policy.icon_url,
          deploys_in_workspace: 1,
        }),
      ]);
      expect(policy.kit_version).toBe('1.4.0');
      expect(detail.body.workspace.installedRulesets).toEqual([
        expect.objectContaining({
          id: rulesetId,
          name: ruleset.name,
          category: ruleset.category,
          target_scopes: ruleset.target_scopes,
          owner_name: ruleset.owner_name,
          submitted_by: user.id,
          deploys_in_workspace: 2,
        }),
      ]);
      expect(detail.body.workspace.connectionStats[connectionId]).toMatchObject({
        ruleset_deployments: 2,
        ruleset_target_orgs: 2,
        live_rulesets: 1,
      });

      // Deploy counts arrive through the durable events: one per success, each event counted once.
      const counts = async () => [
        (await world.http.get<Json>(`/api/policies/${policyId}`, { token: user.token })).body.policy.deploys,
        (await world.http.get<Json>(`/api/rulesets/${rulesetId}`, { token: user.token })).body.ruleset
          .deploys,
      ];
      let seen = await counts();
      for (let i = 0; i < 100 && (seen[0] !== 1 || seen[1] !== 2); i++) {
        await new Promise((r) => setTimeout(r, 100));
        seen = await counts();
      }
      expect(seen).toEqual([1, 2]);
      await new Promise((r) => setTimeout(r, 300));
      expect(await counts()).toEqual([1, 2]);
    });

    it('counts no deploy for a self-heal: the item is applied again, its history and its log say it was a self-heal, the drift is gone, its deploys stay', async () => {
      const d = await world.deployer();
      const { user, tenant, workspaceId } = d;
      const { id: rulesetId, assetId } = await world.newDeployableRuleset(user, { registryVersion: '0.4.0' });
      const deployed = async (org: string) => {
        const res = await world.deployRuleset(d, rulesetId, {
          targetOrganizationIds: [org],
          doRelease: true,
        });
        expect(res.status).toBe(201);
        const id = res.body.results[0].deployment.id as string;
        expect((await world.settled(user.token, id)).status).toBe('succeeded');
        return id;
      };
      /**
       * The ruleset's deploys once the rulesets service counted the success of `deploymentId` (its first:
       * the outbox relays in order, so every event written before it was handled by then).
       */
      const deploysOnceCounted = async (deploymentId: string) => {
        const pg = new Client({ connectionString: world.db.url });
        await pg.connect();
        try {
          // Up to 40 s: the outbox relay, the bus and the rulesets service's subscriber share two cores with
          // the rest of the suite (20 s was once too few in a full run, where the file took 132 s).
          for (const deadline = Date.now() + 40_000; ;) {
            const { rows } = await pg.query(
              `SELECT 1 FROM rulesets.counted_deploy_events WHERE event_id = (
                 SELECT id FROM deployments.outbox WHERE pattern = $1 AND payload->>'deployment_id' = $2
                  ORDER BY created_at LIMIT 1)`,
              [DeploymentsEvents.deploymentSucceeded.pattern, deploymentId],
            );
            if (rows.length > 0) break;
            if (Date.now() > deadline) throw new Error(`the success of ${deploymentId} was not counted`);
            await new Promise((r) => setTimeout(r, 100));
          }
        } finally {
          await pg.end();
        }
        await new Promise((r) => setTimeout(r, 300));
        return (await world.http.get<Json>(`/api/rulesets/${rulesetId}`, { token: user.token })).body.ruleset
          .deploys as number;
      };
      const id = await deployed(tenant.paymentsId);
      expect(await deploysOnceCounted(id)).toBe(1);

      // The workspace heals drift; the ruleset is removed from Payments behind the service's back.
      const settings = await world.http.put<Json>(
        `/api/workspaces/${workspaceId}/deployment-settings`,
        { selfHeal: true },
        { token: user.token },
      );
      expect(settings.status).toBe(200);
      await world.control.removeApplied(tenant.paymentsId, assetId);
      const refresh = await world.http.post<Json>(
        `/api/deployments/${id}/refresh`,
        {},
        { token: user.token },
      );
      expect(refresh.body).toMatchObject({ outcome: 'healing' });
      let history: Json = {};
      for (let i = 0; ; i++) {
        history = (await world.http.get<Json>(`/api/deployments/${id}/history`, { token: user.token })).body;
        if (history.jobs.length === 2 && history.job.status === 'succeeded') break;
        if (i > 300) throw new Error(`the heal of ${id} has not succeeded: ${JSON.stringify(history.job)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      // What a user sees of the heal: its job in the history (newest first), told from the deployment's
      // own by `self_heal` and by its log's first line, the item applied again, the drift gone.
      expect(history.jobs).toEqual([
        expect.objectContaining({ kind: 'deploy', self_heal: true, status: 'succeeded' }),
        expect.objectContaining({ kind: 'deploy', self_heal: false, status: 'succeeded' }),
      ]);
      expect(history.job).toMatchObject({ id: history.jobs[0].id, self_heal: true });
      const healed = await world.http.get<Json>(`/api/deployments/${id}`, { token: user.token });
      expect(healed.body.deployment).toMatchObject({ status: 'succeeded', version: '0.4.0', drifted: false });
      expect((history.logs as Json[])[0]).toMatchObject({
        job_id: history.jobs[0].id,
        text:
          'Self-heal after drift (removed from the organization): re-applying ruleset ' +
          `${healed.body.deployment.asset_name} to organization ${tenant.paymentsId} (release), ` +
          'not reviewed: a dev build of its source ref',
      });
      const state = await world.control.platformState();
      expect(state.organizations.find((o) => o.id === tenant.paymentsId)!.applied).toEqual(
        expect.arrayContaining([expect.objectContaining({ kind: 'ruleset', assetId, version: '0.4.0' })]),
      );

      // Not another deploy of the ruleset: a real one to Cards counts, the heal before it did not.
      expect(await deploysOnceCounted(await deployed(tenant.cardsId))).toBe(2);
    }, 150_000);
  });

  describe('cancelling deployments (a build that takes 30 s)', () => {
    it('streams a running job live from another gateway replica, with heartbeats, until it ends', async () => {
      const replica = await gatewayReplica({ LOG_STREAM_HEARTBEAT_MS: '200' });
      try {
        const d = await world.deployer();
        const { user } = d;
        const { id: policyId } = await world.newDeployablePolicy(user, {}, SLOW);
        const id = await world.deployedPolicy(d, policyId, { version: '9.9.9', doPublish: true });
        const streaming = world.readStream(user.token, id, { baseUrl: replica.url });
        for (let i = 0; i < 200; i++) {
          const h = await world.http.get<Json>(`/api/deployments/${id}/history`, { token: user.token });
          if (h.body.job?.step === 'build') break;
          await new Promise((r) => setTimeout(r, 50));
        }
        await new Promise((r) => setTimeout(r, 700));
        await world.http.post(`/api/deployments/${id}/cancel`, {}, { token: user.token });
        const stream = await streaming;
        const texts = stream.events
          .filter((e) => e.event === 'log')
          .map((e) => (JSON.parse(e.data) as Json).text);
        expect(texts).toEqual(expect.arrayContaining([`Building: ${BUILD_COMMAND}`, 'Cancelled']));
        expect(stream.comments).toBeGreaterThan(0);
        expect(JSON.parse(stream.events[stream.events.length - 1].data)).toMatchObject({
          status: 'cancelled',
        });
      } finally {
        await replica.close();
      }
    });

    it('cancels a queued job at once and stops running ones in their build', async () => {
      const d = await world.deployer();
      const { user, tenant } = d;
      const { id: policyId } = await world.newDeployablePolicy(user, {}, SLOW);
      const deploy = (version: string) => world.deployedPolicy(d, policyId, { version, doPublish: true });
      const step = async (id: string) =>
        (await world.http.get<Json>(`/api/deployments/${id}/history`, { token: user.token })).body.job;
      const a = await deploy('1.0.1');
      const b = await deploy('1.0.2');
      for (let i = 0; i < 200 && ((await step(a)).step !== 'build' || (await step(b)).step !== 'build'); i++)
        await new Promise((r) => setTimeout(r, 50));
      // Both worker slots are in a build: the third waits in the queue.
      const c = await deploy('1.0.3');
      const cancel = (id: string) =>
        world.http.post<Json>(`/api/deployments/${id}/cancel`, {}, { token: user.token });
      expect((await cancel(c)).body).toEqual({ ok: true });
      expect(
        (await world.http.get<Json>(`/api/deployments/${c}`, { token: user.token })).body.deployment.status,
      ).toBe('cancelled');

      const started = Date.now();
      expect((await cancel(a)).body).toEqual({ ok: true });
      const stream = await world.readStream(user.token, a);
      expect(Date.now() - started).toBeLessThan(10_000);
      const end = stream.events[stream.events.length - 1];
      expect(JSON.parse(end.data)).toMatchObject({ status: 'cancelled' });
      expect((await world.settled(user.token, a)).status).toBe('cancelled');
      expect((await cancel(b)).body).toEqual({ ok: true });
      expect((await world.settled(user.token, b)).status).toBe('cancelled');
      // Nothing was published for the cancelled builds.
      const registry = (await world.control.platformState()).registry.filter(
        (r) => r.groupId === tenant.rootId,
      );
      expect(registry).toEqual([]);
    });
  });

  it('answers 429 with Retry-After past the deployments in flight per user (DEPLOY_MAX_ACTIVE_JOBS_PER_USER), creating nothing', async () => {
    const d = await world.deployer();
    const { id: policyId } = await world.newDeployablePolicy(d.user, {}, SLOW);
    const deployTo = (org: string, version = '1.0.0') =>
      world.deployPolicy(d, policyId, { targetOrganizationIds: [org], doPublish: true, version });
    const ids: string[] = [];
    for (const org of [d.tenant.paymentsId, d.tenant.cardsId, d.tenant.rootId]) {
      const res = await deployTo(org);
      expect(res.status).toBe(201);
      ids.push(res.body.results[0].deployment.id as string);
    }
    // A fourth (another version: not the same deployment) is one too many.
    const refused = await deployTo(d.tenant.paymentsId, '1.0.1');
    expect([refused.status, refused.body.code]).toEqual([429, 'RATE_LIMITED']);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    for (const id of ids) {
      await world.http.post(`/api/deployments/${id}/cancel`, {}, { token: d.user.token });
      await world.settled(d.user.token, id, 30_000);
    }
  });

  describe('log stream limits and revocation (a build that takes 30 s)', () => {
    const REVOCATIONS = 20;

    /** A user with a session (to mint and revoke tokens) and a deployment whose build runs. */
    async function running() {
      const d = await world.deployer();
      const { id: policyId } = await world.newDeployablePolicy(d.user, {}, SLOW);
      const login = await world.http.post<Json>('/api/auth/login', {
        email: d.user.email,
        password: 'password123',
      });
      const cookie = cookieFrom(login, 'sb-access-token')!;
      const id = await world.deployedPolicy(d, policyId, { version: '3.0.0', doPublish: true });
      const stop = async () => {
        await world.http.post(`/api/deployments/${id}/cancel`, {}, { token: d.user.token });
        await world.settled(d.user.token, id, 30_000);
      };
      return { ...d, cookie, id, stop };
    }

    /** Opens the log stream (resolves once the gateway has answered its headers) and reads it to its end. */
    async function open(credential: { token?: string; cookie?: string }, id: string, baseUrl?: string) {
      const headers: Record<string, string> = { accept: 'text/event-stream' };
      if (credential.token) headers.authorization = `Bearer ${credential.token}`;
      if (credential.cookie) headers.cookie = credential.cookie;
      const response = await fetch(new URL(`/api/deployments/${id}/logs`, baseUrl ?? world.http.baseUrl), {
        headers,
      });
      const ended = (async () => {
        let text = '';
        if (response.body) {
          const decoder = new TextDecoder();
          for await (const chunk of response.body)
            text += decoder.decode(chunk as Uint8Array, { stream: true });
        }
        return { text, at: Date.now() };
      })();
      return { response, ended };
    }

    const lastEvent = (text: string) => {
      const blocks = text.split('\n\n').filter((b) => b.startsWith('event: ') || b.startsWith('id: '));
      const block = blocks[blocks.length - 1] ?? '';
      const field = (name: string) =>
        block
          .split('\n')
          .find((l) => l.startsWith(`${name}: `))
          ?.slice(name.length + 2);
      return { event: field('event'), data: JSON.parse(field('data') ?? 'null') as Json };
    };

    it('refuses a third open stream of one user with 429 and Retry-After, and admits one again when a stream ends', async () => {
      const r = await running();
      const first = await open({ token: r.user.token }, r.id);
      const second = await open({ token: r.user.token }, r.id);
      expect([first.response.status, second.response.status]).toEqual([200, 200]);
      const third = await open({ token: r.user.token }, r.id);
      expect(third.response.status).toBe(429);
      expect(Number(third.response.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((JSON.parse((await third.ended).text) as Json).code).toBe('RATE_LIMITED');

      await r.stop();
      expect(lastEvent((await first.ended).text)).toMatchObject({ event: 'end' });
      await second.ended;
      const again = await open({ token: r.user.token }, r.id);
      expect(again.response.status).toBe(200);
      await again.ended;
    });

    it('ends an open stream on another replica when its token is revoked (closed: credentials_revoked), at the broadcast', async () => {
      const r = await running();
      // The stream is served by a second gateway: only the revocation broadcast over NATS can end it.
      const replica = await gatewayReplica({ LOG_STREAM_HEARTBEAT_MS: '200' });
      const delays: number[] = [];
      try {
        for (let i = 0; i < REVOCATIONS; i++) {
          const created = await world.http.post<Json>(
            '/api/tokens',
            { name: `stream-${i}`, scopes: ['api:read'] },
            { cookie: r.cookie },
          );
          const stream = await open({ token: created.body.token as string }, r.id, replica.url);
          expect(stream.response.status).toBe(200);
          const sentAt = Date.now();
          const revoked = await world.http.delete(`/api/tokens/${created.body.record.id as string}`, {
            cookie: r.cookie,
          });
          expect(revoked.status).toBe(200);
          const { text, at } = await stream.ended;
          expect(lastEvent(text)).toEqual({ event: 'closed', data: { reason: 'credentials_revoked' } });
          delays.push(at - sentAt);
        }
      } finally {
        await replica.close();
      }
      delays.sort((a, b) => a - b);
      // Reported, not asserted as a speed budget (docs/testing.md: timings belong in bench/).
      process.stdout.write(
        `stream end after DELETE /api/tokens/{id} was sent, other replica, ${REVOCATIONS} runs: ` +
          `p50 ${delays[Math.floor(REVOCATIONS / 2)]} ms, p99 ${delays[Math.ceil(REVOCATIONS * 0.99) - 1]} ms\n`,
      );
      await r.stop();
    });

    it('counts open streams over every gateway replica: the third of a user is refused on another replica', async () => {
      const r = await running();
      const replica = await gatewayReplica({ LOG_STREAMS_MAX_PER_USER: '2' });
      try {
        const here = [await open({ token: r.user.token }, r.id), await open({ token: r.user.token }, r.id)];
        expect(here.map((s) => s.response.status)).toEqual([200, 200]);
        const there = await open({ token: r.user.token }, r.id, replica.url);
        expect(there.response.status).toBe(429);
        expect(Number(there.response.headers.get('retry-after'))).toBeGreaterThan(0);
        await there.ended;
        await r.stop();
        await Promise.all(here.map((s) => s.ended));
        // The leases are given back when the streams end: the replica admits the user again.
        const again = await open({ token: r.user.token }, r.id, replica.url);
        expect(again.response.status).toBe(200);
        await again.ended;
      } finally {
        await replica.close();
      }
    });

    it('ends an open stream when its token reaches its expiry (closed: credentials_expired)', async () => {
      const r = await running();
      const created = await world.http.post<Json>(
        '/api/tokens',
        { name: 'expiring', scopes: ['api:read'], expiresInDays: 30 },
        { cookie: r.cookie },
      );
      // The shortest expiry a user can choose is 30 days: the test moves this token's to 2 s from now.
      const pg = new Client({ connectionString: world.db.url });
      await pg.connect();
      try {
        await pg.query(
          `UPDATE identity.access_tokens SET expires_at = now() + interval '2 seconds' WHERE id = $1`,
          [created.body.record.id],
        );
      } finally {
        await pg.end();
      }
      const stream = await open({ token: created.body.token as string }, r.id);
      expect(stream.response.status).toBe(200);
      expect(lastEvent((await stream.ended).text)).toEqual({
        event: 'closed',
        data: { reason: 'credentials_expired' },
      });
      // The build goes on: the stream ended for its credential, not for the job.
      const during = await world.http.get<Json>(`/api/deployments/${r.id}`, { token: r.user.token });
      expect(['queued', 'running']).toContain(during.body.deployment.status);
      await r.stop();
    });

    it('ends an open stream when its session signs out', async () => {
      const r = await running();
      const stream = await open({ cookie: r.cookie }, r.id);
      expect(stream.response.status).toBe(200);
      const out = await world.http.post('/api/auth/logout', {}, { cookie: r.cookie });
      expect(out.status).toBeLessThan(300);
      expect(lastEvent((await stream.ended).text)).toEqual({
        event: 'closed',
        data: { reason: 'credentials_revoked' },
      });
      await r.stop();
    });
  });
});
