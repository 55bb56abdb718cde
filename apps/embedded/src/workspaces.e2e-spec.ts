import { E2E_BUSES, sharedIntoOtherWorkspaces } from '@pc/testing';
import { randomUUID } from 'node:crypto';
import { CONNECTION_LIMITS } from '@pc/contracts';
import { Client } from 'pg';
import { ConnectionsWorld, type Json, type TestUser } from './testing/connections-e2e';

describe.each(E2E_BUSES)('workspaces through the gateway over the %s bus', (kind) => {
  const world = new ConnectionsWorld();
  let http: ConnectionsWorld['http'];
  let owner: TestUser;

  beforeAll(async () => {
    await world.start(kind);
    http = world.http;
    owner = await world.newUser();
  });

  afterAll(() => world.stop());

  it('works as a new user would: connection, organizations, workspace, a second user, a share, an archive', async () => {
    const tenant = await world.newTenant();
    const created = await http.post<Json>(
      '/api/connections',
      { name: 'Sandbox tenant', ...world.credentials(tenant) },
      { token: owner.token },
    );
    expect(created.body.validation.ok).toBe(true);
    const connectionId = created.body.connection.id as string;
    const orgs = await http.get<Json>(`/api/connections/${connectionId}/orgs`, { token: owner.token });
    expect(orgs.body.orgs.map((o: Json) => o.fullPath)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Corp \d+ \/ Payments \/ Cards$/)]),
    );
    const ws = await http.post<Json>('/api/workspaces', { name: 'Platform team' }, { token: owner.token });
    expect(ws.status).toBe(201);
    const wsId = ws.body.workspace.id as string;
    const bob = await world.newUser();
    const added = await http.post(
      `/api/workspaces/${wsId}/members`,
      { username: `@${bob.username}`, role: 'member' },
      { token: owner.token },
    );
    expect(added.status).toBe(200);
    expect(
      (
        await http.post(
          `/api/workspaces/${wsId}/connections`,
          { connection_id: connectionId },
          { token: owner.token },
        )
      ).status,
    ).toBe(200);

    const seen = await http.get<Json>(`/api/workspaces/${wsId}`, { token: bob.token });
    expect(seen.body.workspace).toMatchObject({ role: 'member', caller_id: bob.id, is_admin: false });
    expect(seen.body.workspace.connections).toEqual([
      expect.objectContaining({
        id: connectionId,
        name: 'Sandbox tenant',
        is_owner: false,
        disabled_at: null,
      }),
    ]);
    const bobOrgs = await http.get<Json>(`/api/connections/${connectionId}/orgs`, { token: bob.token });
    expect(bobOrgs.body.orgs).toHaveLength(orgs.body.orgs.length);
    const bobReads = await http.get<Json>(`/api/connections/${connectionId}`, { token: bob.token });
    expect(bobReads.body.connection).not.toHaveProperty('client_id');
    expect(
      (await http.patch(`/api/connections/${connectionId}`, { name: 'Bob was here' }, { token: bob.token }))
        .status,
    ).toBe(403);

    const archived = await http.post<Json>(`/api/workspaces/${wsId}/archive`, {}, { token: owner.token });
    expect(archived.status).toBe(200);
    expect(archived.body.archived_at).toEqual(expect.any(String));
    const another = await world.newConnection(owner, tenant);
    const refused = await http.post<Json>(
      `/api/workspaces/${wsId}/connections`,
      { connection_id: another.id },
      { token: owner.token },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('WORKSPACES.ARCHIVED');
    // Archived, the workspace is still read, and its shares still used, by its members.
    expect((await http.get(`/api/workspaces/${wsId}`, { token: bob.token })).status).toBe(200);
    expect((await http.get(`/api/connections/${connectionId}/orgs`, { token: bob.token })).status).toBe(200);
    const unarchived = await http.delete<Json>(`/api/workspaces/${wsId}/archive`, { token: owner.token });
    expect([unarchived.status, unarchived.body]).toEqual([200, { archived_at: null, disabled_members: [] }]);
    expect(
      (await http.patch(`/api/workspaces/${wsId}`, { name: 'Back' }, { token: owner.token })).status,
    ).toBe(200);
  });

  // The rules of workspaces themselves (the personal one, slugs, archive, the caps) are tested at the
  // service level (apps/workspaces/src/workspaces/*.integration-spec.ts), every field's edge through the
  // gateway's validation pipe (apps/gateway/src/workspaces/workspace-bodies.spec.ts): here, each route's
  // status classes.
  describe('create and rename', () => {
    it('answers 201, 409 for a taken slug, 400 for a bad body; 200 to a rename, 400 to a bad one', async () => {
      const a = await http.post<Json>('/api/workspaces', { name: 'Edge Team!' }, { token: owner.token });
      expect(a.status).toBe(201);
      expect(a.body.workspace.slug).toMatch(/^edge-team(-\d+)?$/);
      const taken = await http.post<Json>(
        '/api/workspaces',
        { name: 'Again', slug: a.body.workspace.slug },
        { token: owner.token },
      );
      expect([taken.status, taken.body.code]).toEqual([409, 'WORKSPACES.SLUG_TAKEN']);
      const bad = await http.post<Json>('/api/workspaces', { name: 'x' }, { token: owner.token });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({
        statusCode: 400,
        details: [expect.objectContaining({ field: 'name' })],
      });
      const reserved = await http.post(
        '/api/workspaces',
        { name: 'Ok', slug: 'personal-mine' },
        { token: owner.token },
      );
      expect(reserved.status).toBe(400);
      const rename = (name: string) =>
        http.patch<Json>(`/api/workspaces/${a.body.workspace.id}`, { name }, { token: owner.token });
      expect((await rename('Core')).body.workspace).toMatchObject({
        name: 'Core',
        slug: a.body.workspace.slug,
      });
      expect((await rename('n')).status).toBe(400);
    });

    it('answers 404 for a workspace that does not exist and 400 for an id that is not a UUID', async () => {
      expect((await http.get(`/api/workspaces/${randomUUID()}`, { token: owner.token })).status).toBe(404);
      expect((await http.get('/api/workspaces/nope', { token: owner.token })).status).toBe(400);
      expect((await http.get('/api/workspaces')).status).toBe(401);
      expect(
        (await http.post('/api/workspaces', { name: 'Read only' }, { token: owner.readToken })).status,
      ).toBe(403);
    });
  });

  describe('members', () => {
    /** A workspace of the owner's with an admin and a member; the admin's connection shared there (`id`). */
    const sharedByAdmin = async () => {
      const ws = await world.newWorkspace(owner);
      const admin = await world.newUser();
      const viewer = await world.newUser();
      await world.addMember(ws, owner, admin, 'admin');
      await world.addMember(ws, owner, viewer);
      const { id } = await world.newConnection(admin);
      await world.share(ws, admin, id);
      return { ws, admin, viewer, id };
    };
    /** The owner re-enables a disabled member: the answer's status. */
    const reEnable = async (ws: string, member: TestUser) =>
      (
        await http.patch(
          `/api/workspaces/${ws}/members/${member.id}`,
          { disabled: false },
          { token: owner.token },
        )
      ).status;
    // The conflicts, the listing and the one-of rule are tested at the service level
    // (apps/workspaces/src/members/members.integration-spec.ts), resolving a user by username or email at
    // identity's (apps/identity/src/users/users.integration-spec.ts): here, each route's status classes.
    it('adds by @username or email in any case (200); unknown users are 404, duplicates 409, bad bodies 400', async () => {
      const ws = await world.newWorkspace(owner);
      const [a, c] = [await world.newUser(), await world.newUser()];
      const add = (body: Json) =>
        http.post<Json>(`/api/workspaces/${ws}/members`, body, { token: owner.token });
      expect((await add({ username: `@${a.username.toUpperCase()}`, role: 'admin' })).status).toBe(200);
      expect((await add({ email: c.email.toUpperCase(), role: 'member' })).status).toBe(200);
      expect((await add({ username: 'nobody-here', role: 'member' })).status).toBe(404);
      const again = await add({ username: a.username, role: 'member' });
      expect([again.status, again.body.code]).toEqual([409, 'WORKSPACES.MEMBER_EXISTS']);
      expect((await add({ email: 'not-an-email', role: 'member' })).status).toBe(400);
      // Refused by the service's message schema, not the gateway's DTO: still a 400.
      expect((await add({ username: a.username, email: a.email, role: 'member' })).status).toBe(400);
      const members = await http.get<Json>(`/api/workspaces/${ws}/members`, { token: owner.token });
      expect(members.body.members.map((m: Json) => [m.user_id, m.role])).toEqual([
        [owner.id, 'owner'],
        [a.id, 'admin'],
        [c.id, 'member'],
      ]);
      const update = (userId: string, body: Json) =>
        http.patch(`/api/workspaces/${ws}/members/${userId}`, body, { token: owner.token });
      expect((await update(c.id, { role: 'admin' })).status).toBe(200);
      expect((await update(c.id, { disabled: true })).status).toBe(400);
      expect((await update(c.id, {})).status).toBe(400);
      expect((await update(randomUUID(), { role: 'admin' })).status).toBe(404);
      expect((await update(owner.id, { role: 'member' })).status).toBe(403);
    });

    it('cuts a disabled member and the shares they made off at once, and restores both on re-enable', async () => {
      const { ws, admin, viewer, id } = await sharedByAdmin();
      expect((await http.get(`/api/connections/${id}/orgs`, { token: viewer.token })).status).toBe(200);

      // The impact, the kept row, the paused share and the listing are checked at the service level
      // (apps/workspaces/src/members/members.integration-spec.ts); here, the routes and the connections
      // service's answer to the member who used the share.
      const impact = await http.get<Json>(`/api/workspaces/${ws}/members/${admin.id}/impact`, {
        token: owner.token,
      });
      expect(impact.body).toMatchObject({ role: 'admin', owned_shared_connections: 1 });
      expect(
        (await http.delete(`/api/workspaces/${ws}/members/${admin.id}`, { token: owner.token })).status,
      ).toBe(200);
      expect((await http.get(`/api/workspaces/${ws}`, { token: admin.token })).status).toBe(404);
      expect((await http.get(`/api/connections/${id}/orgs`, { token: viewer.token })).status).toBe(404);
      expect(await reEnable(ws, admin)).toBe(200);
      expect(
        (await http.get<Json>(`/api/workspaces/${ws}`, { token: admin.token })).body.workspace.role,
      ).toBe('admin');
      expect((await http.get(`/api/connections/${id}/orgs`, { token: viewer.token })).status).toBe(200);
    });

    it('lets a member leave with their own id, from an archived workspace too, and withdraw their connection after', async () => {
      const { ws, admin, viewer, id } = await sharedByAdmin();
      const leave = (user: TestUser, token = user.token) =>
        http.delete<Json>(`/api/workspaces/${ws}/members/${user.id}`, { token });
      const orgs = () => http.get(`/api/connections/${id}/orgs`, { token: viewer.token });

      expect((await leave(viewer, viewer.readToken)).status).toBe(403);
      const ownerLeaves = await leave(owner);
      expect([ownerLeaves.status, ownerLeaves.body.code]).toEqual([409, 'WORKSPACES.OWNER_CANNOT_LEAVE']);
      expect((await http.post(`/api/workspaces/${ws}/archive`, {}, { token: owner.token })).status).toBe(200);
      const own = await http.get<Json>(`/api/workspaces/${ws}/members/${admin.id}/impact`, {
        token: admin.token,
      });
      expect(own.body).toMatchObject({ role: 'admin', owned_shared_connections: 1 });
      expect((await leave(admin)).status).toBe(200);
      expect((await http.get(`/api/workspaces/${ws}`, { token: admin.token })).status).toBe(404);
      expect((await orgs()).status).toBe(404);
      // Gone, the admin still takes their credentials out: re-enabled later, they stay out.
      const withdrawn = await http.delete(`/api/workspaces/${ws}/connections?connection_id=${id}`, {
        token: admin.token,
      });
      expect(withdrawn.status).toBe(200);
      expect((await http.delete(`/api/workspaces/${ws}/archive`, { token: owner.token })).status).toBe(200);
      expect(await reEnable(ws, admin)).toBe(200);
      expect((await orgs()).status).toBe(404);
      expect((await leave(viewer)).status).toBe(200);
      expect((await http.get(`/api/workspaces/${ws}`, { token: viewer.token })).status).toBe(404);
    });
  });

  describe('shared connections', () => {
    // Who shares, pausing and re-enabling are tested at the service level
    // (apps/workspaces/src/shares/shares.integration-spec.ts, the permission matrix in
    // apps/workspaces/src/access/permissions.integration-spec.ts), archive rules in
    // workspaces.integration-spec.ts: here, each route's status classes and the connections service
    // following the share (a member's organizations 404 while it is paused).
    it('shares a connection of the caller (200; 404 for one of another, 409 twice); unshare pauses it, PATCH re-enables it', async () => {
      const ws = await world.newWorkspace(owner);
      const member = await world.newUser();
      await world.addMember(ws, owner, member);
      const theirs = await world.newConnection(await world.newUser());
      const share = (connection_id: string) =>
        http.post<Json>(`/api/workspaces/${ws}/connections`, { connection_id }, { token: owner.token });
      expect((await share(theirs.id)).status).toBe(404);
      const mine = await world.newConnection(owner);
      expect((await share(mine.id)).status).toBe(200);
      expect((await share(mine.id)).status).toBe(409);
      expect((await share('nope')).status).toBe(400);

      const impact = await http.get<Json>(`/api/workspaces/${ws}/connections/${mine.id}/impact`, {
        token: owner.token,
      });
      expect(impact.body).toEqual({
        is_disabled: false,
        disabled_reason: null,
        members_visible: 2,
        deployments_authored: 0,
      });
      const orgs = () => http.get(`/api/connections/${mine.id}/orgs`, { token: member.token });
      expect((await orgs()).status).toBe(200);
      const unshare = (connectionId: string) =>
        http.delete(`/api/workspaces/${ws}/connections?connection_id=${connectionId}`, {
          token: owner.token,
        });
      expect((await unshare(mine.id)).status).toBe(200);
      expect((await orgs()).status).toBe(404);
      expect((await unshare(randomUUID())).status).toBe(404);
      expect((await unshare('nope')).status).toBe(400);

      const enable = (connection_id: string, disabled: boolean, token = owner.token) =>
        http.patch(`/api/workspaces/${ws}/connections`, { connection_id, disabled }, { token });
      expect((await enable(mine.id, true)).status).toBe(400);
      expect((await enable(randomUUID(), false)).status).toBe(404);
      expect((await enable(mine.id, false)).status).toBe(200);
      expect((await orgs()).status).toBe(200);

      // A share its connection's owner (an admin) withdrew, only they re-enable: 403 to the workspace owner.
      const admin = await world.newUser();
      await world.addMember(ws, owner, admin, 'admin');
      const adminConnection = await world.newConnection(admin);
      await world.share(ws, admin, adminConnection.id);
      expect(
        (
          await http.delete(`/api/workspaces/${ws}/connections?connection_id=${adminConnection.id}`, {
            token: admin.token,
          })
        ).status,
      ).toBe(200);
      expect((await enable(adminConnection.id, false)).status).toBe(403);
      expect((await enable(adminConnection.id, false, admin.token)).status).toBe(200);
    });
  });

  describe('detail', () => {
    it('is wrapped under workspace with the role, caller, connections, their stats and members', async () => {
      const ws = await world.newWorkspace(owner);
      const { id } = await world.newConnection(owner);
      await world.share(ws, owner, id);
      const res = await http.get<Json>(`/api/workspaces/${ws}`, { token: owner.readToken });
      expect(res.body).toEqual({
        workspace: expect.objectContaining({
          id: ws,
          role: 'owner',
          is_admin: false,
          caller_id: owner.id,
          connections: [expect.objectContaining({ id, is_owner: true, owner_id: owner.id, host: 'us' })],
          connectionStats: {
            [id]: {
              deployments: 0,
              target_orgs: 0,
              live_policies: 0,
              ruleset_deployments: 0,
              ruleset_target_orgs: 0,
              live_rulesets: 0,
            },
          },
          installedPolicies: [],
          installedRulesets: [],
          members: [expect.objectContaining({ user_id: owner.id, role: 'owner' })],
        }),
      });
    });
  });

  // The other caps are tested at the service level (apps/workspaces/src/workspaces/limits.integration-spec.ts);
  // this one crosses into the connections service (its list of shares and its impact).
  describe('limits', () => {
    let pg: Client;
    beforeAll(async () => {
      pg = new Client({ connectionString: world.db.url });
      await pg.connect();
    });
    afterAll(() => pg.end());

    it(`refuses a connection into workspace ${CONNECTION_LIMITS.sharesMax + 1} with 409`, async () => {
      const { id } = await world.newConnection(owner);
      await sharedIntoOtherWorkspaces(
        (sql, params) => pg.query(sql, params),
        id,
        owner.id,
        CONNECTION_LIMITS.sharesMax,
      );
      const ws = await world.newWorkspace(owner);
      const res = await http.post<Json>(
        `/api/workspaces/${ws}/connections`,
        { connection_id: id },
        { token: owner.token },
      );
      expect(res.status).toBe(409);
      const shared = await http.get<Json>(`/api/connections/${id}/workspaces`, { token: owner.token });
      expect(shared.body.shared).toHaveLength(CONNECTION_LIMITS.sharesMax);
      // The connections service counts the links the workspaces service lists (and the deployments
      // service's counts: none yet).
      expect((await http.get<Json>(`/api/connections/${id}/impact`, { token: owner.token })).body).toEqual({
        active_deployments: 0,
        historical_deployments: 0,
        workspace_links: CONNECTION_LIMITS.sharesMax,
        has_credential: true,
      });
      expect(shared.body.shared[0]).toEqual(expect.objectContaining({ disabled_at: null }));
    });
  });
});
