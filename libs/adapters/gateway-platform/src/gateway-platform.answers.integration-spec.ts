import { CONNECTION_LIMITS, DEPLOYMENT_LIMITS } from '@pc/contracts';
import { HttpGatewayPlatform } from './gateway-platform.client';
import { PlatformError, PlatformLimitError } from './gateway-platform.errors';
import { PLATFORM_MESSAGE_MAX } from './platform-message';
import type { PlatformConnection } from './gateway-platform.types';
import { type AnsweringPlatform, organizationChain, startAnsweringPlatform } from './testing';

const L = CONNECTION_LIMITS;
const CONFIGURATION_DEPTH_MAX = DEPLOYMENT_LIMITS.appliedConfigurationDepthMax;

/** What a platform (a user's custom domain) may answer beyond what this service reads, over real HTTP. */
describe('HttpGatewayPlatform and the bounds of what the platform answers', () => {
  let server: AnsweringPlatform;
  let platform: HttpGatewayPlatform;
  const connection: PlatformConnection = { host: 'us', clientId: 'client', clientSecret: 'secret' };

  beforeAll(async () => {
    server = await startAnsweringPlatform();
    platform = new HttpGatewayPlatform({ usUrl: server.url, euUrl: server.url, retries: 0 });
  });

  afterAll(() => server.close());

  /** A root with `count` business groups below it, `g0` first. */
  const wide = (count: number): string =>
    JSON.stringify({
      id: 'root',
      name: 'Root',
      subOrganizations: Array.from({ length: count }, (_, i) => ({ id: `g${i}`, name: `Group ${i}` })),
    });

  const limitError = async (promise: Promise<unknown>): Promise<PlatformLimitError> => {
    const error: unknown = await promise.then(
      () => new Error('expected a PlatformLimitError'),
      (e: unknown) => e,
    );
    if (!(error instanceof PlatformLimitError)) throw error;
    expect(error.kind).toBe('upstream_error');
    return error;
  };

  it(`reads a tree ${L.orgDepthMax} levels deep, and refuses one level more naming the limit`, async () => {
    server.answers.rootId = 'o1';
    server.answers.hierarchy = organizationChain(L.orgDepthMax);
    const { organizations } = await platform.listOrganizations(connection);
    expect(organizations).toHaveLength(L.orgDepthMax);
    expect(organizations[2]).toEqual({
      id: 'o3',
      name: 'Org 3',
      parentId: 'o2',
      isPrimary: false,
      fullPath: 'Org 1 / Org 2 / Org 3',
    });
    server.answers.hierarchy = organizationChain(L.orgDepthMax + 1);
    const error = await limitError(platform.listOrganizations(connection));
    expect(error.message).toBe(
      `The platform's organization tree is more than ${L.orgDepthMax} levels deep, the most this service reads`,
    );
  });

  it('refuses a tree 50,000 levels deep with the same typed failure, not a stack overflow', async () => {
    server.answers.rootId = 'o1';
    server.answers.hierarchy = organizationChain(50_000);
    for (const call of [
      () => platform.listOrganizations(connection),
      () => platform.listDeployableOrganizations(connection),
      () => platform.findOrganization(connection, 'o49999'),
    ])
      expect((await limitError(call())).message).toMatch(`more than ${L.orgDepthMax} levels deep`);
  });

  it(`refuses a full path longer than ${L.orgPathMax} characters, naming the limit`, async () => {
    server.answers.rootId = 'o1';
    // Four names, three separators of three characters: 3 * 253 + 256 + 9, exactly the limit.
    const named = (last: number) => (n: number) => `${n}`.padEnd(n === 4 ? last : 253, 'x');
    server.answers.hierarchy = organizationChain(4, named(256));
    const deepest = (await platform.listOrganizations(connection)).organizations[3];
    expect(deepest?.fullPath).toHaveLength(L.orgPathMax);
    server.answers.hierarchy = organizationChain(4, named(257));
    expect((await limitError(platform.listOrganizations(connection))).message).toBe(
      `The platform answered an organization whose full path is longer than ${L.orgPathMax} characters, the most this service reads`,
    );
    server.answers.hierarchy = organizationChain(1, () => 'x'.repeat(L.orgPathMax + 1));
    await limitError(platform.listOrganizations(connection));
  });

  it(`refuses an organization ID longer than ${L.organizationIdMax} characters`, async () => {
    const id = 'i'.repeat(L.organizationIdMax + 1);
    server.answers.rootId = id;
    server.answers.hierarchy = JSON.stringify({ id, name: 'Root' });
    expect((await limitError(platform.listOrganizations(connection))).message).toMatch(
      `organization ID longer than ${L.organizationIdMax} characters`,
    );
  });

  it(`lists ${L.orgsMax} organizations of a tree that has exactly as many, not truncated`, async () => {
    server.answers.rootId = 'root';
    server.answers.hierarchy = wide(L.orgsMax - 1);
    const { organizations, truncated } = await platform.listOrganizations(connection);
    expect(organizations).toHaveLength(L.orgsMax);
    expect(truncated).toBe(false);
  });

  it(`lists ${L.orgsMax} organizations of a larger tree, root first, truncated, and still finds one past them`, async () => {
    server.answers.rootId = 'root';
    server.answers.hierarchy = wide(L.orgsMax);
    expect(await platform.listOrganizations(connection)).toMatchObject({ truncated: true });
    server.answers.hierarchy = wide(L.orgsMax + 500);
    const { organizations, truncated } = await platform.listOrganizations(connection);
    expect(truncated).toBe(true);
    expect(organizations).toHaveLength(L.orgsMax);
    expect(organizations[0]).toMatchObject({ id: 'root', isPrimary: true, fullPath: 'Root' });
    expect(organizations.at(-1)).toMatchObject({
      id: `g${L.orgsMax - 2}`,
      fullPath: `Root / Group ${L.orgsMax - 2}`,
    });
    expect(await platform.findOrganization(connection, `g${L.orgsMax + 400}`)).toMatchObject({
      parentId: 'root',
      fullPath: `Root / Group ${L.orgsMax + 400}`,
    });
    expect(await platform.findOrganization(connection, 'nowhere')).toBeNull();
  });

  it(`lists the deployable organizations of the whole tree, at most ${L.orgsMax}`, async () => {
    server.answers.rootId = 'root';
    server.answers.hierarchy = wide(3 * L.orgsMax);
    server.answers.deployableIds = [`g${2 * L.orgsMax}`, 'g1'];
    const few = await platform.listDeployableOrganizations(connection);
    expect(few.organizations.map((o) => o.id)).toEqual(['g1', `g${2 * L.orgsMax}`]);
    expect(few.truncated).toBe(false);
    server.answers.deployableIds = Array.from({ length: 3 * L.orgsMax }, (_, i) => `g${i}`);
    const { organizations: deployable, truncated } = await platform.listDeployableOrganizations(connection);
    expect(deployable).toHaveLength(L.orgsMax);
    expect(deployable[0]?.id).toBe('g0');
    expect(truncated).toBe(true);
  });

  it(`finds the deployable organizations asked for anywhere in the tree, past the first ${L.orgsMax}`, async () => {
    server.answers.rootId = 'root';
    server.answers.hierarchy = wide(3 * L.orgsMax);
    server.answers.deployableIds = Array.from({ length: 3 * L.orgsMax }, (_, i) => `g${i}`);
    const past = `g${2 * L.orgsMax}`;
    const found = await platform.findDeployableOrganizations(connection, [past, 'nowhere', 'root', 'g1']);
    // Tree order; the root is in the tree but not deployable, `nowhere` not in it.
    expect(found.map((o) => o.id)).toEqual(['g1', past]);
    expect(found[1]).toMatchObject({ parentId: 'root', fullPath: `Root / Group ${2 * L.orgsMax}` });
    expect(await platform.findDeployableOrganizations(connection, ['nowhere'])).toEqual([]);
  });

  /** An applied item whose configuration is `depth` levels of objects (or arrays): `{"a": {"a": ... 1}}`. */
  const appliedNested = (depth: number, open = '{"a":', close = '}'): string =>
    '{"organizationId":"root","kind":"policy","groupId":"root","assetId":"header-injection","version":"1.0.0",' +
    `"configuration":{"a":${open.repeat(depth - 1)}1${close.repeat(depth - 1)}}}`;

  it(`reads an applied configuration ${CONFIGURATION_DEPTH_MAX} levels deep, and refuses a deeper one naming the limit`, async () => {
    server.answers.applied = appliedNested(CONFIGURATION_DEPTH_MAX);
    expect(await platform.getApplied(connection, 'root', 'header-injection')).toMatchObject({
      version: '1.0.0',
      configuration: { a: { a: expect.any(Object) } },
    });
    const message = `The platform answered an applied item whose configuration is nested more than ${CONFIGURATION_DEPTH_MAX} levels deep, the most this service reads`;
    server.answers.applied = appliedNested(CONFIGURATION_DEPTH_MAX + 1);
    expect((await limitError(platform.getApplied(connection, 'root', 'header-injection'))).message).toBe(
      message,
    );
    server.answers.applied = appliedNested(CONFIGURATION_DEPTH_MAX + 1, '[', ']');
    expect((await limitError(platform.getApplied(connection, 'root', 'header-injection'))).message).toBe(
      message,
    );
  });

  it('refuses an applied configuration 50,000 levels deep, which drift and roll-outs could not serialize', async () => {
    server.answers.applied = appliedNested(50_000);
    const error = await limitError(platform.getApplied(connection, 'root', 'header-injection'));
    expect(error.message).toMatch(`more than ${CONFIGURATION_DEPTH_MAX} levels deep`);
  });

  describe("what is kept of the platform's error text (job records, plans and logs show it)", () => {
    const secret = 'cs-7f3a9c2e5b1d4e6f8a0b';
    const echoed: PlatformConnection = { host: 'us', clientId: 'client-echo', clientSecret: secret };
    const answered = 'The platform answered';

    afterEach(() => {
      server.answers.failure = null;
    });

    const failureOf = async (promise: Promise<unknown>): Promise<PlatformError> => {
      const error: unknown = await promise.then(
        () => new Error('expected a PlatformError'),
        (e: unknown) => e,
      );
      if (!(error instanceof PlatformError)) throw error;
      return error;
    };

    it(`keeps at most ${PLATFORM_MESSAGE_MAX} characters of a 5 MB error message, without the token it echoes or control characters`, async () => {
      server.answers.failure = ({ method, authorization }) =>
        method === 'PUT'
          ? {
              status: 500,
              body: JSON.stringify({
                message: `Could not apply: the request had authorization ${authorization}\n\u001b[31m${'detail '.repeat(750_000)}`,
              }),
            }
          : undefined;
      const error = await failureOf(
        platform.apply(echoed, 'root', { kind: 'policy', groupId: 'root', assetId: 'a', version: '1.0.0' }),
      );
      expect(error.kind).toBe('upstream_error');
      expect(error.details.status).toBe(500);
      expect(error.message).toMatch(
        /^The platform answered 500: Could not apply: the request had authorization Bearer \[redacted\] \[31mdetail detail /,
      );
      expect(error.message).toMatch(/…$/);
      expect(error.message.length).toBeLessThanOrEqual(`${answered} 500: `.length + PLATFORM_MESSAGE_MAX);
      expect(error.message).not.toContain('answering-token');
      // eslint-disable-next-line no-control-regex -- what must not be there
      expect(error.message).not.toMatch(/[\u0000-\u001f]/);
    });

    it('never quotes the client credentials a failed token request echoes back', async () => {
      server.answers.failure = ({ path, body }) =>
        path === '/oauth2/token'
          ? { status: 503, body: JSON.stringify({ message: `Token service down for ${body}` }) }
          : undefined;
      const error = await failureOf(platform.getAccessToken(echoed, { forceRefresh: true }));
      expect(error.message).toBe(
        `${answered} 503: Token service down for grant_type=client_credentials&client_id=[redacted]&client_secret=[redacted]`,
      );
    });

    it('redacts what looks like a credential in a refusal quoted as it is, whatever its value', async () => {
      server.answers.failure = ({ method }) =>
        method === 'PUT'
          ? {
              status: 422,
              body: JSON.stringify({
                message:
                  `Refused {"apiKey": "k-0123456789", "password":"hunter2"}, token=abc.def and ` +
                  `eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl, secret ${secret}`,
                code: 'x'.repeat(1000),
              }),
            }
          : undefined;
      const error = await failureOf(
        platform.apply(echoed, 'root', { kind: 'policy', groupId: 'root', assetId: 'a', version: '1.0.0' }),
      );
      expect(error.kind).toBe('invalid_request');
      expect(error.message).toBe(
        'Refused {"apiKey": "[redacted]", "password":"[redacted]"}, token=[redacted] and [redacted], secret [redacted]',
      );
    });

    it(`keeps at most ${PLATFORM_MESSAGE_MAX} characters of an applied item's status message, without the token`, async () => {
      server.answers.status = JSON.stringify({
        version: '1.0.0',
        health: 'failing',
        message: `Upstream refused Authorization: Bearer answering-token; ${'retrying '.repeat(600_000)}`,
      });
      const status = await platform.getStatus(echoed, 'root', 'a');
      expect(status?.message).toMatch(
        /^Upstream refused Authorization: \[redacted\] \[redacted\]; retrying retrying /,
      );
      expect(status?.message).toHaveLength(PLATFORM_MESSAGE_MAX);
      expect(status?.message).not.toContain('answering-token');
    });
  });
});
