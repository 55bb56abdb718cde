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
    const crossing = {
      api_id: apiId,
      api_name: 'Pets API',
      workspace_id: randomUUID(),
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
  });
});
