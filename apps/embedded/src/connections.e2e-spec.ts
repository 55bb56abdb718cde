import { E2E_BUSES } from '@pc/testing';
import { CONNECTION_LIMITS } from '@pc/contracts';
import { type Json, type TestUser } from './testing/connections-e2e';
import { DeploymentsWorld } from './testing/deployments-e2e';

/** A port on the allowlisted loopback where nothing listens: the platform is unreachable there. */
const CLOSED = '127.0.0.1:9';

describe.each(E2E_BUSES)('connections through the gateway over the %s bus', (kind) => {
  const world = new DeploymentsWorld();
  let http: DeploymentsWorld['http'];
  let owner: TestUser;

  beforeAll(async () => {
    await world.start(kind, {});
    http = world.http;
    owner = await world.newUser();
  });

  afterAll(() => world.stop());

  describe('create and validate', () => {
    it('stores a connection checked against the platform, and never returns the secret', async () => {
      const tenant = await world.newTenant();
      const res = await http.post<Json>(
        '/api/connections',
        { name: 'Production', ...world.credentials(tenant, tenant.paymentsId) },
        { token: owner.token },
      );
      expect(res.status).toBe(200);
      expect(res.body.validation).toMatchObject({ ok: true, error: null, code: null });
      expect(res.body.connection).toMatchObject({
        name: 'Production',
        host: 'us',
        client_id: tenant.clientId,
        organization_id: tenant.paymentsId,
        owner_id: owner.id,
        custom_domain: null,
        validation_error: null,
      });
      expect(res.text).not.toContain(tenant.clientSecret);
      const list = await http.get<Json>('/api/connections', { token: owner.readToken });
      expect(list.body.connections.map((c: Json) => c.id)).toContain(res.body.connection.id);
      expect(list.text).not.toContain(tenant.clientSecret);
      const detail = await http.get<Json>(`/api/connections/${res.body.connection.id}`, {
        token: owner.token,
      });
      expect(detail.body).toMatchObject({ is_owner: true, connection: { id: res.body.connection.id } });
      expect(detail.text).not.toContain(tenant.clientSecret);
    });

    it('stores credentials the platform refuses, saying what to fix', async () => {
      const tenant = await world.newTenant();
      const res = await http.post<Json>(
        '/api/connections',
        { name: 'Wrong secret', ...world.credentials(tenant), clientSecret: 'not-the-secret' },
        { token: owner.token },
      );
      expect(res.status).toBe(200);
      expect(res.body.validation).toMatchObject({ ok: false, code: 'invalid_credentials' });
      expect(res.body.validation.error).toMatch(/client ID or client secret/);
      expect(res.body.connection.validation_error).toBe(res.body.validation.error);
    });

    it('tells a wrong secret, an unknown organization and an unreachable platform apart', async () => {
      const tenant = await world.newTenant();
      const ok = await http.post<Json>('/api/connections/validate', world.credentials(tenant), {
        token: owner.token,
      });
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ ok: true, error: null, code: null });
      const secret = await http.post<Json>(
        '/api/connections/validate',
        { ...world.credentials(tenant), clientSecret: 'wrong-secret' },
        { token: owner.token },
      );
      const org = await http.post<Json>(
        '/api/connections/validate',
        world.credentials(tenant, 'no-such-organization'),
        { token: owner.token },
      );
      const down = await http.post<Json>(
        '/api/connections/validate',
        { ...world.credentials(tenant), host: 'custom', customDomain: `http://${CLOSED}/platform` },
        { token: owner.token },
      );
      expect([secret.body.code, org.body.code, down.body.code]).toEqual([
        'invalid_credentials',
        'unknown_organization',
        'unreachable',
      ]);
      const messages = new Set([secret.body.error, org.body.error, down.body.error]);
      expect(messages.size).toBe(3);
      expect(org.body.error).toContain('no-such-organization');
      for (const res of [secret, org, down]) expect(res.text).not.toContain(tenant.clientSecret);
    });

    it("lists the organizations new credentials reach, root first, to choose the connection's organization; nothing is stored", async () => {
      const tenant = await world.newTenant();
      const { organizationId: _none, ...credentials } = world.credentials(tenant);
      const before = await http.get<Json>('/api/connections', { token: owner.token });
      const found = await http.post<Json>('/api/connections/organizations', credentials, {
        token: owner.token,
      });
      expect(found.status).toBe(200);
      expect(found.body.orgs.map((o: Json) => [o.id, o.isPrimary])).toEqual([
        [tenant.rootId, true],
        [tenant.paymentsId, false],
        [tenant.cardsId, false],
        [tenant.archiveId, false],
      ]);
      expect(found.body.orgs[2].fullPath).toMatch(/^Corp \d+ \/ Payments \/ Cards$/);
      const refused = await http.post<Json>(
        '/api/connections/organizations',
        { ...credentials, clientSecret: 'wrong-secret' },
        { token: owner.token },
      );
      expect(refused.status).toBe(422);
      expect(refused.body.message).toMatch(/client ID or client secret/);
      expect(refused.body.message).not.toMatch(/update the connection/);
      const missing = await http.post<Json>(
        '/api/connections/organizations',
        { host: 'us', clientId: tenant.clientId },
        { token: owner.token },
      );
      expect(missing.status).toBe(400);
      for (const res of [found, refused, missing]) expect(res.text).not.toContain(tenant.clientSecret);
      const after = await http.get<Json>('/api/connections', { token: owner.token });
      expect(after.body.connections).toEqual(before.body.connections);
    });

    it('reports a platform that rate limits or fails as such', async () => {
      const tenant = await world.newTenant();
      await world.control.injectFault({ system: 'platform', kind: 'rate_limit', times: 1 });
      const limited = await http.post<Json>('/api/connections/validate', world.credentials(tenant), {
        token: owner.token,
      });
      expect(limited.body).toMatchObject({ ok: false, code: 'rate_limited' });
      await world.control.injectFault({ system: 'platform', kind: 'error', times: 10 });
      const failing = await http.post<Json>('/api/connections/validate', world.credentials(tenant), {
        token: owner.token,
      });
      await world.control.clearFaults();
      expect(failing.body).toMatchObject({ ok: false, code: 'upstream_error' });
    });

    // A custom domain's rules (host custom only, a public address, nothing stored otherwise) are tested at
    // the service level (apps/connections/src/connections/connections.integration-spec.ts).
    it('reaches a custom domain through the outbound guard, over plain http only when allowlisted (the sandbox)', async () => {
      const tenant = await world.newTenant();
      const plain = await http.post<Json>(
        '/api/connections',
        {
          name: 'Plain',
          ...world.credentials(tenant),
          host: 'custom',
          customDomain: 'http://platform.example.invalid',
        },
        { token: owner.token },
      );
      expect(plain.status).toBe(400);
      expect(plain.body.details).toEqual([
        { field: 'customDomain', message: expect.stringMatching(/is not a valid https host name or URL/) },
      ]);
      const custom = await http.post<Json>(
        '/api/connections',
        {
          name: 'Custom',
          ...world.credentials(tenant),
          host: 'custom',
          customDomain: `${world.sandbox.url}/platform`,
        },
        { token: owner.token },
      );
      expect(custom.status).toBe(200);
      expect(custom.body.validation.ok).toBe(true);
      expect(custom.body.connection.custom_domain).toBe(`${world.sandbox.url}/platform`);
    });

    // Every field's edges are tested through the gateway's validation pipe
    // (apps/gateway/src/connections/connection-bodies.spec.ts): here, the route's 400.
    it('refuses a body the validation pipe refuses with 400, without the secret', async () => {
      const tenant = await world.newTenant();
      const res = await http.post<Json>(
        '/api/connections',
        { name: 'Limits', ...world.credentials(tenant), clientId: 'abc' },
        { token: owner.token },
      );
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(res.text).not.toContain(tenant.clientSecret);
    });

    it('answers 401 without a token and 403 with a read-only token', async () => {
      const tenant = await world.newTenant();
      expect((await http.post('/api/connections', { name: 'x1', ...world.credentials(tenant) })).status).toBe(
        401,
      );
      expect((await http.get('/api/connections')).status).toBe(401);
      const res = await http.post(
        '/api/connections',
        { name: 'x1', ...world.credentials(tenant) },
        { token: owner.readToken },
      );
      expect(res.status).toBe(403);
    });
  });

  // The impact (its links counted by the workspaces service) is tested with the share cap in
  // workspaces.e2e-spec.ts.
  describe('change, sync and delete', () => {
    it('changes the name alone, and credentials only all together (400 otherwise)', async () => {
      const { id, tenant } = await world.newConnection(owner);
      const renamed = await http.patch<Json>(
        `/api/connections/${id}`,
        { name: 'Renamed' },
        { token: owner.token },
      );
      expect(renamed.status).toBe(200);
      expect(renamed.body.connection.name).toBe('Renamed');
      const partial = await http.patch<Json>(
        `/api/connections/${id}`,
        { clientSecret: 'another-secret' },
        { token: owner.token },
      );
      // Which fields are missing, and a new host's need of all three, are the service level's.
      expect(partial.status).toBe(400);
      const wrong = await http.patch<Json>(
        `/api/connections/${id}`,
        { clientId: tenant.clientId, clientSecret: 'another-secret', organizationId: tenant.rootId },
        { token: owner.token },
      );
      expect(wrong.status).toBe(200);
      expect(wrong.body.connection.validation_error).toMatch(/client ID or client secret/);
      const right = await http.patch<Json>(
        `/api/connections/${id}`,
        { clientId: tenant.clientId, clientSecret: tenant.clientSecret, organizationId: tenant.cardsId },
        { token: owner.token },
      );
      expect(right.body.connection).toMatchObject({
        organization_id: tenant.cardsId,
        validation_error: null,
      });
      expect(right.text).not.toContain(tenant.clientSecret);
    });

    it('syncs: re-validates and reconciles (nothing deployed yet)', async () => {
      const { id } = await world.newConnection(owner);
      const res = await http.post<Json>(`/api/connections/${id}/sync`, {}, { token: owner.token });
      expect(res.status).toBe(200);
      expect(res.body.reconciliation).toEqual({ in_sync: 0, unknown: 0, gone: [] });
      expect(res.body.validation).toMatchObject({ ok: true, code: null });
    });

    it('deletes a connection and every share of it; its workspace no longer lists it', async () => {
      const { id } = await world.newConnection(owner);
      const ws = await world.newWorkspace(owner);
      await world.share(ws, owner, id);
      const res = await http.delete<Json>(`/api/connections/${id}`, { token: owner.token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true });
      expect((await http.get(`/api/connections/${id}`, { token: owner.token })).status).toBe(404);
      const detail = await http.get<Json>(`/api/workspaces/${ws}`, { token: owner.token });
      expect(detail.body.workspace.connections).toEqual([]);
      expect((await http.delete(`/api/connections/${id}`, { token: owner.token })).status).toBe(404);
    });

    it('answers 400 for an id that is not a UUID', async () => {
      for (const path of [
        '/api/connections/nope',
        '/api/connections/nope/orgs',
        '/api/connections/nope/impact',
      ])
        expect((await http.get(path, { token: owner.token })).status).toBe(400);
    });
  });

  describe('organizations', () => {
    it('lists the tree the credentials reach with full paths, the connection organization marked primary', async () => {
      const tenant = await world.newTenant();
      const { id } = await world.newConnection(owner, tenant, { organizationId: tenant.paymentsId });
      const res = await http.get<Json>(`/api/connections/${id}/orgs`, { token: owner.readToken });
      expect(res.status).toBe(200);
      const byId = Object.fromEntries(res.body.orgs.map((o: Json) => [o.id, o]));
      expect(byId[tenant.rootId]).toMatchObject({
        isPrimary: false,
        fullPath: expect.stringMatching(/^Corp \d+$/),
      });
      expect(byId[tenant.paymentsId]).toMatchObject({ name: 'Payments', isPrimary: true });
      expect(byId[tenant.cardsId].fullPath).toMatch(/^Corp \d+ \/ Payments \/ Cards$/);
      expect(res.body.orgs).toHaveLength(4);
    });

    it(`lists at most ${CONNECTION_LIMITS.orgsMax} organizations, root first`, async () => {
      const clientId = `big-${Date.now()}`;
      const organizations = [
        { id: `${clientId}-root`, name: 'Big' },
        ...Array.from({ length: CONNECTION_LIMITS.orgsMax }, (_, i) => ({
          id: `${clientId}-${i}`,
          name: `Team ${i}`,
          parentId: `${clientId}-root`,
        })),
      ];
      await world.control.addTenant({ clientId, clientSecret: 'big-secret', organizations });
      const created = await http.post<Json>(
        '/api/connections',
        { name: 'Big', host: 'us', clientId, clientSecret: 'big-secret', organizationId: `${clientId}-root` },
        { token: owner.token },
      );
      const res = await http.get<Json>(`/api/connections/${created.body.connection.id}/orgs`, {
        token: owner.token,
      });
      expect(res.body.orgs).toHaveLength(CONNECTION_LIMITS.orgsMax);
      expect(res.body.orgs[0]).toMatchObject({ id: `${clientId}-root`, isPrimary: true });
    });

    it('serves the tree from a short cache, and forgets it when the credentials change', async () => {
      const tenant = await world.newTenant();
      const { id } = await world.newConnection(owner, tenant);
      expect((await http.get(`/api/connections/${id}/orgs`, { token: owner.token })).status).toBe(200);
      await world.control.injectFault({ system: 'platform', kind: 'error' });
      try {
        expect((await http.get(`/api/connections/${id}/orgs`, { token: owner.token })).status).toBe(200);
        await http.patch(
          `/api/connections/${id}`,
          { clientId: tenant.clientId, clientSecret: tenant.clientSecret, organizationId: tenant.cardsId },
          { token: owner.token },
        );
        const after = await http.get<Json>(`/api/connections/${id}/orgs`, { token: owner.token });
        expect(after.status).toBe(502);
      } finally {
        await world.control.clearFaults();
      }
    });

    it('answers 422 when the stored credentials are refused and 502 when the platform is down', async () => {
      const tenant = await world.newTenant();
      const broken = await world.newConnection(owner, tenant, { clientSecret: 'wrong-secret' });
      const refused = await http.get<Json>(`/api/connections/${broken.id}/orgs`, { token: owner.token });
      expect(refused.status).toBe(422);
      expect(refused.body.message).toMatch(/update the connection/);
      const { id } = await world.newConnection(owner);
      await world.control.injectFault({ system: 'platform', kind: 'error' });
      try {
        expect((await http.get(`/api/connections/${id}/orgs`, { token: owner.token })).status).toBe(502);
      } finally {
        await world.control.clearFaults();
      }
    });

    it('lists the organizations eligible for a policy: the ones the credentials may deploy to', async () => {
      const tenant = await world.newTenant();
      const { id } = await world.newConnection(owner, tenant);
      const policyId = await world.newPolicy(owner);
      const res = await http.get<Json>(`/api/policies/${policyId}/orgs?connectionId=${id}`, {
        token: owner.token,
      });
      expect(res.status).toBe(200);
      expect(res.body.orgs.map((o: Json) => o.id).sort()).toEqual(
        [tenant.rootId, tenant.paymentsId, tenant.cardsId].sort(),
      );
      expect(res.body.orgs.find((o: Json) => o.id === tenant.rootId).isPrimary).toBe(true);
      const other = await world.newUser();
      expect(
        (await http.get(`/api/policies/${policyId}/orgs?connectionId=${id}`, { token: other.token })).status,
      ).toBe(404);
      const otherConnection = await world.newConnection(other);
      expect(
        (
          await http.get(`/api/policies/${policyId}/orgs?connectionId=${otherConnection.id}`, {
            token: owner.token,
          })
        ).status,
      ).toBe(404);
      expect((await http.get(`/api/policies/${policyId}/orgs`, { token: owner.token })).status).toBe(400);
      expect(
        (await http.get(`/api/policies/${policyId}/orgs?connectionId=nope`, { token: owner.token })).status,
      ).toBe(400);
      const unknownPolicy = '00000000-0000-4000-8000-000000000000';
      expect(
        (await http.get(`/api/policies/${unknownPolicy}/orgs?connectionId=${id}`, { token: owner.token }))
          .status,
      ).toBe(404);
    });
  });

  describe('visibility', () => {
    it('lets an active workspace member list organizations and read a summary, never change it; others get 404', async () => {
      const { id, tenant } = await world.newConnection(owner);
      const member = await world.newUser();
      const outsider = await world.newUser();
      const ws = await world.newWorkspace(owner);
      await world.addMember(ws, owner, member);
      await world.share(ws, owner, id);

      const seen = await http.get<Json>(`/api/connections/${id}`, { token: member.token });
      expect(seen.status).toBe(200);
      expect(seen.body).toEqual({
        is_owner: false,
        connection: { id, name: expect.any(String), host: 'us' },
      });
      expect(seen.text).not.toContain(tenant.clientId);
      expect((await http.get(`/api/connections/${id}/orgs`, { token: member.token })).status).toBe(200);
      // The other routes a member is refused (403) are tested at the service level.
      expect(
        (await http.patch(`/api/connections/${id}`, { name: 'Mine now' }, { token: member.token })).status,
      ).toBe(403);
      expect((await http.get<Json>('/api/connections', { token: member.token })).body.connections).toEqual(
        [],
      );

      // An outsider, and a platform administrator who is not a member, are shown nothing.
      for (const path of [`/api/connections/${id}`, `/api/connections/${id}/orgs`])
        for (const token of [outsider.token, world.admin.token])
          expect((await http.get(path, { token })).status).toBe(404);
      expect(
        (await http.patch(`/api/connections/${id}`, { name: 'x1' }, { token: outsider.token })).status,
      ).toBe(404);

      expect(
        (await http.delete(`/api/workspaces/${ws}/members/${member.id}`, { token: owner.token })).status,
      ).toBe(200);
      expect((await http.get(`/api/connections/${id}/orgs`, { token: member.token })).status).toBe(404);
    });

    it("stops a deployment's work with a connection withdrawn from its workspace, though still shared into another of its author's", async () => {
      const { id: connectionId, tenant } = await world.newConnection(owner);
      const author = await world.newUser();
      const first = await world.newWorkspace(owner);
      const second = await world.newWorkspace(owner);
      for (const ws of [first, second]) {
        await world.addMember(ws, owner, author);
        await world.share(ws, owner, connectionId);
      }
      const { id: policyId } = await world.newDeployablePolicy(author);
      const deployer = { user: author, tenant, connectionId, workspaceId: first };
      const id = await world.deployedPolicy(deployer, policyId, { doRelease: true });
      expect((await world.settled(author.token, id)).status).toBe('succeeded');
      const applied = async () =>
        (await world.control.platformState()).organizations.find((o) => o.id === tenant.paymentsId)!.applied;
      expect(await applied()).toHaveLength(1);

      const unshare = `/api/workspaces/${first}/connections?connection_id=${connectionId}`;
      expect((await http.delete(unshare, { token: owner.token })).status).toBe(200);
      // A new deployment there is refused; the one made before no longer reaches the platform through it:
      // its drift check cannot tell, and its removal fails saying why, leaving what runs there.
      const refused = await world.deployPolicy(deployer, policyId, { doRelease: true });
      expect(refused.status).toBe(422);
      expect(refused.body.code).toBe('DEPLOYMENTS.CONNECTION_NOT_USABLE');
      // The workspace it is still shared into deploys with it as before.
      const inSecond = await world.deployedPolicy({ ...deployer, workspaceId: second }, policyId, {
        doRelease: true,
        version: '2.0.0',
        targetOrganizationIds: [tenant.cardsId],
      });
      expect((await world.settled(author.token, inSecond)).status).toBe('succeeded');
      const refresh = () => http.post<Json>(`/api/deployments/${id}/refresh`, {}, { token: author.token });
      expect((await refresh()).body.outcome).toBe('unknown');
      const unpublish = await http.post<Json>(
        `/api/deployments/${id}/unpublish`,
        {},
        { token: author.token },
      );
      expect(unpublish.status).toBe(201);
      const { events } = await world.readStream(author.token, id);
      expect(JSON.parse(events[events.length - 1].data)).toMatchObject({
        status: 'failed',
        error: expect.stringMatching(/not shared into this deployment's workspace any more/),
      });
      expect(await applied()).toHaveLength(1);

      // Shared there again, it serves the deployment again.
      const enable = { connection_id: connectionId, disabled: false };
      expect(
        (await http.patch(`/api/workspaces/${first}/connections`, enable, { token: owner.token })).status,
      ).toBe(200);
      expect((await refresh()).body.outcome).toBe('in_sync');
    });
  });
  // The per-owner cap (CONNECTIONS.LIMIT) is tested at the service level
  // (apps/connections/src/connections/connections.integration-spec.ts), without 100 creations over HTTP.
});
