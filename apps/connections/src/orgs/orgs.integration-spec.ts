import {
  CONNECTION_LIMITS,
  ConnectionsRpc,
  DEPLOYMENT_LIMITS,
  type PlatformCredentials,
} from '@pc/contracts';
import { LIST_REPLY_BUDGET_BYTES } from '@pc/platform';
import { randomUUID } from 'node:crypto';
import {
  type AnsweringPlatform,
  organizationChain,
  startAnsweringPlatform,
} from '@pc/gateway-platform/testing';
import { ORGS_CACHE_MAX_BYTES, OrgsCache } from '../platform';
import { codeOf, connectionsUnderTest, errorOf } from '../testing/connections-under-test';

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

  it(`lists ${L.orgsMax} organizations of a larger tree, truncated: true, and accepts an organizationId past them`, async () => {
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
    const { orgs, truncated } = await request(ConnectionsRpc.discoverOrgs, user.ctx, credentials);
    expect(orgs).toHaveLength(L.orgsMax);
    expect(truncated).toBe(true);
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

  /**
   * A tree of `orgsMax` organizations with the longest IDs, full paths and names the service reads: some
   * 2.3 MB of JSON, over twice what one reply on the bus may carry.
   */
  const maximalTree = (): { rootId: string; ids: string[]; hierarchy: string } => {
    const rootId = 'r'.padEnd(L.organizationIdMax, 'r');
    const children = Array.from({ length: L.orgsMax - 1 }, (_, i) => ({
      id: `${i}`.padEnd(L.organizationIdMax, 'i'),
      // "R / " and the name: a full path of orgPathMax characters.
      name: `Team ${i} `.padEnd(L.orgPathMax - 4, 'n'),
    }));
    return {
      rootId,
      ids: [rootId, ...children.map((c) => c.id)],
      hierarchy: JSON.stringify({ id: rootId, name: 'R', subOrganizations: children }),
    };
  };

  it(`answers ${L.orgsMax} organizations with maximal IDs, names and paths as many as a reply holds, truncated: true, discovered, listed or eligible`, async () => {
    const tree = maximalTree();
    platform.answers.rootId = tree.rootId;
    platform.answers.hierarchy = tree.hierarchy;
    platform.answers.deployableIds = tree.ids;
    const user = service.newUser();
    const found = await request(ConnectionsRpc.discoverOrgs, user.ctx, credentials);
    expect(found.truncated).toBe(true);
    expect(found.orgs.length).toBeGreaterThan(L.orgsMax / 10);
    expect(found.orgs.length).toBeLessThan(L.orgsMax);
    expect(Buffer.byteLength(JSON.stringify(found.orgs))).toBeLessThanOrEqual(LIST_REPLY_BUDGET_BYTES);
    expect(found.orgs.map((o) => o.id)).toEqual(tree.ids.slice(0, found.orgs.length));
    expect(found.orgs[0]).toEqual({ id: tree.rootId, name: 'R', isPrimary: true, fullPath: 'R' });
    expect(found.orgs[1]?.fullPath).toHaveLength(L.orgPathMax);

    const { connection } = await request(ConnectionsRpc.create, user.ctx, {
      name: 'Wide',
      ...credentials,
      organizationId: tree.rootId,
    });
    expect(await request(ConnectionsRpc.listOrgs, user.ctx, { id: connection.id })).toEqual(found);
    expect(
      await request(ConnectionsRpc.listEligibleOrgs, user.ctx, {
        policyId: randomUUID(),
        connectionId: connection.id,
      }),
    ).toEqual(found);
  });

  it(`keeps at most ${ORGS_CACHE_MAX_BYTES / 1024 / 1024} MiB of organization trees: a custom domain answering maximal ones has the oldest forgotten`, async () => {
    const tree = maximalTree();
    platform.answers.rootId = tree.rootId;
    platform.answers.hierarchy = tree.hierarchy;
    const user = service.newUser();
    const connect = async () =>
      (
        await request(ConnectionsRpc.create, user.ctx, {
          name: 'Wide',
          ...credentials,
          organizationId: tree.rootId,
        })
      ).connection.id;
    /** How many times listing the connection's organizations read the tree from the platform (0: cached). */
    const reads = async (id: string): Promise<number> => {
      const before = platform.seen.filter((seen) => seen.path.endsWith('/hierarchy')).length;
      await request(ConnectionsRpc.listOrgs, user.ctx, { id });
      return platform.seen.filter((seen) => seen.path.endsWith('/hierarchy')).length - before;
    };
    const first = await connect();
    expect(await reads(first)).toBe(1);
    expect(await reads(first)).toBe(0);
    // Each tree held is more than its IDs and full paths: enough of them to pass the bound.
    const treeBytes = L.orgsMax * (L.organizationIdMax + L.orgPathMax);
    for (let n = Math.ceil(ORGS_CACHE_MAX_BYTES / treeBytes); n > 0; n--)
      expect(await reads(await connect())).toBe(1);
    expect(await reads(first)).toBe(1);
    expect(service.get(OrgsCache).bytes).toBeLessThanOrEqual(ORGS_CACHE_MAX_BYTES);
  });

  it('checks the organizations a deployment names in the whole tree: one past the eligible list’s cut is eligible, one not deployable or unknown is not', async () => {
    const tree = maximalTree();
    platform.answers.rootId = tree.rootId;
    platform.answers.hierarchy = tree.hierarchy;
    const notDeployable = tree.ids[L.orgsMax - 2];
    platform.answers.deployableIds = tree.ids.filter((id) => id !== notDeployable);
    const user = service.newUser();
    const { connection } = await request(ConnectionsRpc.create, user.ctx, {
      name: 'Wide',
      ...credentials,
      organizationId: tree.rootId,
    });
    const item = { policyId: randomUUID(), connectionId: connection.id };
    const listed = await request(ConnectionsRpc.listEligibleOrgs, user.ctx, item);
    const past = tree.ids[L.orgsMax - 1];
    expect(listed.truncated).toBe(true);
    expect(listed.orgs.map((o) => o.id)).not.toContain(past);

    const { orgs } = await request(ConnectionsRpc.checkEligibleOrgs, user.ctx, {
      ...item,
      organizationIds: ['no-such-org', past, notDeployable, tree.rootId],
    });
    expect(orgs).toEqual([
      { id: tree.rootId, name: 'R', isPrimary: true, fullPath: 'R' },
      {
        id: past,
        name: expect.stringMatching(/^Team 998 n+$/),
        isPrimary: false,
        fullPath: expect.any(String),
      },
    ]);
    expect(
      await request(ConnectionsRpc.checkEligibleOrgs, user.ctx, {
        ...item,
        organizationIds: ['no-such-org'],
      }),
    ).toEqual({ orgs: [] });
    // The same checks as the list: a connection the caller may not use is not found.
    expect(
      await codeOf(
        request(ConnectionsRpc.checkEligibleOrgs, service.newUser().ctx, {
          ...item,
          organizationIds: [past],
        }),
      ),
    ).toBe('NOT_FOUND');
    // At most the targets of one deployment request.
    const tooMany = Array.from({ length: DEPLOYMENT_LIMITS.targetsMax + 1 }, (_, i) => `o${i}`);
    expect(
      await codeOf(
        request(ConnectionsRpc.checkEligibleOrgs, user.ctx, { ...item, organizationIds: tooMany }),
      ),
    ).toBe('BUS.MESSAGE_INVALID');
  });

  it('reads the eligible organizations of a platform that stops answering within one deadline, no call tried again: the timeout (UPSTREAM_UNAVAILABLE)', async () => {
    platform.answers.rootId = 'root';
    platform.answers.hierarchy = JSON.stringify({ id: 'root', name: 'Root', subOrganizations: [] });
    const user = service.newUser();
    const { connection } = await request(ConnectionsRpc.create, user.ctx, {
      name: 'Hanging later',
      ...credentials,
      organizationId: 'root',
    });
    platform.answers.delay = (seen) => (seen.path === '/accounts/api/me' ? Infinity : 0);
    try {
      const item = { policyId: randomUUID(), connectionId: connection.id };
      for (const read of [
        () => request(ConnectionsRpc.listEligibleOrgs, user.ctx, item),
        () => request(ConnectionsRpc.checkEligibleOrgs, user.ctx, { ...item, organizationIds: ['root'] }),
      ]) {
        const asked = platform.seen.filter((seen) => seen.path === '/accounts/api/me').length;
        const started = Date.now();
        expect(await errorOf(read())).toEqual({
          code: 'UPSTREAM_UNAVAILABLE',
          message: 'The platform did not answer in time: try again later',
        });
        // PLATFORM_TIMEOUT_MS is 1000 here: one try, where three took over 3 s.
        expect(Date.now() - started).toBeLessThan(1800);
        expect(platform.seen.filter((seen) => seen.path === '/accounts/api/me')).toHaveLength(asked + 1);
      }
    } finally {
      platform.answers.delay = null;
    }
  });

  it('answers a tree that fits whole with truncated: false', async () => {
    platform.answers.rootId = 'root';
    platform.answers.hierarchy = JSON.stringify({
      id: 'root',
      name: 'Small',
      subOrganizations: [{ id: 'team', name: 'Team' }],
    });
    expect(await request(ConnectionsRpc.discoverOrgs, service.newUser().ctx, credentials)).toEqual({
      orgs: [
        { id: 'root', name: 'Small', isPrimary: true, fullPath: 'Small' },
        { id: 'team', name: 'Team', isPrimary: false, fullPath: 'Small / Team' },
      ],
      truncated: false,
    });
  });
});
