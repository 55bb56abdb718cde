import { randomUUID } from 'node:crypto';
import { ConnectionsRpc, type Connection } from '@pc/contracts';
import { type AnsweringPlatform, startAnsweringPlatform } from '@pc/gateway-platform/testing';
import { type TestUserContext } from '@pc/testing';
import { codeOf, connectionsUnderTest, errorOf } from '../testing/connections-under-test';

const WITHDRAWN =
  "The connection is not shared into this deployment's workspace any more (its owner withdrew it, or the " +
  "deployment's author is no longer an active member there): stopped rather than use it through another " +
  'workspace; share it into this workspace again, or deploy with another connection';

/**
 * The platform tokens the deployment workers and the deployments service get for a deployment's work
 * (`ConnectionsRpc.platformAccess`, v2), and the previous release's subject (`platformAccessV1`) answered
 * for its replicas while a rolling release replaces them (deploy/README.md, "Contract changes under way").
 */
describe('platform access for the work of a deployment (service level)', () => {
  // The platform is a local port: loopback is allowlisted for it.
  const service = connectionsUnderTest({ OUTBOUND_ALLOWLIST: '127.0.0.1' });
  const request = service.request.bind(service);
  let platform: AnsweringPlatform;

  beforeAll(async () => {
    platform = await startAnsweringPlatform();
  });

  afterAll(() => platform.close());

  /** A connection to the answering platform, shared into workspaces A and B with the member in both. */
  async function sharedTwice(): Promise<{
    owner: TestUserContext;
    member: TestUserContext;
    connection: Connection;
    a: string;
    b: string;
  }> {
    const owner = service.newUser();
    const member = service.newUser();
    const { connection } = await request(ConnectionsRpc.create, owner.ctx, {
      name: 'Production',
      host: 'custom',
      customDomain: platform.url,
      clientId: 'client',
      clientSecret: `secret-${randomUUID()}`,
      organizationId: 'root',
    });
    const a = service.shareWith(connection.id, member.id);
    const b = service.shareWith(connection.id, member.id);
    return { owner, member, connection, a, b };
  }

  const granted = { host: 'custom', organization_id: 'root', access_token: 'answering-token' };

  it("refuses the token for a deployment's workspace its owner withdrew the connection from, though it is still shared into another of the author's", async () => {
    const { owner, member, connection, a, b } = await sharedTwice();
    const id = connection.id;
    expect(await request(ConnectionsRpc.platformAccess, member.ctx, { id, workspaceId: a })).toMatchObject(
      granted,
    );
    service.unshare(id, member.id, a);
    for (const forceRefresh of [false, true])
      expect(
        await errorOf(
          request(ConnectionsRpc.platformAccess, member.ctx, { id, workspaceId: a, forceRefresh }),
        ),
      ).toEqual({ code: 'FORBIDDEN', message: WITHDRAWN });
    // The deployments of workspace B go on; the owner's work of no workspace too, and a member's is refused.
    expect(await request(ConnectionsRpc.platformAccess, member.ctx, { id, workspaceId: b })).toMatchObject(
      granted,
    );
    expect(await request(ConnectionsRpc.platformAccess, owner.ctx, { id, workspaceId: null })).toMatchObject(
      granted,
    );
    expect(await codeOf(request(ConnectionsRpc.platformAccess, member.ctx, { id, workspaceId: null }))).toBe(
      'FORBIDDEN',
    );
    expect(
      await codeOf(request(ConnectionsRpc.platformAccess, service.newUser().ctx, { id, workspaceId: b })),
    ).toBe('NOT_FOUND');
  });

  it('refuses a request of the new subject that names no workspace, rather than grant it by a looser rule', async () => {
    const { owner, member, connection } = await sharedTwice();
    for (const caller of [member, owner]) {
      const unnamed = request(ConnectionsRpc.platformAccess, caller.ctx, { id: connection.id } as never);
      expect(await errorOf(unnamed)).toMatchObject({
        code: 'BUS.MESSAGE_INVALID',
        details: [expect.objectContaining({ field: 'data.workspaceId' })],
      });
    }
  });

  it("answers the previous release's callers on the v1 subject as that release did while they are replaced, and a v1 request that names the workspace by its rule", async () => {
    const { owner, member, connection, a, b } = await sharedTwice();
    const id = connection.id;
    service.unshare(id, member.id, a);
    // An old worker's request: no workspace. Granted while the member reaches the connection through a
    // workspace (B here), as the previous release granted it, so their jobs do not fail mid-release.
    await expect(request(ConnectionsRpc.platformAccessV1, member.ctx, { id })).resolves.toMatchObject(
      granted,
    );
    expect(
      await request(ConnectionsRpc.platformAccessV1, member.ctx, { id, forceRefresh: true }),
    ).toMatchObject(granted);
    expect(await request(ConnectionsRpc.platformAccessV1, owner.ctx, { id })).toMatchObject(granted);
    // Nobody else, as before: the connection is not theirs to see.
    expect(await codeOf(request(ConnectionsRpc.platformAccessV1, service.newUser().ctx, { id }))).toBe(
      'NOT_FOUND',
    );
    service.unshare(id, member.id, b);
    expect(await codeOf(request(ConnectionsRpc.platformAccessV1, member.ctx, { id }))).toBe('NOT_FOUND');
    // A caller that names the workspace on v1 gets the workspace's rule, never the looser one.
    service.shareWith(id, member.id, b);
    expect(
      await errorOf(request(ConnectionsRpc.platformAccessV1, member.ctx, { id, workspaceId: a })),
    ).toEqual({ code: 'FORBIDDEN', message: WITHDRAWN });
    expect(await request(ConnectionsRpc.platformAccessV1, member.ctx, { id, workspaceId: b })).toMatchObject(
      granted,
    );
  });
});
