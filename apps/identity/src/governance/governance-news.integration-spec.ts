import { randomUUID } from 'node:crypto';
import { GovernanceEvents, IdentityRpc, WebhooksRpc } from '@pc/contracts';
import { identityUnderTest } from '../testing/identity-under-test';

/** API governance's news reaching the inbox from the rulesets service's durable events. */
describe('governance news in the inbox and the webhooks (identity service, real PostgreSQL)', () => {
  // Deliveries are only recorded here (nothing listens at the endpoint's address).
  const identity = identityUnderTest({ OUTBOUND_ALLOWLIST: '127.0.0.1', WEBHOOKS_REQUIRE_HTTPS: 'false' });

  async function inboxOf(session: Parameters<typeof identity.request>[1], count: number) {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const { notifications } = await identity.request(IdentityRpc.listNotifications, session, {});
      if (notifications.length >= count || Date.now() > deadline) return notifications;
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  it("tells an API's registrant when it crosses the threshold and a waiver's author when it expires, once per event", async () => {
    const user = await identity.newUser();
    const { endpoint } = await identity.request(WebhooksRpc.create, user.session, {
      url: 'http://127.0.0.1:9/hook',
      event_types: ['governed_api.threshold_crossed', 'governed_api.waiver_expired'],
    });
    const apiId = randomUUID();
    const crossed = randomUUID();
    const workspaceId = randomUUID();
    identity.role(user.id, workspaceId, 'member');
    const crossing = {
      api_id: apiId,
      api_name: 'Pets API',
      workspace_id: workspaceId,
      direction: 'below' as const,
      threshold: 70,
      conformance: 50,
      previous_conformance: 100,
      evaluation_id: randomUUID(),
      owner_id: user.id,
    };
    await identity.publish(GovernanceEvents.thresholdCrossed, crossed, crossing);
    await identity.publish(GovernanceEvents.thresholdCrossed, crossed, crossing); // redelivered
    await identity.publish(GovernanceEvents.waiverExpired, randomUUID(), {
      waiver_id: randomUUID(),
      api_id: apiId,
      api_name: 'Pets API',
      workspace_id: crossing.workspace_id,
      rule: 'operation-id-required',
      location: '#/paths/~1pets/post',
      owner_id: user.id,
      conformance: 50,
    });
    const inbox = await inboxOf(user.session, 2);
    await new Promise((r) => setTimeout(r, 200));
    expect(
      (await identity.request(IdentityRpc.listNotifications, user.session, {})).notifications,
    ).toHaveLength(2);
    expect(inbox.map((n) => [n.kind, n.title]).sort()).toEqual([
      ['governed_api_threshold_crossed', 'Pets API is at risk: 50%'],
      ['waiver_expired', 'Your waiver of operation-id-required on Pets API expired'],
    ]);
    const deliveries = await identity.sql<{ type: string }>(
      `SELECT event_type AS type FROM identity.webhook_deliveries WHERE endpoint_id = $1 ORDER BY 1`,
      [endpoint.id],
    );
    expect(deliveries.map((d) => d.type)).toEqual([
      'governed_api.threshold_crossed',
      'governed_api.waiver_expired',
    ]);
    expect(inbox.find((n) => n.kind === 'governed_api_threshold_crossed')?.data).toMatchObject({
      apiId,
      direction: 'below',
    });

    // Of a workspace they are no longer a member of: nothing in their inbox, nothing to their endpoints.
    const elsewhere = randomUUID();
    await identity.publish(GovernanceEvents.thresholdCrossed, elsewhere, {
      ...crossing,
      workspace_id: randomUUID(),
      direction: 'above',
    });
    const later = randomUUID();
    await identity.publish(GovernanceEvents.thresholdCrossed, later, { ...crossing, conformance: 40 });
    expect(await inboxOf(user.session, 3)).toHaveLength(3);
    const titles = (
      await identity.request(IdentityRpc.listNotifications, user.session, {})
    ).notifications.map((n) => n.title);
    expect(titles).toContain('Pets API is at risk: 40%');
    expect(titles).not.toContain('Pets API is back above 70%');
  });

  it("tells each registrant of the APIs a followed ruleset's new version changed, and the workspace's endpoints, once", async () => {
    const [alice, bob, gone] = [await identity.newUser(), await identity.newUser(), await identity.newUser()];
    const workspaceId = randomUUID();
    identity.role(alice.id, workspaceId, 'owner');
    identity.role(bob.id, workspaceId, 'member');
    const { endpoint } = await identity.request(WebhooksRpc.create, alice.session, {
      url: 'http://127.0.0.1:9/hook',
      event_types: ['governed_api.conformance_changed'],
    });
    const change = (name: string, owner: string, before: number | null, after: number | null) => ({
      api_id: randomUUID(),
      api_name: name,
      previous_conformance: before,
      conformance: after,
      owner_id: owner,
    });
    const eventId = randomUUID();
    const news = {
      workspace_id: workspaceId,
      ruleset_id: randomUUID(),
      ruleset_name: 'Operation ids',
      version: 'c'.repeat(40),
      changed: 4,
      apis: [
        change('Orders API', alice.id, 50, 75),
        change('Pets API', alice.id, 100, 75),
        change('Users API', bob.id, null, 25),
        // Registered by a member disabled since: the workspace hears of it, they do not.
        change('Old API', gone.id, 80, 60),
      ],
    };
    await identity.publish(GovernanceEvents.conformanceChanged, eventId, news);
    await identity.publish(GovernanceEvents.conformanceChanged, eventId, news); // redelivered
    const [aliceInbox, bobInbox] = [await inboxOf(alice.session, 1), await inboxOf(bob.session, 1)];
    await new Promise((r) => setTimeout(r, 200));
    expect(aliceInbox.map((n) => [n.kind, n.title, n.body])).toEqual([
      [
        'governed_api_conformance_changed',
        "Operation ids's new version changed the conformance of 2 of your APIs",
        'Orders API: 50% -> 75%; Pets API: 100% -> 75%',
      ],
    ]);
    expect(
      (await identity.request(IdentityRpc.listNotifications, alice.session, {})).notifications,
    ).toHaveLength(1);
    expect(bobInbox.map((n) => [n.title, n.data.apis])).toEqual([
      [
        "Operation ids's new version changed the conformance of Users API",
        [{ apiId: news.apis[2].api_id, previousConformance: null, conformance: 25 }],
      ],
    ]);
    const deliveries = await identity.sql<{ type: string; apis: number }>(
      `SELECT event_type AS type, jsonb_array_length(body::jsonb -> 'data' -> 'apis') AS apis
         FROM identity.webhook_deliveries WHERE endpoint_id = $1`,
      [endpoint.id],
    );
    expect(deliveries.map((d) => [d.type, d.apis])).toEqual([['governed_api.conformance_changed', 4]]);
    expect((await identity.request(IdentityRpc.listNotifications, gone.session, {})).notifications).toEqual(
      [],
    );
  });
});
