import { CONNECTION_LIMITS, ConnectionsRpc, type PlatformCredentials } from '@pc/contracts';
import {
  type AnsweringPlatform,
  organizationChain,
  startAnsweringPlatform,
} from '@pc/gateway-platform/testing';
import { connectionsUnderTest, errorOf } from '../testing/connections-under-test';

const L = CONNECTION_LIMITS;

/** The organizations a user's custom domain answers, read within the contract's bounds. */
describe('organizations from a platform that answers more than the service reads', () => {
  // The platform is a local port: loopback is allowlisted for it.
  const service = connectionsUnderTest({ OUTBOUND_ALLOWLIST: '127.0.0.1' });
  const request = service.request.bind(service);
  let platform: AnsweringPlatform;
  let credentials: PlatformCredentials;

  beforeAll(async () => {
    platform = await startAnsweringPlatform();
    credentials = { host: 'custom', customDomain: platform.url, clientId: 'client', clientSecret: 'secret' };
  });

  afterAll(() => platform.close());

  const depthLimit = `The platform's organization tree is more than ${L.orgDepthMax} levels deep, the most this service reads`;

  it('answers a tree 50,000 levels deep with UPSTREAM_UNAVAILABLE (502) naming the depth limit, whether discovered, validated, saved or listed', async () => {
    platform.answers.rootId = 'o1';
    platform.answers.hierarchy = organizationChain(50_000);
    const user = service.newUser();
    expect(await errorOf(request(ConnectionsRpc.discoverOrgs, user.ctx, credentials))).toEqual({
      code: 'UPSTREAM_UNAVAILABLE',
      message: depthLimit,
    });
    const withOrganization = { ...credentials, organizationId: 'o40000' };
    expect(await request(ConnectionsRpc.validate, user.ctx, withOrganization)).toEqual({
      ok: false,
      code: 'upstream_error',
      error: depthLimit,
    });
    const { connection } = await request(ConnectionsRpc.create, user.ctx, {
      name: 'Deep',
      ...withOrganization,
    });
    expect(connection.validation_error).toBe(depthLimit);
    expect(await errorOf(request(ConnectionsRpc.listOrgs, user.ctx, { id: connection.id }))).toEqual({
      code: 'UPSTREAM_UNAVAILABLE',
      message: depthLimit,
    });
  });

  it(`names the path limit for a full path longer than ${L.orgPathMax} characters`, async () => {
    platform.answers.rootId = 'o1';
    platform.answers.hierarchy = organizationChain(3, () => 'n'.repeat(400));
    expect(await errorOf(request(ConnectionsRpc.discoverOrgs, service.newUser().ctx, credentials))).toEqual({
      code: 'UPSTREAM_UNAVAILABLE',
      message: `The platform answered an organization whose full path is longer than ${L.orgPathMax} characters, the most this service reads`,
    });
  });

  it(`lists ${L.orgsMax} organizations of a larger tree, and accepts an organizationId past them`, async () => {
    platform.answers.rootId = 'root';
    platform.answers.hierarchy = JSON.stringify({
      id: 'root',
      name: 'Big',
      subOrganizations: Array.from({ length: L.orgsMax + 500 }, (_, i) => ({
        id: `g${i}`,
        name: `Team ${i}`,
      })),
    });
    const user = service.newUser();
    const { orgs } = await request(ConnectionsRpc.discoverOrgs, user.ctx, credentials);
    expect(orgs).toHaveLength(L.orgsMax);
    expect(orgs[0]).toEqual({ id: 'root', name: 'Big', isPrimary: true, fullPath: 'Big' });
    const past = `g${L.orgsMax + 400}`;
    expect(
      await request(ConnectionsRpc.validate, user.ctx, { ...credentials, organizationId: past }),
    ).toEqual({
      ok: true,
      code: null,
      error: null,
    });
  });
});
