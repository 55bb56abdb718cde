import { randomUUID } from 'node:crypto';
import { WEBHOOK_EVENT_TYPES, WORKSPACE_WEBHOOK_EVENT_TYPES } from '@pc/contracts';
import { leaseMs } from '@pc/identity';
import { cookieFrom, E2E_BUSES } from '@pc/testing';
import { Client } from 'pg';
import { Webhook } from 'standardwebhooks';
import { AuditWorld, eventually, type Json, type TestUser } from './testing/audit-e2e';

/** An attempt's time-out: the lease of a claimed attempt (what a killed process leaves) follows from it. */
const TIMEOUT_MS = 2000;

const UA = 'audit-spec/1.0';
const headers = { 'user-agent': UA };

describe.each(E2E_BUSES)('webhooks and the audit log over the %s bus', (kind) => {
  const world = new AuditWorld();
  const receiver = world.receiver;

  // Identity (which runs the webhook dispatcher) is a process of its own, so that a test can kill it.
  beforeAll(() =>
    world.startWorld(kind, { WEBHOOKS_TIMEOUT_MS: String(TIMEOUT_MS) }, { identityProcess: true }),
  );
  afterAll(() => world.stopWorld());

  const as = (user: TestUser) => ({ token: user.token });

  async function settled(user: TestUser, endpointId: string, deliveryId: string, status = 'succeeded') {
    return eventually(async () => {
      const page = await world.http.get<Json>(`/api/webhooks/${endpointId}/deliveries`, as(user));
      const delivery = (page.body.deliveries as Json[]).find((d) => d.id === deliveryId);
      return delivery?.status === status ? delivery : undefined;
    });
  }

  /**
   * The audit log through the whole system: an audited request's record goes from the gateway's outbox
   * over NATS to identity and is read back through the routes that show it. What each audited route
   * records (action, actor, target, workspace, summary) is held by the gateway's
   * `audited-routes.integration-spec.ts`; who reads which entries, paging, redaction and the append-only
   * table by identity's `audit.integration-spec.ts`.
   */
  describe('the audit log', () => {
    /** The owner of a team workspace with a member. */
    let owner: TestUser;
    let member: TestUser;
    let workspaceId: string;

    beforeAll(async () => {
      [owner, member] = await Promise.all([world.newUser(), world.newUser()]);
      workspaceId = await world.newWorkspace(owner);
      await world.addMember(workspaceId, owner, member);
      world.secrets.push(world.admin.token, owner.token, member.token);
    });

    const audited = (user: TestUser) => ({ token: user.token, headers });
    const admin = () => audited(world.admin);

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
      expect(await world.entries({ action: 'token.revoked', actor: user.id, target: tokenId })).toHaveLength(
        1,
      );
    });

    it("shows a workspace's entries to its owner (and administrators) only", async () => {
      await world.entries({ action: 'workspace.created', actor: owner.id, target: workspaceId });
      await world.entries({ action: 'workspace.member_added', actor: owner.id });
      const page = await world.http.get<Json>(`/api/workspaces/${workspaceId}/audit`, audited(owner));
      expect(page.status).toBe(200);
      expect(page.body.entries).toEqual([
        expect.objectContaining({
          action: 'workspace.member_added',
          actor_user_id: owner.id,
          workspace_id: workspaceId,
        }),
        expect.objectContaining({
          action: 'workspace.created',
          actor_user_id: owner.id,
          workspace_id: workspaceId,
          summary: { name: expect.any(String) },
        }),
      ]);
      const filtered = await world.http.get<Json>(
        `/api/workspaces/${workspaceId}/audit?action=workspace.archived`,
        audited(owner),
      );
      expect(filtered.body.entries).toEqual([]);
      expect((await world.http.get(`/api/workspaces/${workspaceId}/audit`, admin())).status).toBe(200);

      // A member who is not the owner: 403; someone who is not a member: 404.
      const colleague = await world.newUser();
      await world.addMember(workspaceId, owner, colleague, 'admin');
      expect((await world.http.get(`/api/workspaces/${workspaceId}/audit`, audited(colleague))).status).toBe(
        403,
      );
      const stranger = await world.newUser();
      expect((await world.http.get(`/api/workspaces/${workspaceId}/audit`, audited(stranger))).status).toBe(
        404,
      );
    });

    it('shows each user their own events only, administrators everything; pages by keyset and exports JSON lines', async () => {
      const user = await world.newUser();
      const mine = await world.http.get<Json>('/api/me/audit', audited(user));
      expect(mine.status).toBe(200);
      expect((mine.body.entries as Json[]).every((e) => e.actor_user_id === user.id)).toBe(true);
      expect((await world.http.get<Json>('/api/admin/audit', audited(user))).status).toBe(403);
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

  it('delivers a signed message that the Standard Webhooks verifier accepts, and refuses forgeries', async () => {
    const user = await world.newUser();
    const { endpoint, secret } = await world.subscribe(user, ['webhook.ping', 'deployment.succeeded']);
    expect(secret).toMatch(/^whsec_/);
    const listed = await world.http.get<Json>('/api/webhooks', as(user));
    expect(JSON.stringify(listed.body)).not.toContain(secret);

    const ping = await world.http.post<Json>(`/api/webhooks/${endpoint.id}/ping`, {}, as(user));
    expect(ping.status).toBe(201);
    const delivery = await settled(user, endpoint.id, ping.body.delivery.id);
    expect(delivery).toMatchObject({ attempts: 1, response_status: 204 });
    const [message] = receiver.withId(ping.body.delivery.id);
    const verifier = new Webhook(secret);
    expect(verifier.verify(message.body, message.headers)).toMatchObject({
      type: 'webhook.ping',
      version: 1,
      data: { endpoint_id: endpoint.id },
    });
    expect(() => verifier.verify(message.body.replace('ping', 'pong'), message.headers)).toThrow(
      /No matching signature/,
    );
    expect(() =>
      new Webhook(`whsec_${Buffer.from('another secret of 32 bytes......').toString('base64')}`).verify(
        message.body,
        message.headers,
      ),
    ).toThrow(/No matching signature/);
    const old = new Date(Date.now() - 10 * 60_000);
    const replayed = {
      ...message.headers,
      'webhook-timestamp': String(Math.floor(old.getTime() / 1000)),
      'webhook-signature': verifier.sign(message.headers['webhook-id'], old, message.body),
    };
    expect(() => verifier.verify(message.body, replayed)).toThrow(/too old/);

    // Redelivered by hand: once more, same id. Rotated: a new secret.
    const again = await world.http.post<Json>(
      `/api/webhooks/${endpoint.id}/deliveries/${ping.body.delivery.id}/redeliver`,
      {},
      as(user),
    );
    expect(again.status).toBe(201);
    expect((await settled(user, endpoint.id, ping.body.delivery.id)).attempts).toBe(2);
    expect(receiver.withId(ping.body.delivery.id)).toHaveLength(2);
    const rotated = await world.http.post<Json>(
      `/api/webhooks/${endpoint.id}/rotate-secret`,
      { overlap_seconds: 3600 },
      as(user),
    );
    expect(rotated.status).toBe(201);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(secret);
  });

  it('loses no delivery whose identity process is killed mid-attempt: a new process sends it once, when its lease runs out', async () => {
    const user = await world.newUser();
    const { endpoint, secret } = await world.subscribe(user, ['webhook.ping'], { path: '/held' });
    // The receiver holds the first attempt open, and identity is killed while it waits for the answer.
    const killed = new Promise<void>((resolve) =>
      receiver.holdNext('/held', () => void world.killIdentity().then(resolve)),
    );
    const ping = await world.http.post<Json>(`/api/webhooks/${endpoint.id}/ping`, {}, as(user));
    expect(ping.status).toBe(201);
    await killed;
    await world.startIdentity();

    const delivery = await settled(user, endpoint.id, ping.body.delivery.id);
    expect(delivery).toMatchObject({ attempts: 2, response_status: 204 });
    const [held, sent] = receiver.withId(ping.body.delivery.id);
    // Not before the killed attempt's lease ran out (it began before the held request arrived).
    expect(sent.at - held.at).toBeGreaterThanOrEqual(leaseMs(TIMEOUT_MS) - TIMEOUT_MS);
    expect(new Webhook(secret).verify(sent.body, sent.headers)).toMatchObject({
      type: 'webhook.ping',
      data: { endpoint_id: endpoint.id },
    });
    // Delivered once: no attempt after the one that succeeded.
    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.withId(ping.body.delivery.id)).toHaveLength(2);
  });

  /**
   * The event types as they happen: each owning service writes its durable event in the transaction of
   * the change, identity fans it out to the endpoints of whom it concerns.
   */
  describe('events from the services that own them', () => {
    let owner: TestUser;
    let tenant: Awaited<ReturnType<AuditWorld['deployer']>>['tenant'];
    let connectionId: string;
    let workspaceId: string;
    /** The owner's endpoint (every event type a user takes) and the workspace's (every one it takes). */
    let mine: { endpoint: Json; secret: string };
    let team: { endpoint: Json; secret: string };

    beforeAll(async () => {
      ({ user: owner, tenant, connectionId, workspaceId } = await world.deployer());
      const eventsOf = (types: readonly string[]) =>
        types.filter((t) => t !== 'webhook.ping' && t !== 'idea.delivered');
      mine = await world.subscribe(owner, eventsOf(WEBHOOK_EVENT_TYPES), { path: '/mine' });
      team = await world.subscribe(owner, eventsOf(WORKSPACE_WEBHOOK_EVENT_TYPES), {
        path: '/team',
        workspaceId,
      });
    });

    /** A delivery names its endpoint in that endpoint's log only: the message ids of each log. */
    const logs = new Map<string, Set<string>>();
    const isFor = (message: { headers: Record<string, string> }, endpointId: string): boolean =>
      logs.get(endpointId)?.has(message.headers['webhook-id']) ?? false;
    async function refreshLogs(): Promise<void> {
      for (const endpoint of [mine.endpoint, team.endpoint]) {
        const page = await world.http.get<Json>(
          `/api/webhooks/${endpoint.id}/deliveries?limit=100`,
          as(owner),
        );
        logs.set(endpoint.id as string, new Set((page.body.deliveries as Json[]).map((d) => d.id as string)));
      }
    }

    /** The one message of a type about a subject (an id in its data) sent to an endpoint, verified with its secret. */
    async function receivedAt(to: 'mine' | 'team', type: string, about: string): Promise<Json> {
      const { endpoint, secret } = to === 'mine' ? mine : team;
      const message = await eventually(async () => {
        await refreshLogs();
        return receiver.received.find(
          (r) =>
            r.body.includes(`"type":"${type}"`) && r.body.includes(about) && isFor(r, endpoint.id as string),
        );
      });
      return new Webhook(secret).verify(message.body, message.headers) as Json;
    }

    it('a deployment that succeeds, then fails, then is removed out of band: its author and its workspace hear each', async () => {
      const policy = await world.newDeployablePolicy(owner, {
        broken: { 'Cargo.toml': '[package]\nname = "x"\nversion = "one"\n' },
      });
      const deploy = async (body: Json) => {
        const res = await world.http.post<Json>(
          '/api/deployments',
          {
            policyId: policy.id,
            connectionId,
            workspaceId,
            targetOrganizationIds: [tenant.cardsId],
            ...body,
          },
          as(owner),
        );
        expect(res.status).toBe(201);
        return world.settled(owner.token, res.body.results[0].deployment.id as string);
      };
      const good = await deploy({ doRelease: true, version: '2.0.0' });
      expect(good.status).toBe('succeeded');
      for (const to of ['mine', 'team'] as const) {
        expect(await receivedAt(to, 'deployment.succeeded', good.id)).toMatchObject({
          data: { deployment_id: good.id, workspace_id: workspaceId, policy_id: policy.id },
        });
      }
      const bad = await deploy({ ref: 'broken' });
      expect(bad.status).toBe('failed');
      for (const to of ['mine', 'team'] as const) {
        expect((await receivedAt(to, 'deployment.failed', bad.id)).data.error).toMatch(/MAJOR\.MINOR\.PATCH/);
      }

      const state = await world.control.platformState();
      const applied = state.organizations.find((o) => o.id === tenant.cardsId)!.applied[0];
      await world.control.removeApplied(tenant.cardsId, applied.assetId);
      const sync = await world.http.post<Json>(`/api/deployments/${good.id}/sync`, {}, as(owner));
      expect(sync.body).toMatchObject({ result: 'deleted', status: 'removed' });
      for (const to of ['mine', 'team'] as const) {
        expect(await receivedAt(to, 'deployment.drift_detected', good.id)).toMatchObject({
          data: { found: 'deleted', status: 'removed' },
        });
      }
      // Synced again with nothing changed: no second drift.
      await world.http.post<Json>(`/api/deployments/${good.id}/sync`, {}, as(owner));

      // A new reviewed version of what the workspace deployed (the approval pins it): both hear it.
      const queue = await world.http.post<Json>(
        `/api/admin/submissions/${policy.submissionId}/approve`,
        {},
        { token: world.admin.token },
      );
      expect(queue.status).toBe(200);
      for (const to of ['mine', 'team'] as const) {
        expect(await receivedAt(to, 'version.published', policy.id)).toMatchObject({
          data: {
            asset_type: 'policy',
            resource_id: policy.id,
            commit: expect.stringMatching(/^[0-9a-f]{40}$/),
          },
        });
      }
      await refreshLogs();
      const drifts = receiver.received.filter(
        (r) => r.body.includes('"deployment.drift_detected"') && isFor(r, mine.endpoint.id as string),
      );
      expect(drifts).toHaveLength(1);
    });

    it("a self-heal's success says so: the deployment's message has no self_heal, the heal's has self_heal: true, signed", async () => {
      const d = { user: owner, tenant, connectionId, workspaceId };
      const ruleset = await world.newDeployableRuleset(owner, { registryVersion: '0.5.0' });
      const res = await world.deployRuleset(d, ruleset.id, { doRelease: true });
      expect(res.status).toBe(201);
      const id = res.body.results[0].deployment.id as string;
      expect((await world.settled(owner.token, id)).status).toBe('succeeded');
      /** The verified `deployment.succeeded` messages about the deployment an endpoint got, oldest first. */
      const succeededAt = async (to: 'mine' | 'team', count: number): Promise<Json[]> => {
        const { endpoint, secret } = to === 'mine' ? mine : team;
        const messages = await eventually(async () => {
          await refreshLogs();
          const found = receiver.received.filter(
            (r) =>
              r.body.includes('"type":"deployment.succeeded"') &&
              r.body.includes(id) &&
              isFor(r, endpoint.id as string),
          );
          return found.length >= count ? found : undefined;
        }, 60_000);
        return messages.map((m) => new Webhook(secret).verify(m.body, m.headers) as Json);
      };
      for (const to of ['mine', 'team'] as const) {
        const [deployed] = await succeededAt(to, 1);
        expect(deployed.data).toMatchObject({ deployment_id: id, ruleset_id: ruleset.id });
        expect(deployed.data).not.toHaveProperty('self_heal');
      }

      // The workspace heals drift; the ruleset is removed from Payments behind the service's back.
      const selfHeal = (on: boolean) =>
        world.http.put<Json>(
          `/api/workspaces/${workspaceId}/deployment-settings`,
          { selfHeal: on },
          as(owner),
        );
      expect((await selfHeal(true)).status).toBe(200);
      try {
        await world.control.removeApplied(tenant.paymentsId, ruleset.assetId);
        const refresh = await world.http.post<Json>(`/api/deployments/${id}/refresh`, {}, as(owner));
        expect(refresh.body).toMatchObject({ outcome: 'healing' });
        await eventually(async () => {
          const { deployment } = (await world.http.get<Json>(`/api/deployments/${id}`, as(owner))).body;
          return deployment.drifted === false ? true : undefined;
        }, 60_000);
      } finally {
        expect((await selfHeal(false)).status).toBe(200);
      }

      // The heal's message: the same deployment, marked a self-heal, under a signature that verifies.
      for (const to of ['mine', 'team'] as const) {
        const [deployed, healed] = await succeededAt(to, 2);
        expect(deployed.data).not.toHaveProperty('self_heal');
        expect(healed).toMatchObject({
          type: 'deployment.succeeded',
          version: 1,
          data: { deployment_id: id, ruleset_id: ruleset.id, workspace_id: workspaceId, self_heal: true },
        });
      }
    });

    it('a roll-out that halts (its item failing on the platform): its author and its workspace hear it', async () => {
      const policy = await world.newDeployablePolicy(owner);
      await world.control.setHealth(tenant.paymentsId, { health: 'failing' });
      try {
        const res = await world.http.post<Json>(
          '/api/rollouts',
          {
            policyId: policy.id,
            connectionId,
            workspaceId,
            version: '3.0.0',
            doRelease: true,
            steps: [[tenant.paymentsId], [tenant.cardsId]],
          },
          as(owner),
        );
        expect(res.status).toBe(201);
        const id = res.body.rollout.id as string;
        const halted = await eventually(async () => {
          const rollout = (await world.http.get<Json>(`/api/rollouts/${id}`, as(owner))).body.rollout;
          return ['rolling_back', 'halted'].includes(rollout.status as string) ? rollout : undefined;
        }, 90_000);
        expect(halted.halt_reason).toMatch(/failing/);
        for (const to of ['mine', 'team'] as const) {
          expect(await receivedAt(to, 'rollout.halted', id)).toMatchObject({
            type: 'rollout.halted',
            version: 1,
            data: {
              rollout_id: id,
              workspace_id: workspaceId,
              policy_id: policy.id,
              version: '3.0.0',
              step: 1,
              reason: expect.stringMatching(/failing/),
            },
          });
        }
      } finally {
        await world.control.clearHealth(tenant.paymentsId);
      }
    });

    it("a submission's decision, a transfer offered and a comment reach the user they concern, and only them", async () => {
      const other = await world.newUser();
      const { id: policyId, submissionId } = await world.publishedPolicy(owner);
      expect(await receivedAt('mine', 'submission.decided', submissionId)).toMatchObject({
        data: { asset_type: 'policy', kind: 'submission', decision: 'approved', resource_id: policyId },
      });
      const comment = await world.http.post<Json>(
        `/api/policies/${policyId}/comments`,
        { body: 'Works well behind our gateway.' },
        as(other),
      );
      expect(comment.status).toBe(201);
      expect(await receivedAt('mine', 'comment.created', comment.body.comment.id as string)).toMatchObject({
        data: { policy_id: policyId, author_id: other.id, excerpt: 'Works well behind our gateway.' },
      });

      // The owner offers a policy to another user: the offer is the recipient's event, not the owner's.
      const theirs = await world.subscribe(other, ['transfer.offered'], { path: '/theirs' });
      const offer = await world.http.post<Json>(
        `/api/policies/${policyId}/transfers`,
        { recipientUsername: other.username },
        as(owner),
      );
      expect(offer.status).toBe(201);
      const transferId = offer.body.transfer.id as string;
      const message = await eventually(() =>
        receiver.received.find((r) => r.body.includes(transferId) && r.body.includes('"transfer.offered"')),
      );
      expect(new Webhook(theirs.secret).verify(message.body, message.headers)).toMatchObject({
        data: { transfer_id: transferId, from_user_id: owner.id, resource_id: policyId },
      });
      await refreshLogs();
      expect(
        receiver.received.filter((r) => r.body.includes(transferId) && isFor(r, mine.endpoint.id)),
      ).toEqual([]);
    });
  });

  /** The one message of a type about a subject (an id in its body) in an endpoint's delivery log, verified. */
  async function deliveredTo(user: TestUser, hook: { endpoint: Json; secret: string }, about: string) {
    const message = await eventually(async () => {
      const page = await world.http.get<Json>(`/api/webhooks/${hook.endpoint.id}/deliveries`, as(user));
      const ids = (page.body.deliveries as Json[]).map((d) => d.id as string);
      return receiver.received.find(
        (r) =>
          ids.includes(r.headers['webhook-id']) &&
          r.body.includes('"version.published"') &&
          r.body.includes(about),
      );
    });
    return new Webhook(hook.secret).verify(message.body, message.headers) as Json;
  }

  async function deliveriesOf(user: TestUser, hook: { endpoint: Json }): Promise<Json[]> {
    const page = await world.http.get<Json>(`/api/webhooks/${hook.endpoint.id}/deliveries`, as(user));
    return page.body.deliveries as Json[];
  }

  it('a new version of a followed policy reaches its followers, not those who never followed or stopped', async () => {
    const [owner, follower, stranger, quitter] = await Promise.all([
      world.newUser(),
      world.newUser(),
      world.newUser(),
      world.newUser(),
    ]);
    const { id: policyId } = await world.publishedPolicy(owner);
    const hooks = {
      follower: await world.subscribe(follower, ['version.published'], { path: '/follower' }),
      stranger: await world.subscribe(stranger, ['version.published'], { path: '/stranger' }),
      quitter: await world.subscribe(quitter, ['version.published'], { path: '/quitter' }),
    };
    const follow = `/api/policies/${policyId}/follow`;
    // The follow rules (idempotent, what the caller sees) are identity's follows.integration-spec's.
    const put = await world.http.put<Json>(follow, {}, as(follower));
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ following: true });
    expect((await world.http.get<Json>(follow, as(follower))).body).toEqual({ following: true });
    expect((await world.http.put<Json>(follow, {}, as(quitter))).status).toBe(200);
    const stop = await world.http.delete<Json>(follow, as(quitter));
    expect(stop.status).toBe(200);
    expect(stop.body).toEqual({ following: false });
    expect((await world.http.get<Json>(follow, as(stranger))).body).toEqual({ following: false });
    const missing = await world.http.put<Json>(`/api/policies/${randomUUID()}/follow`, {}, as(follower));
    expect(missing.status).toBe(404);

    // The administrator pins it: a new version.
    expect(
      (await world.http.post(`/api/policies/${policyId}/pin`, {}, { token: world.admin.token })).status,
    ).toBe(200);
    expect(await deliveredTo(follower, hooks.follower, policyId)).toMatchObject({
      type: 'version.published',
      data: {
        asset_type: 'policy',
        resource_id: policyId,
        commit: expect.stringMatching(/^[0-9a-f]{40}$/),
      },
    });
    // The version's fan-out wrote every delivery at once: the others have none.
    expect(await deliveriesOf(stranger, hooks.stranger)).toEqual([]);
    expect(await deliveriesOf(quitter, hooks.quitter)).toEqual([]);
  });

  it("answers a workspace's endpoints by role: 201 to its owner, 403 to a member, 404 to anyone else", async () => {
    const [owner, member, stranger] = await Promise.all([world.newUser(), world.newUser(), world.newUser()]);
    const workspaceId = await world.newWorkspace(owner);
    await world.addMember(workspaceId, owner, member, 'admin');
    const hooks = `/api/workspaces/${workspaceId}/webhooks`;
    const create = (user: TestUser, eventTypes: string[]) =>
      world.http.post<Json>(hooks, { url: receiver.url('/ws'), event_types: eventTypes }, as(user));
    expect((await create(owner, ['submission.decided'])).status).toBe(400);
    expect((await create(member, ['deployment.failed'])).status).toBe(403);
    expect((await create(stranger, ['deployment.failed'])).status).toBe(404);
    const created = await create(owner, ['deployment.failed']);
    expect(created.status).toBe(201);
    expect(created.body.endpoint.workspace_id).toBe(workspaceId);
    const listed = await world.http.get<Json>(hooks, as(owner));
    expect((listed.body.endpoints as Json[]).map((e) => e.id)).toEqual([created.body.endpoint.id]);
    expect((await world.http.get(hooks, as(member))).status).toBe(403);
    expect((await world.http.delete(`/api/webhooks/${created.body.endpoint.id}`, as(owner))).status).toBe(
      200,
    );
  });

  it("refuses a private address (422) and an unknown event type (400); hides others' endpoints (404)", async () => {
    const user = await world.newUser();
    const privateUrl = await world.http.post<Json>(
      '/api/webhooks',
      { url: 'http://10.1.2.3/hook', event_types: ['webhook.ping'] },
      as(user),
    );
    expect(privateUrl.status).toBe(422);
    expect(privateUrl.body.message).toMatch(/private/);
    const unknown = await world.http.post<Json>(
      '/api/webhooks',
      { url: receiver.url('/hook'), event_types: ['policy.exploded'] },
      as(user),
    );
    expect(unknown.status).toBe(400);
    const { endpoint: first } = await world.subscribe(user, ['webhook.ping']);
    const stranger = await world.newUser();
    expect((await world.http.get<Json>(`/api/webhooks/${first.id}`, as(stranger))).status).toBe(404);
    expect((await world.http.delete<Json>(`/api/webhooks/${first.id}`, as(stranger))).status).toBe(404);
    expect((await world.http.get<Json>(`/api/webhooks/${first.id}`)).status).toBe(401);
    expect((await world.http.delete<Json>(`/api/webhooks/${first.id}`, as(user))).status).toBe(200);
  });
});
