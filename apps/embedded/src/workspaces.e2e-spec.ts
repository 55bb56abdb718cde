import { E2E_BUSES } from '@pc/testing';
import { randomUUID } from 'node:crypto';
import { CONNECTION_LIMITS, WORKSPACE_LIMITS } from '@pc/contracts';
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
  });

  // The personal workspace's rules (first use, once, no members, never archived) are tested at the
  // service level (apps/workspaces/src/workspaces/workspaces.integration-spec.ts).
  describe('create and rename', () => {
    it('creates with a slug derived from the name, unique, and lists it with the owner role', async () => {
      const a = await http.post<Json>('/api/workspaces', { name: 'Edge Team!' }, { token: owner.token });
      const b = await http.post<Json>('/api/workspaces', { name: 'Edge Team!' }, { token: owner.token });
      expect(a.body.workspace.slug).toMatch(/^edge-team(-\d+)?$/);
      expect(b.body.workspace.slug).not.toBe(a.body.workspace.slug);
      const list = await http.get<Json>('/api/workspaces', { token: owner.token });
      expect(list.body.memberships).toEqual(
        expect.arrayContaining([
          { workspace: expect.objectContaining({ id: a.body.workspace.id }), role: 'owner' },
        ]),
      );
      const taken = await http.post<Json>(
        '/api/workspaces',
        { name: 'Again', slug: a.body.workspace.slug },
        { token: owner.token },
      );
      expect(taken.status).toBe(409);
      expect(taken.body.code).toBe('WORKSPACES.SLUG_TAKEN');
      const renamed = await http.patch<Json>(
        `/api/workspaces/${a.body.workspace.id}`,
        { name: 'Core' },
        { token: owner.token },
      );
      expect(renamed.body.workspace).toMatchObject({ name: 'Core', slug: a.body.workspace.slug });
    });

    it.each([
      ['a name of 1 character', { name: 'x' }],
      [
        `a name over ${WORKSPACE_LIMITS.nameMax} characters`,
        { name: 'x'.repeat(WORKSPACE_LIMITS.nameMax + 1) },
      ],
      ['a null name', { name: null }],
      ['a name of spaces only', { name: '    ' }],
      ['a numeric name', { name: 42 }],
      ['a slug of 1 character', { name: 'Ok', slug: 'a' }],
      [
        `a slug over ${WORKSPACE_LIMITS.slugMax} characters`,
        { name: 'Ok', slug: 'a'.repeat(WORKSPACE_LIMITS.slugMax + 1) },
      ],
      ['a slug with capitals', { name: 'Ok', slug: 'Team' }],
      ['the reserved personal- slug', { name: 'Ok', slug: 'personal-mine' }],
    ])('refuses %s with 400', async (_what, body) => {
      expect((await http.post('/api/workspaces', body, { token: owner.token })).status).toBe(400);
    });

    it(`accepts a name of ${WORKSPACE_LIMITS.nameMax} and a slug of ${WORKSPACE_LIMITS.slugMax} characters`, async () => {
      const slug = `s${randomUUID().replace(/-/g, '')}`.padEnd(WORKSPACE_LIMITS.slugMax, 'x');
      const res = await http.post<Json>(
        '/api/workspaces',
        { name: 'n'.repeat(WORKSPACE_LIMITS.nameMax), slug },
        { token: owner.token },
      );
      expect(res.status).toBe(201);
      expect(res.body.workspace.slug).toBe(slug);
      expect(
        (await http.patch(`/api/workspaces/${res.body.workspace.id}`, { name: 'n' }, { token: owner.token }))
          .status,
      ).toBe(400);
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
    it('adds by username with or without @, or by email; unknown users are 404, duplicates 409', async () => {
      const ws = await world.newWorkspace(owner);
      const [a, b, c] = [await world.newUser(), await world.newUser(), await world.newUser()];
      const add = (body: Json) =>
        http.post<Json>(`/api/workspaces/${ws}/members`, body, { token: owner.token });
      expect((await add({ username: a.username, role: 'member' })).status).toBe(200);
      expect((await add({ username: `@${b.username.toUpperCase()}`, role: 'admin' })).status).toBe(200);
      expect((await add({ email: c.email.toUpperCase(), role: 'member' })).status).toBe(200);
      expect((await add({ username: 'nobody-here', role: 'member' })).status).toBe(404);
      expect((await add({ email: 'nobody@example.com', role: 'member' })).status).toBe(404);
      const again = await add({ username: a.username, role: 'member' });
      expect([again.status, again.body.code]).toEqual([409, 'WORKSPACES.MEMBER_EXISTS']);
      expect((await add({ username: owner.username, role: 'member' })).status).toBe(409);
      const members = await http.get<Json>(`/api/workspaces/${ws}/members`, { token: owner.token });
      expect(members.body.members.map((m: Json) => [m.user_id, m.role])).toEqual([
        [owner.id, 'owner'],
        [a.id, 'member'],
        [b.id, 'admin'],
        [c.id, 'member'],
      ]);
      expect(members.body.members[1].email).toBe(a.email);
      const asMember = await http.get<Json>(`/api/workspaces/${ws}/members`, { token: a.token });
      expect(asMember.body.members[0]).not.toHaveProperty('email');
    });

    it.each([
      ['the owner role', { username: 'someone', role: 'owner' }],
      ['no role', { username: 'someone' }],
      ['neither username nor email', { role: 'member' }],
      ['both username and email', { username: 'someone', email: 'someone@example.com', role: 'member' }],
      ['a malformed email', { email: 'not-an-email', role: 'member' }],
      [
        'an oversized email',
        { email: `${'e'.repeat(WORKSPACE_LIMITS.emailMax)}@example.com`, role: 'member' },
      ],
      ['an oversized username', { username: 'u'.repeat(WORKSPACE_LIMITS.usernameMax + 1), role: 'member' }],
      ['a null username', { username: null, role: 'member' }],
    ])('refuses %s with 400', async (_what, body) => {
      const ws = await world.newWorkspace(owner);
      expect((await http.post(`/api/workspaces/${ws}/members`, body, { token: owner.token })).status).toBe(
        400,
      );
    });

    it('refuses a PATCH with disabled: true, the owner role or nothing to change (400)', async () => {
      const ws = await world.newWorkspace(owner);
      const m = await world.newUser();
      await world.addMember(ws, owner, m);
      for (const body of [{ disabled: true }, { role: 'owner' }, {}, { role: null }])
        expect(
          (await http.patch(`/api/workspaces/${ws}/members/${m.id}`, body, { token: owner.token })).status,
        ).toBe(400);
      expect(
        (
          await http.patch(
            `/api/workspaces/${ws}/members/${randomUUID()}`,
            { role: 'admin' },
            { token: owner.token },
          )
        ).status,
      ).toBe(404);
    });

    it('cuts a disabled member and the shares they made off at once, and restores both on re-enable', async () => {
      const ws = await world.newWorkspace(owner);
      const admin = await world.newUser();
      const viewer = await world.newUser();
      await world.addMember(ws, owner, admin, 'admin');
      await world.addMember(ws, owner, viewer);
      const { id } = await world.newConnection(admin);
      await world.share(ws, admin, id);
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
      expect(
        (
          await http.patch(
            `/api/workspaces/${ws}/members/${admin.id}`,
            { disabled: false },
            { token: owner.token },
          )
        ).status,
      ).toBe(200);
      expect(
        (await http.get<Json>(`/api/workspaces/${ws}`, { token: admin.token })).body.workspace.role,
      ).toBe('admin');
      expect((await http.get(`/api/connections/${id}/orgs`, { token: viewer.token })).status).toBe(200);
    });
  });

  describe('shared connections', () => {
    it('shares only a connection the caller owns; twice is 409; unshare pauses it and PATCH re-enables it', async () => {
      const ws = await world.newWorkspace(owner);
      const member = await world.newUser();
      await world.addMember(ws, owner, member);
      const other = await world.newUser();
      const theirs = await world.newConnection(other);
      const share = (connection_id: string) =>
        http.post<Json>(`/api/workspaces/${ws}/connections`, { connection_id }, { token: owner.token });
      expect((await share(theirs.id)).status).toBe(404);
      expect((await share(randomUUID())).status).toBe(404);
      const mine = await world.newConnection(owner);
      expect((await share(mine.id)).status).toBe(200);
      expect((await share(mine.id)).status).toBe(409);

      const impact = await http.get<Json>(`/api/workspaces/${ws}/connections/${mine.id}/impact`, {
        token: owner.token,
      });
      expect(impact.body).toEqual({
        is_disabled: false,
        disabled_reason: null,
        members_visible: 2,
        deployments_authored: 0,
      });

      expect(
        (
          await http.delete(`/api/workspaces/${ws}/connections?connection_id=${mine.id}`, {
            token: owner.token,
          })
        ).status,
      ).toBe(200);
      expect((await http.get(`/api/connections/${mine.id}/orgs`, { token: member.token })).status).toBe(404);
      const paused = await http.get<Json>(`/api/workspaces/${ws}/connections/${mine.id}/impact`, {
        token: owner.token,
      });
      expect(paused.body).toMatchObject({
        is_disabled: true,
        disabled_reason: 'unshared',
        members_visible: 0,
      });
      expect((await share(mine.id)).status).toBe(409);
      const memberView = await http.get<Json>(`/api/workspaces/${ws}`, { token: member.token });
      expect(memberView.body.workspace.connections).toEqual([]);

      const enabled = await http.patch(
        `/api/workspaces/${ws}/connections`,
        { connection_id: mine.id, disabled: false },
        { token: owner.token },
      );
      expect(enabled.status).toBe(200);
      expect((await http.get(`/api/connections/${mine.id}/orgs`, { token: member.token })).status).toBe(200);
    });

    it("keeps a share its connection's owner withdrew withdrawn: the workspace owner's re-enable is 403", async () => {
      const ws = await world.newWorkspace(owner);
      const admin = await world.newUser();
      const member = await world.newUser();
      await world.addMember(ws, owner, admin, 'admin');
      await world.addMember(ws, owner, member);
      const theirs = await world.newConnection(admin);
      await world.share(ws, admin, theirs.id);
      expect(
        (
          await http.delete(`/api/workspaces/${ws}/connections?connection_id=${theirs.id}`, {
            token: admin.token,
          })
        ).status,
      ).toBe(200);
      const reEnable = (token: string) =>
        http.patch(
          `/api/workspaces/${ws}/connections`,
          { connection_id: theirs.id, disabled: false },
          { token },
        );
      expect((await reEnable(owner.token)).status).toBe(403);
      expect((await http.get(`/api/connections/${theirs.id}/orgs`, { token: member.token })).status).toBe(
        404,
      );
      expect((await reEnable(admin.token)).status).toBe(200);
      expect((await http.get(`/api/connections/${theirs.id}/orgs`, { token: member.token })).status).toBe(
        200,
      );
    });

    it('answers 400 for bad share input and 404 for a connection not shared there', async () => {
      const ws = await world.newWorkspace(owner);
      const bad = [
        await http.post(
          `/api/workspaces/${ws}/connections`,
          { connection_id: 'nope' },
          { token: owner.token },
        ),
        await http.post(`/api/workspaces/${ws}/connections`, {}, { token: owner.token }),
        await http.patch(
          `/api/workspaces/${ws}/connections`,
          { connection_id: randomUUID(), disabled: true },
          { token: owner.token },
        ),
        await http.delete(`/api/workspaces/${ws}/connections`, { token: owner.token }),
        await http.delete(`/api/workspaces/${ws}/connections?connection_id=nope`, { token: owner.token }),
      ];
      expect(bad.map((r) => r.status)).toEqual([400, 400, 400, 400, 400]);
      const missing = randomUUID();
      expect(
        (
          await http.delete(`/api/workspaces/${ws}/connections?connection_id=${missing}`, {
            token: owner.token,
          })
        ).status,
      ).toBe(404);
      expect(
        (
          await http.patch(
            `/api/workspaces/${ws}/connections`,
            { connection_id: missing, disabled: false },
            { token: owner.token },
          )
        ).status,
      ).toBe(404);
      expect(
        (await http.get(`/api/workspaces/${ws}/connections/${missing}/impact`, { token: owner.token }))
          .status,
      ).toBe(404);
    });
  });

  describe('archive', () => {
    it('makes the workspace read-only (409) until unarchived; members still read it and use its shares', async () => {
      const ws = await world.newWorkspace(owner);
      const m = await world.newUser();
      await world.addMember(ws, owner, m);
      const shared = await world.newConnection(owner);
      await world.share(ws, owner, shared.id);
      const spare = await world.newConnection(owner);
      const first = await http.post<Json>(`/api/workspaces/${ws}/archive`, {}, { token: owner.token });
      const again = await http.post<Json>(`/api/workspaces/${ws}/archive`, {}, { token: owner.token });
      expect(again.body.archived_at).toBe(first.body.archived_at);

      // Every write's refusal is tested at the service level (workspaces.integration-spec.ts): here, the status.
      const write = await http.post<Json>(
        `/api/workspaces/${ws}/connections`,
        { connection_id: spare.id },
        { token: owner.token },
      );
      expect([write.status, write.body.code]).toEqual([409, 'WORKSPACES.ARCHIVED']);
      const detail = await http.get<Json>(`/api/workspaces/${ws}`, { token: m.token });
      expect(detail.status).toBe(200);
      expect(detail.body.workspace.archived_at).toBe(first.body.archived_at);
      expect((await http.get(`/api/connections/${shared.id}/orgs`, { token: m.token })).status).toBe(200);

      const unarchived = await http.delete<Json>(`/api/workspaces/${ws}/archive`, { token: owner.token });
      expect(unarchived.body).toEqual({ archived_at: null });
      expect(
        (await http.patch(`/api/workspaces/${ws}`, { name: 'Back' }, { token: owner.token })).status,
      ).toBe(200);
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

  if (kind === 'nats') {
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
        await pg.query(
          `WITH w AS (
             INSERT INTO workspaces.workspaces (name, slug, owner_id)
             SELECT 'Bulk', 'bulk-' || gen_random_uuid(), gen_random_uuid() FROM generate_series(1, $3) RETURNING id)
           INSERT INTO workspaces.shares (workspace_id, connection_id, shared_by) SELECT id, $1, $2 FROM w`,
          [id, owner.id, CONNECTION_LIMITS.sharesMax],
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
        expect(
          (await http.get<Json>(`/api/connections/${id}/impact`, { token: owner.token })).body
            .workspace_links,
        ).toBe(CONNECTION_LIMITS.sharesMax);
      });
    });
  }
});
