import { randomUUID } from 'node:crypto';
import { ConnectionsRpc, type PlatformAccessGrant } from '@pc/contracts';
import { BusClient, createClientProxy, type RunningService, startService } from '@pc/platform';
import { answer, peerService, testBus } from '@pc/testing';
import { HttpGatewayPlatform } from './gateway-platform.client';
import { delegatedAccess } from './delegated-access';
import { type AnsweringPlatform, startAnsweringPlatform } from './testing';

/**
 * A job's platform access when its connection changes while it runs: the connections service (a stand-in
 * on the bus) grants tokens for the connection as it is at each ask, and the job keeps the platform of its
 * first grant. Platform A refuses every token (401), so the job asks for a fresh one.
 */
describe('delegated access of a job whose connection changes while it runs', () => {
  const bus = testBus('in-process');
  let connectionsStandIn: RunningService;
  let client: BusClient;
  let platformA: AnsweringPlatform;
  let platformB: AnsweringPlatform;
  /** What the connections service grants now, by the number of asks so far. */
  let grants: (ask: number) => PlatformAccessGrant;
  let asks = 0;
  const platform = new HttpGatewayPlatform({
    usUrl: 'http://127.0.0.1:9',
    euUrl: 'http://127.0.0.1:9',
    allowlist: ['127.0.0.1'],
    retries: 0,
  });

  const grant = (customDomain: string, token: string, organization = 'org-a'): PlatformAccessGrant => ({
    host: 'custom',
    custom_domain: customDomain,
    organization_id: organization,
    access_token: token,
    expires_at: new Date(Date.now() + 3600_000).toISOString(),
  });

  beforeAll(async () => {
    platformA = await startAnsweringPlatform();
    platformB = await startAnsweringPlatform();
    connectionsStandIn = await startService(
      peerService('connections', ConnectionsRpc.ping, [
        answer(ConnectionsRpc.platformAccess, () => grants(++asks)),
      ]),
      bus,
    );
    const proxy = createClientProxy(bus, 'delegated-access-test');
    await proxy.connect();
    client = new BusClient(proxy, bus);
  });

  afterAll(async () => {
    await client?.onApplicationShutdown();
    await connectionsStandIn?.close();
    await platformA?.close();
    await platformB?.close();
  });

  beforeEach(() => {
    asks = 0;
    platformA.seen.length = 0;
    platformA.answers.failure = () => ({ status: 401, body: '{"message":"token refused"}' });
  });

  it("fails with the connection changed, and never sends platform B's token to platform A", async () => {
    grants = (ask) => (ask === 1 ? grant(platformA.url, 'token-of-a') : grant(platformB.url, 'token-of-b'));
    const access = await delegatedAccess(client, randomUUID(), randomUUID(), randomUUID());
    await expect(platform.getApplied(access.platform, 'org-a', 'asset')).rejects.toThrow(
      /The connection was changed while this ran .* run it again/,
    );
    expect(platformA.seen.map((seen) => seen.authorization)).toEqual(['Bearer token-of-a']);
    // Later asks fail the same way (the registry's token too), without asking again.
    await expect(access.token()).rejects.toThrow(/The connection was changed/);
    expect(asks).toBe(2);
  });

  it('fails the same way when only the organization changed', async () => {
    grants = (ask) =>
      ask === 1 ? grant(platformA.url, 'token-of-a') : grant(platformA.url, 'token-of-a2', 'org-b');
    const access = await delegatedAccess(client, randomUUID(), randomUUID(), randomUUID());
    await expect(access.token({ forceRefresh: true })).rejects.toThrow(/The connection was changed/);
    expect(access.groupId).toBe('org-a');
  });

  it('uses a fresh token of the same place, as before', async () => {
    grants = (ask) => grant(platformA.url, `token-of-a${ask}`);
    platformA.answers.failure = (seen) =>
      seen.authorization === 'Bearer token-of-a1' ? { status: 401, body: '{}' } : undefined;
    platformA.answers.applied = JSON.stringify({
      organizationId: 'org-a',
      kind: 'policy',
      groupId: 'org-a',
      assetId: 'asset',
      version: '1.0.0',
    });
    const access = await delegatedAccess(client, randomUUID(), randomUUID(), randomUUID());
    expect(await platform.getApplied(access.platform, 'org-a', 'asset')).toMatchObject({ version: '1.0.0' });
    expect(platformA.seen.map((seen) => seen.authorization)).toEqual([
      'Bearer token-of-a1',
      'Bearer token-of-a2',
    ]);
  });
});
