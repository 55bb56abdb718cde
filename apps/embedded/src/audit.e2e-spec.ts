import { cookieFrom, E2E_BUSES } from '@pc/testing';
import { Client } from 'pg';
import { AuditWorld, type Json, type TestUser } from './testing/audit-e2e';

const UA = 'audit-spec/1.0';
const headers = { 'user-agent': UA };

describe.each(E2E_BUSES)('the audit log over the %s bus', (kind) => {
  const world = new AuditWorld();
  /** The owner of a team workspace with a member, a connection to a tenant of their own, and a policy. */
  let owner: TestUser;
  let member: TestUser;
  let tenant: Awaited<ReturnType<AuditWorld['deployer']>>['tenant'];
  let connectionId: string;
  let workspaceId: string;

  beforeAll(async () => {
    await world.startWorld(kind);
    ({ user: owner, tenant, connectionId, workspaceId } = await world.deployer());
    member = await world.newUser();
    world.secrets.push(world.admin.token, owner.token, member.token, tenant.clientSecret);
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

  it('records webhook creation, change, rotation and deletion', async () => {
    const user = await world.newUser();
    const { endpoint } = await world.subscribe(user, ['webhook.ping']);
    const id = endpoint.id as string;
    await world.http.patch<Json>(`/api/webhooks/${id}`, { enabled: false }, as(user));
    const rotated = await world.http.post<Json>(`/api/webhooks/${id}/rotate-secret`, {}, as(user));
    world.secrets.push(rotated.body.secret);
    await world.http.delete<Json>(`/api/webhooks/${id}`, as(user));
    for (const action of [
      'webhook.created',
      'webhook.updated',
      'webhook.secret_rotated',
      'webhook.deleted',
    ]) {
      expect(await world.entries({ action, actor: user.id, target: id })).toHaveLength(1);
    }
    const [change] = await world.entries({ action: 'webhook.updated', actor: user.id, target: id });
    expect(change.summary).toEqual({ fields: ['enabled'], enabled: false });
  });

  /**
   * Every other audited action, one test each: the action is done as its users do it, and exactly one
   * entry names it, its actor and its target. In order: later rows use what earlier ones made.
   */
  describe('records each action once', () => {
    const made: Record<string, string> = {};
    const ok = (status: number) => expect([200, 201]).toContain(status);
    const deploy = async (body: Json = {}) => {
      const res = await world.http.post<Json>(
        '/api/deployments',
        { connectionId, workspaceId, targetOrganizationIds: [tenant.paymentsId], ...body },
        as(owner),
      );
      ok(res.status);
      return world.settled(owner.token, res.body.results[0].deployment.id as string);
    };
    const ACTIONS: Array<[string, () => Promise<{ actor: TestUser; target: string | null }>]> = [
      [
        'connection.created',
        async () => ({ actor: owner, target: (await world.newConnection(owner, tenant)).id }),
      ],
      [
        'connection.updated',
        async () => {
          ok(
            (await world.http.patch(`/api/connections/${connectionId}`, { name: 'Renamed' }, as(owner)))
              .status,
          );
          return { actor: owner, target: connectionId };
        },
      ],
      [
        'connection.credentials_rotated',
        async () => {
          const { clientId, clientSecret, organizationId } = world.credentials(tenant);
          const res = await world.http.patch(
            `/api/connections/${connectionId}`,
            { clientId, clientSecret, organizationId },
            as(owner),
          );
          ok(res.status);
          return { actor: owner, target: connectionId };
        },
      ],
      [
        'connection.deleted',
        async () => {
          const { id } = await world.newConnection(owner, tenant);
          ok((await world.http.delete(`/api/connections/${id}`, as(owner))).status);
          return { actor: owner, target: id };
        },
      ],
      [
        'workspace.member_added',
        async () => {
          await world.addMember(workspaceId, owner, member);
          return { actor: owner, target: workspaceId };
        },
      ],
      [
        'workspace.member_updated',
        async () => {
          const res = await world.http.patch(
            `/api/workspaces/${workspaceId}/members/${member.id}`,
            { role: 'admin' },
            as(owner),
          );
          ok(res.status);
          return { actor: owner, target: member.id };
        },
      ],
      [
        'workspace.member_disabled',
        async () => {
          ok(
            (await world.http.delete(`/api/workspaces/${workspaceId}/members/${member.id}`, as(owner)))
              .status,
          );
          return { actor: owner, target: member.id };
        },
      ],
      [
        'workspace.connection_shared',
        async () => {
          await world.share(workspaceId, owner, connectionId);
          return { actor: owner, target: connectionId };
        },
      ],
      [
        'workspace.connection_unshared',
        async () => {
          const res = await world.http.delete(
            `/api/workspaces/${workspaceId}/connections?connection_id=${connectionId}`,
            as(owner),
          );
          ok(res.status);
          return { actor: owner, target: connectionId };
        },
      ],
      [
        'workspace.share_enabled',
        async () => {
          const res = await world.http.patch(
            `/api/workspaces/${workspaceId}/connections`,
            { connection_id: connectionId, disabled: false },
            as(owner),
          );
          ok(res.status);
          return { actor: owner, target: connectionId };
        },
      ],
      [
        'workspace.archived',
        async () => {
          made.archived = await world.newWorkspace(owner);
          ok((await world.http.post(`/api/workspaces/${made.archived}/archive`, {}, as(owner))).status);
          return { actor: owner, target: made.archived };
        },
      ],
      [
        'workspace.unarchived',
        async () => {
          ok((await world.http.delete(`/api/workspaces/${made.archived}/archive`, as(owner))).status);
          return { actor: owner, target: made.archived };
        },
      ],
      [
        'submission.approved',
        async () => {
          const policy = await world.publishedPolicy(owner);
          made.policy = policy.id;
          return { actor: world.admin, target: policy.submissionId };
        },
      ],
      [
        'submission.rejected',
        async () => {
          const { submissionId } = await world.newDeployablePolicy(owner);
          const res = await world.http.post(
            `/api/admin/submissions/${submissionId}/reject`,
            { feedback: 'Not a policy yet' },
            admin(),
          );
          ok(res.status);
          return { actor: world.admin, target: submissionId };
        },
      ],
      [
        'revision.approved',
        async () => {
          const id = await revision('A clearer description of what the policy guards against.');
          ok((await world.http.post(`/api/admin/revisions/${id}/approve`, {}, admin())).status);
          return { actor: world.admin, target: id };
        },
      ],
      [
        'revision.rejected',
        async () => {
          const id = await revision('Another description, proposed and refused.');
          ok(
            (await world.http.post(`/api/admin/revisions/${id}/reject`, { feedback: 'No' }, admin())).status,
          );
          return { actor: world.admin, target: id };
        },
      ],
      ...(['approve', 'needs-improvement', 'reject'] as const).map(
        (decision): [string, () => Promise<{ actor: TestUser; target: string | null }>] => [
          `ruleset_submission.${decision === 'approve' ? 'approved' : decision === 'reject' ? 'rejected' : 'needs_improvement'}`,
          async () => {
            const submissionId = fixtures.rulesets[decision];
            const res = await world.http.post(
              `/api/admin/ruleset-submissions/${submissionId}/${decision}`,
              { feedback: 'Reviewed' },
              admin(),
            );
            ok(res.status);
            return { actor: world.admin, target: submissionId };
          },
        ],
      ),
      [
        'transfer.offered',
        async () => {
          const res = await world.http.post<Json>(
            `/api/policies/${made.policy}/transfers`,
            { recipientUsername: member.username },
            as(owner),
          );
          ok(res.status);
          made.transfer = res.body.transfer.id as string;
          return { actor: owner, target: made.transfer };
        },
      ],
      [
        'transfer.rejected',
        async () => {
          ok((await world.http.post(`/api/transfers/${made.transfer}/reject`, {}, as(member))).status);
          return { actor: member, target: made.transfer };
        },
      ],
      [
        'transfer.cancelled',
        async () => {
          const id = await offer();
          ok((await world.http.post(`/api/transfers/${id}/cancel`, {}, as(owner))).status);
          return { actor: owner, target: id };
        },
      ],
      [
        'transfer.accepted',
        async () => {
          const id = await offer();
          ok((await world.http.post(`/api/transfers/${id}/accept`, {}, as(member))).status);
          return { actor: member, target: id };
        },
      ],
      [
        'deployment.created',
        async () => {
          const policy = await world.newDeployablePolicy(owner);
          made.deployment = (await deploy({ policyId: policy.id, doPublish: true, version: '1.0.0' })).id;
          return { actor: owner, target: policy.id };
        },
      ],
      [
        'deployment.cancelled',
        async () => {
          ok((await world.http.post(`/api/deployments/${made.deployment}/cancel`, {}, as(owner))).status);
          return { actor: owner, target: made.deployment };
        },
      ],
      [
        'deployment.unpublished',
        async () => {
          ok((await world.http.post(`/api/deployments/${made.deployment}/unpublish`, {}, as(owner))).status);
          return { actor: owner, target: made.deployment };
        },
      ],
      [
        'deployment.release_deleted',
        async () => {
          const res = await world.http.post(
            `/api/deployments/${made.deployment}/delete-release`,
            {},
            as(owner),
          );
          ok(res.status);
          return { actor: owner, target: made.deployment };
        },
      ],
      [
        'deployment.deleted',
        async () => {
          const failed = await world.settled(owner.token, fixtures.failed[0]);
          expect(failed.status).toBe('failed');
          ok((await world.http.delete(`/api/deployments/${failed.id}`, as(owner))).status);
          return { actor: owner, target: failed.id };
        },
      ],
      [
        'deployment.failed_deleted',
        async () => {
          const failed = await world.settled(owner.token, fixtures.failed[1]);
          expect(failed.status).toBe('failed');
          const res = await world.http.post(
            '/api/deployments/delete-failed',
            { policyId: failed.policy_id },
            as(owner),
          );
          ok(res.status);
          return { actor: owner, target: null };
        },
      ],
      [
        'rollout.created',
        async () => {
          const policy = await world.newDeployablePolicy(owner);
          const res = await world.http.post<Json>(
            '/api/rollouts',
            {
              policyId: policy.id,
              connectionId,
              workspaceId,
              version: '1.0.0',
              doPublish: true,
              // A bake of an hour: it stays running for the actions below.
              bakeSeconds: 3600,
              steps: [[tenant.paymentsId], [tenant.cardsId]],
            },
            as(owner),
          );
          ok(res.status);
          made.rollout = res.body.rollout.id as string;
          return { actor: owner, target: made.rollout };
        },
      ],
      ...(
        [
          ['rollout.paused', 'pause'],
          ['rollout.resumed', 'resume'],
          ['rollout.rolled_back', 'rollback'],
        ] as const
      ).map(([action, act]): [string, () => Promise<{ actor: TestUser; target: string | null }>] => [
        action,
        async () => {
          ok((await world.http.post(`/api/rollouts/${made.rollout}/${act}`, {}, as(owner))).status);
          return { actor: owner, target: made.rollout };
        },
      ]),
      [
        'rollout.aborted',
        async () => {
          const policy = await world.newDeployablePolicy(owner);
          const res = await world.http.post<Json>(
            '/api/rollouts',
            {
              policyId: policy.id,
              connectionId,
              workspaceId,
              version: '1.0.0',
              doPublish: true,
              steps: [[tenant.rootId]],
            },
            as(owner),
          );
          ok(res.status);
          const id = res.body.rollout.id as string;
          ok((await world.http.post(`/api/rollouts/${id}/abort`, {}, as(owner))).status);
          return { actor: owner, target: id };
        },
      ],
      ...(['approve', 'reject'] as const).map(
        (decision): [string, () => Promise<{ actor: TestUser; target: string | null }>] => [
          decision === 'approve' ? 'admin.idea_approved' : 'admin.idea_rejected',
          async () => {
            const id = await world.newIdea(member);
            ok((await world.http.post(`/api/admin/ideas/${id}/${decision}`, {}, admin())).status);
            return { actor: world.admin, target: id };
          },
        ],
      ),
      [
        'admin.policy_pinned',
        async () => {
          ok((await world.http.post(`/api/policies/${made.policy}/pin`, {}, admin())).status);
          return { actor: world.admin, target: made.policy };
        },
      ],
      [
        'admin.ruleset_pinned',
        async () => {
          const res = await world.http.post(`/api/rulesets/${fixtures.approvedRuleset}/pin`, {}, admin());
          ok(res.status);
          return { actor: world.admin, target: fixtures.approvedRuleset };
        },
      ],
      [
        'admin.reviewer_designated',
        async () => {
          const res = await world.http.post(
            `/api/admin/policies/${made.policy}/reviewers`,
            { userId: member.id },
            admin(),
          );
          ok(res.status);
          return { actor: world.admin, target: made.policy };
        },
      ],
      [
        'admin.reviewer_removed',
        async () => {
          const res = await world.http.delete(
            `/api/admin/policies/${made.policy}/reviewers/${member.id}`,
            admin(),
          );
          ok(res.status);
          return { actor: world.admin, target: made.policy };
        },
      ],
      [
        'admin.vendor_index_reloaded',
        async () => {
          ok((await world.http.post('/api/admin/vendor-index/reload', {}, admin())).status);
          return { actor: world.admin, target: null };
        },
      ],
    ];

    async function revision(value: string): Promise<string> {
      const res = await world.http.post<Json>(
        `/api/policies/${made.policy}/revisions`,
        { field: 'description', value },
        as(owner),
      );
      ok(res.status);
      return res.body.revision.id as string;
    }

    /** A transfer of a fresh published policy of the owner's to the member. */
    async function offer(): Promise<string> {
      const { id } = await world.publishedPolicy(owner);
      const res = await world.http.post<Json>(
        `/api/policies/${id}/transfers`,
        { recipientUsername: member.username },
        as(owner),
      );
      ok(res.status);
      return res.body.transfer.id as string;
    }

    /** A deployment that fails (its build refuses the version), enqueued now, settled when asked. */
    async function failingDeployment(): Promise<string> {
      const bad = await world.newDeployablePolicy(owner, {
        broken: { 'Cargo.toml': '[package]\nname = "x"\nversion = "one"\n' },
      });
      const res = await world.http.post<Json>(
        '/api/deployments',
        {
          policyId: bad.id,
          ref: 'broken',
          connectionId,
          workspaceId,
          targetOrganizationIds: [tenant.paymentsId],
        },
        as(owner),
      );
      ok(res.status);
      return res.body.results[0].deployment.id as string;
    }

    /** What the slow rows need, made at once (ruleset submissions validate, deployments build). */
    const fixtures = {
      rulesets: {} as Record<'approve' | 'needs-improvement' | 'reject', string>,
      /** The ruleset whose submission the administrator approves: published, then pinned by hand. */
      approvedRuleset: '',
      failed: [] as string[],
    };
    beforeAll(async () => {
      const [approve, improve, reject, ...failed] = await Promise.all([
        world.newDeployableRuleset(owner),
        world.newDeployableRuleset(owner),
        world.newDeployableRuleset(owner),
        failingDeployment(),
        failingDeployment(),
      ]);
      fixtures.approvedRuleset = approve.id;
      fixtures.rulesets = {
        approve: approve.submissionId,
        'needs-improvement': improve.submissionId,
        reject: reject.submissionId,
      };
      fixtures.failed = failed;
    });

    it.each(ACTIONS)('%s', async (action, perform) => {
      const { actor, target } = await perform();
      const mine = await world.entries({ action, actor: actor.id, target: target ?? undefined });
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ actor_user_id: actor.id, address: '127.0.0.1' });
    });

    it('names the workspace of workspace actions, and deployments in it', async () => {
      for (const action of [
        'workspace.member_added',
        'workspace.connection_shared',
        'deployment.created',
        'rollout.created',
      ]) {
        const [entry] = await world.entries({ action, actor: owner.id });
        expect(entry.workspace_id).toBe(workspaceId);
      }
      const [rotated] = await world.entries({ action: 'connection.credentials_rotated', actor: owner.id });
      expect(rotated.summary).toEqual({ fields: ['clientId', 'clientSecret', 'organizationId'] });
    });
  });

  it("shows a workspace's entries to its owner (and administrators) only", async () => {
    const page = await world.http.get<Json>(`/api/workspaces/${workspaceId}/audit`, as(owner));
    expect(page.status).toBe(200);
    const actions = new Set((page.body.entries as Json[]).map((e) => e.action));
    for (const action of ['workspace.member_added', 'workspace.member_disabled', 'deployment.created'])
      expect(actions).toContain(action);
    expect((page.body.entries as Json[]).every((e) => e.workspace_id === workspaceId)).toBe(true);
    const filtered = await world.http.get<Json>(
      `/api/workspaces/${workspaceId}/audit?action=workspace.connection_unshared`,
      as(owner),
    );
    expect((filtered.body.entries as Json[]).map((e) => e.action)).toEqual(['workspace.connection_unshared']);
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

  it('is append-only: the table refuses updates, and no entry holds a secret', async () => {
    const sql = new Client({ connectionString: world.db.url });
    await sql.connect();
    try {
      await expect(sql.query(`UPDATE identity.audit_log SET action = 'auth.signed_in'`)).rejects.toThrow(
        /append-only/,
      );
      const { rows } = await sql.query<{ entry: string }>(
        `SELECT row_to_json(a)::text AS entry FROM identity.audit_log a`,
      );
      expect(rows.length).toBeGreaterThan(40);
      const all = rows.map((r) => r.entry).join('\n');
      expect(world.secrets.length).toBeGreaterThan(5);
      for (const secret of world.secrets) expect([secret, all.includes(secret)]).toEqual([secret, false]);
      expect(all).not.toMatch(/pcat_|whsec_|sb-access-token/);
    } finally {
      await sql.end();
    }
  });
});
