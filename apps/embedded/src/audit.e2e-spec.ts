import { cookieFrom, E2E_BUSES } from '@pc/testing';
import { Client } from 'pg';
import { AuditWorld, type Json, type TestUser } from './testing/audit-e2e';

const UA = 'audit-spec/1.0';
const headers = { 'user-agent': UA };

/**
 * The audit log through the whole system: an audited request's record goes from the gateway's outbox
 * over NATS to identity and is read back through the routes that show it. What each audited route
 * records (action, actor, target, workspace, summary) is held by the gateway's
 * `audited-routes.integration-spec.ts`; who reads which entries, paging, redaction and the append-only
 * table by identity's `audit.integration-spec.ts`.
 */
describe.each(E2E_BUSES)('the audit log over the %s bus', (kind) => {
  const world = new AuditWorld();
  /** The owner of a team workspace with a member. */
  let owner: TestUser;
  let member: TestUser;
  let workspaceId: string;

  beforeAll(async () => {
    await world.startWorld(kind);
    [owner, member] = await Promise.all([world.newUser(), world.newUser()]);
    workspaceId = await world.newWorkspace(owner);
    await world.addMember(workspaceId, owner, member);
    world.secrets.push(world.admin.token, owner.token, member.token);
  });

  afterAll(() => world.stopWorld());

  const as = (user: TestUser) => ({ token: user.token, headers });
  const admin = () => as(world.admin);

  it('records sign-up, sign-in, a failed sign-in and sign-out once each, with address, user agent and request id', async () => {
    const email = `signin-${Date.now()}@example.com`;
    const password = `pw-${Date.now()}-secret`;
    world.secrets.push(password);
    const signup = await world.http.post<Json>(
      '/api/auth/signup',
      { email, password, name: 'A' },
      { headers },
    );
    expect(signup.status).toBe(201);
    const id = signup.body.user.id as string;
    const [entry] = await world.entries({ action: 'auth.signed_up', actor: id });
    expect(entry).toMatchObject({
      actor_via: 'anonymous',
      target_id: id,
      user_agent: UA,
      address: '127.0.0.1',
    });
    expect(entry.request_id).toEqual(expect.any(String));

    const login = await world.http.post<Json>('/api/auth/login', { email, password }, { headers });
    expect(login.status).toBe(200);
    expect(await world.entries({ action: 'auth.signed_in', actor: id })).toHaveLength(1);
    const failed = await world.http.post<Json>(
      '/api/auth/login',
      { email, password: 'wrong-password-1' },
      { headers },
    );
    expect(failed.status).toBe(401);
    const [refusal] = await world.entries({ action: 'auth.sign_in_failed', target: email });
    expect(refusal).toMatchObject({ actor_user_id: null, target_type: 'email' });
    const cookie = cookieFrom(login, 'sb-access-token')!;
    // The session's credential (the cookie's value) is a secret too: the scan at the end looks for it.
    world.secrets.push(cookie.replace(/^sb-access-token=/, ''));
    expect((await world.http.post<Json>('/api/auth/logout', {}, { cookie, headers })).status).toBe(200);
    expect(await world.entries({ action: 'auth.signed_out', actor: id })).toHaveLength(1);
  });

  it('records token creation (the token id, never the secret) and revocation, and who used a token', async () => {
    const user = await world.newUser();
    // Tokens are made in a browser session.
    const login = await world.http.post<Json>('/api/auth/login', {
      email: user.email,
      password: 'password123',
    });
    const session = { cookie: cookieFrom(login, 'sb-access-token')!, headers };
    const created = await world.http.post<Json>(
      '/api/tokens',
      { name: 'ci', scopes: ['api:read', 'api:write'] },
      session,
    );
    world.secrets.push(created.body.token);
    const tokenId = created.body.record.id as string;
    const [entry] = await world.entries({ action: 'token.created', actor: user.id, target: tokenId });
    expect(entry).toMatchObject({ summary: { name: 'ci', scopes: ['api:read', 'api:write'] } });
    const profile = await world.http.patch<Json>(
      '/api/me',
      { bio: 'audited' },
      { headers: { ...headers, authorization: `Bearer ${created.body.token}` } },
    );
    expect(profile.status).toBe(200);
    // The second profile change of the user (the first set their username, in a session).
    const changes = await world.entries({ action: 'profile.updated', actor: user.id }, 2);
    const updated = changes.find((e) => e.actor_via === 'token');
    expect(updated).toMatchObject({
      actor_via: 'token',
      actor_token_id: tokenId,
      summary: { fields: ['bio'] },
    });
    expect((await world.http.delete<Json>(`/api/tokens/${tokenId}`, session)).status).toBe(200);
    expect(await world.entries({ action: 'token.revoked', actor: user.id, target: tokenId })).toHaveLength(1);
  });

  it("shows a workspace's entries to its owner (and administrators) only", async () => {
    await world.entries({ action: 'workspace.member_added', actor: owner.id });
    const page = await world.http.get<Json>(`/api/workspaces/${workspaceId}/audit`, as(owner));
    expect(page.status).toBe(200);
    expect(page.body.entries).toEqual([
      expect.objectContaining({
        action: 'workspace.member_added',
        actor_user_id: owner.id,
        workspace_id: workspaceId,
      }),
    ]);
    const filtered = await world.http.get<Json>(
      `/api/workspaces/${workspaceId}/audit?action=workspace.archived`,
      as(owner),
    );
    expect(filtered.body.entries).toEqual([]);
    expect((await world.http.get(`/api/workspaces/${workspaceId}/audit`, admin())).status).toBe(200);

    // A member who is not the owner: 403; someone who is not a member: 404.
    const colleague = await world.newUser();
    await world.addMember(workspaceId, owner, colleague, 'admin');
    expect((await world.http.get(`/api/workspaces/${workspaceId}/audit`, as(colleague))).status).toBe(403);
    const stranger = await world.newUser();
    expect((await world.http.get(`/api/workspaces/${workspaceId}/audit`, as(stranger))).status).toBe(404);
  });

  it('shows each user their own events only, administrators everything; pages by keyset and exports JSON lines', async () => {
    const user = await world.newUser();
    const mine = await world.http.get<Json>('/api/me/audit', as(user));
    expect(mine.status).toBe(200);
    expect((mine.body.entries as Json[]).every((e) => e.actor_user_id === user.id)).toBe(true);
    expect((await world.http.get<Json>('/api/admin/audit', as(user))).status).toBe(403);
    expect((await world.http.get<Json>('/api/admin/audit')).status).toBe(401);

    const first = await world.http.get<Json>('/api/admin/audit?limit=2', admin());
    expect(first.body.entries).toHaveLength(2);
    expect(first.body.hasMore).toBe(true);
    const second = await world.http.get<Json>(
      `/api/admin/audit?limit=2&cursor=${first.body.nextCursor}`,
      admin(),
    );
    const ids = [...first.body.entries, ...second.body.entries].map((e: Json) => e.id);
    expect(new Set(ids).size).toBe(4);

    const exported = await fetch(`${world.http.baseUrl}/api/admin/audit/export?limit=3`, {
      headers: { authorization: `Bearer ${world.admin.token}` },
    });
    expect(exported.headers.get('content-type')).toMatch(/application\/x-ndjson/);
    const lines = (await exported.text()).trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(JSON.parse(lines[0])).toMatchObject({ id: first.body.entries[0].id });
    expect(exported.headers.get('audit-next-cursor')).toEqual(expect.any(String));
  });

  it('holds no secret handed out in the file in any entry', async () => {
    const sql = new Client({ connectionString: world.db.url });
    await sql.connect();
    try {
      const { rows } = await sql.query<{ entry: string }>(
        `SELECT row_to_json(a)::text AS entry FROM identity.audit_log a`,
      );
      expect(rows.length).toBeGreaterThan(10);
      const all = rows.map((r) => r.entry).join('\n');
      expect(world.secrets.length).toBeGreaterThan(5);
      for (const secret of world.secrets) expect([secret, all.includes(secret)]).toEqual([secret, false]);
      expect(all).not.toMatch(/pcat_|whsec_|sb-access-token/);
    } finally {
      await sql.end();
    }
  });
});
