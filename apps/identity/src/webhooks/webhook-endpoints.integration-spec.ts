import { randomUUID } from 'node:crypto';
import { WebhooksRpc } from '@pc/contracts';
import { codeOf, identityUnderTest } from '../testing/identity-under-test';

const CAP = 3;
const URL = 'http://127.0.0.1:9/hook';

describe('webhook endpoints (identity service, real PostgreSQL)', () => {
  const identity = identityUnderTest({
    OUTBOUND_ALLOWLIST: '127.0.0.1:9',
    WEBHOOKS_REQUIRE_HTTPS: 'false',
    WEBHOOKS_MAX_ENDPOINTS_PER_USER: String(CAP),
  });

  it('refuses private, link-local and loopback addresses not allowed, and unknown event types', async () => {
    const user = await identity.newUser();
    for (const url of [
      'http://10.1.2.3/hook',
      'http://192.168.1.10/hook',
      'http://169.254.169.254/latest',
      'http://127.0.0.1:1/hook',
    ]) {
      expect([
        url,
        await codeOf(
          identity.request(WebhooksRpc.create, user.session, { url, event_types: ['webhook.ping'] }),
        ),
      ]).toEqual([url, 'UNPROCESSABLE']);
    }
    expect(
      await codeOf(
        identity.request(WebhooksRpc.create, user.session, {
          url: URL,
          event_types: ['policy.exploded' as 'webhook.ping'],
        }),
      ),
    ).toBe('BAD_REQUEST');
    expect((await identity.request(WebhooksRpc.list, user.session, {})).endpoints).toEqual([]);
  });

  it(`holds at most ${CAP} endpoints per user, and hides each user's endpoints from the others (404)`, async () => {
    const user = await identity.newUser();
    const stranger = await identity.newUser();
    const made = [];
    for (let n = 0; n < CAP; n++)
      made.push(
        await identity.request(WebhooksRpc.create, user.session, { url: URL, event_types: ['webhook.ping'] }),
      );
    expect(
      await codeOf(
        identity.request(WebhooksRpc.create, user.session, { url: URL, event_types: ['webhook.ping'] }),
      ),
    ).toBe('UNPROCESSABLE');
    const id = made[0].endpoint.id;
    // One at a time: a refusal made before its codeOf awaits it would be an unhandled rejection.
    for (const request of [
      () => identity.request(WebhooksRpc.get, stranger.session, { id }),
      () => identity.request(WebhooksRpc.remove, stranger.session, { id }),
      () => identity.request(WebhooksRpc.ping, stranger.session, { id }),
      () => identity.request(WebhooksRpc.update, stranger.session, { id, enabled: false }),
    ])
      expect(await codeOf(request())).toBe('NOT_FOUND');
    expect((await identity.request(WebhooksRpc.list, stranger.session, {})).endpoints).toEqual([]);
    // Deleting one makes room.
    await identity.request(WebhooksRpc.remove, user.session, { id });
    await identity.request(WebhooksRpc.create, user.session, { url: URL, event_types: ['webhook.ping'] });
  });

  it("lets a workspace's owner alone manage its endpoints, which take only the workspace's event types", async () => {
    const workspace = randomUUID();
    const [owner, member, stranger] = await Promise.all([
      identity.newUser(),
      identity.newUser(),
      identity.newUser(),
    ]);
    identity.role(owner.id, workspace, 'owner');
    identity.role(member.id, workspace, 'admin');
    const create = (session: typeof owner.session, eventTypes: string[]) =>
      identity.request(WebhooksRpc.create, session, {
        url: URL,
        workspace_id: workspace,
        event_types: eventTypes as ['deployment.failed'],
      });
    expect(await codeOf(create(owner.session, ['submission.decided']))).toBe('BAD_REQUEST');
    expect(await codeOf(create(member.session, ['deployment.failed']))).toBe('FORBIDDEN');
    expect(await codeOf(create(stranger.session, ['deployment.failed']))).toBe('NOT_FOUND');
    const { endpoint } = await create(owner.session, ['deployment.failed']);
    expect(endpoint.workspace_id).toBe(workspace);

    const listed = await identity.request(WebhooksRpc.list, owner.session, { workspace_id: workspace });
    expect(listed.endpoints.map((e) => e.id)).toEqual([endpoint.id]);
    // Not among the owner's own endpoints.
    expect((await identity.request(WebhooksRpc.list, owner.session, {})).endpoints).toEqual([]);
    expect(
      await codeOf(identity.request(WebhooksRpc.list, member.session, { workspace_id: workspace })),
    ).toBe('FORBIDDEN');
    for (const user of [member, stranger])
      expect(await codeOf(identity.request(WebhooksRpc.get, user.session, { id: endpoint.id }))).toBe(
        'NOT_FOUND',
      );
    expect(
      await codeOf(
        identity.request(WebhooksRpc.update, owner.session, {
          id: endpoint.id,
          event_types: ['transfer.offered'],
        }),
      ),
    ).toBe('BAD_REQUEST');
    await identity.request(WebhooksRpc.remove, owner.session, { id: endpoint.id });
    expect(
      (await identity.request(WebhooksRpc.list, owner.session, { workspace_id: workspace })).endpoints,
    ).toEqual([]);
  });
});
