import {
  HttpGatewayPlatform,
  PlatformError,
  type ApplyRequest,
  type PlatformConnection,
} from '@pc/gateway-platform';
import { HttpRegistry } from '@pc/registry';
import { SandboxControl } from '../sandbox-control.client';
import { startSandbox, type RunningSandbox } from '../sandbox.server';
import { kindExpecter } from '../testing/adapter-failures';

const expectKind = kindExpecter(PlatformError);

describe('HttpGatewayPlatform against the sandbox', () => {
  let sandbox: RunningSandbox;
  let control: SandboxControl;
  let platform: HttpGatewayPlatform;
  let connection: PlatformConnection;
  let root: string;
  let payments: string;
  let retail: string;

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: true });
    control = new SandboxControl(sandbox.url);
    platform = HttpGatewayPlatform.fromEnv({ ...sandbox.adapterEnv, PLATFORM_TIMEOUT_MS: '300' });
    connection = { host: 'us', clientId: sandbox.demo.clientId, clientSecret: sandbox.demo.clientSecret };
    root = sandbox.demo.rootOrganizationId;
    [payments = '', retail = ''] = sandbox.demo.businessGroups.map((g) => g.id);
    const registry = HttpRegistry.fromEnv(sandbox.adapterEnv);
    const auth = platform.tokenProvider(connection);
    for (const version of ['1.0.0', '1.1.0']) {
      await registry.publish(auth, {
        groupId: root,
        assetId: 'header-injection',
        version,
        classifier: 'policy-implementation',
        name: 'Header Injection',
        files: [{ path: 'policy.wasm', content: Buffer.from([0, 97, 115, 109]) }],
      });
    }
    await registry.publish(auth, {
      groupId: root,
      assetId: 'security-baseline',
      version: '1.0.0',
      classifier: 'governance-ruleset',
      name: 'Security Baseline',
      files: [{ path: 'ruleset.yaml', content: '#%Validation Profile 1.0\n' }],
    });
  });

  afterAll(async () => {
    await sandbox.close();
  });

  afterEach(async () => {
    await control.clearFaults();
  });

  /** Applies an asset the registry holds under the demo root, with the demo credentials. */
  const apply = (organizationId: string, asset: Omit<ApplyRequest, 'groupId'>) =>
    platform.apply(connection, organizationId, { groupId: root, ...asset });

  const tokensIssued = async (clientId: string): Promise<number> =>
    (await control.platformState()).tenants.find((t) => t.clientId === clientId)?.tokensIssued ?? -1;

  it('works with host us and the demo credentials, with no other configuration', async () => {
    const defaults = HttpGatewayPlatform.fromEnv(sandbox.adapterEnv);
    expect(defaults.baseUrl(connection)).toBe(sandbox.urls.platform);
    expect((await defaults.listOrganizations(connection)).organizations[0]).toMatchObject({
      id: root,
      isPrimary: true,
    });
  });

  it('lists the organization tree with full paths, root first', async () => {
    const { organizations, truncated } = await platform.listOrganizations(connection);
    expect(truncated).toBe(false);
    expect(organizations).toEqual([
      { id: root, name: 'Demo Corp', parentId: null, isPrimary: true, fullPath: 'Demo Corp' },
      { id: payments, name: 'Payments', parentId: root, isPrimary: false, fullPath: 'Demo Corp / Payments' },
      { id: retail, name: 'Retail', parentId: root, isPrimary: false, fullPath: 'Demo Corp / Retail' },
    ]);
  });

  it('lists only the organizations the credential may deploy to, with nested paths', async () => {
    await control.addTenant({
      clientId: 'nested-client',
      clientSecret: 'nested-secret',
      organizations: [
        { id: 'n-root', name: 'Root', deployable: false },
        { id: 'n-a', name: 'Team A', parentId: 'n-root' },
        { id: 'n-sub', name: 'Sub', parentId: 'n-a' },
      ],
    });
    const nested: PlatformConnection = {
      host: 'eu',
      clientId: 'nested-client',
      clientSecret: 'nested-secret',
    };
    const { organizations: deployable } = await platform.listDeployableOrganizations(nested);
    expect(deployable.map((o) => o.fullPath)).toEqual(['Root / Team A', 'Root / Team A / Sub']);
    await expectKind(
      platform.apply(nested, 'n-root', { kind: 'policy', groupId: 'n-root', assetId: 'x', version: '1.0.0' }),
      'forbidden',
    );
  });

  it('caches the token until it expires', async () => {
    const fresh = HttpGatewayPlatform.fromEnv(sandbox.adapterEnv);
    const before = await tokensIssued(connection.clientId);
    await fresh.listOrganizations(connection);
    await fresh.listApplied(connection, root);
    expect(await tokensIssued(connection.clientId)).toBe(before + 1);
  });

  it('fetches a new token once the cached one is about to expire', async () => {
    let now = Date.now();
    const clocked = new HttpGatewayPlatform(
      { usUrl: sandbox.urls.platform, euUrl: sandbox.urls.platform, tokenExpirySkewSeconds: 30 },
      () => now,
    );
    const first = await clocked.getAccessToken(connection);
    expect(await clocked.getAccessToken(connection)).toBe(first);
    now += 3600 * 1000;
    expect(await clocked.getAccessToken(connection)).not.toBe(first);
  });

  it('fetches a new token when the platform answers 401, and goes on', async () => {
    const fresh = HttpGatewayPlatform.fromEnv(sandbox.adapterEnv);
    await fresh.listApplied(connection, root);
    const before = await tokensIssued(connection.clientId);
    await control.revokeTokens();
    expect(await fresh.listApplied(connection, root)).toEqual(expect.any(Array));
    expect(await tokensIssued(connection.clientId)).toBe(before + 1);
  });

  it('reports wrong client credentials as invalid credentials', async () => {
    await expectKind(
      platform.listOrganizations({ ...connection, clientSecret: 'wrong' }),
      'invalid_credentials',
    );
  });

  it('applies a policy, reads it back, replaces it and removes it', async () => {
    const applied = await apply(payments, {
      kind: 'policy',
      assetId: 'header-injection',
      version: '1.0.0',
      configuration: { inboundHeaders: [{ key: 'x-team', value: 'payments' }] },
    });
    expect(applied).toMatchObject({
      organizationId: payments,
      assetId: 'header-injection',
      version: '1.0.0',
    });
    expect(await platform.getApplied(connection, payments, 'header-injection')).toMatchObject({
      configuration: { inboundHeaders: [{ key: 'x-team', value: 'payments' }] },
    });
    await apply(payments, { kind: 'policy', assetId: 'header-injection', version: '1.1.0' });
    expect(
      (await platform.listApplied(connection, payments)).map((a) => `${a.assetId}@${a.version}`),
    ).toEqual(['header-injection@1.1.0']);
    expect(await platform.remove(connection, payments, 'header-injection')).toBe(true);
    expect(await platform.remove(connection, payments, 'header-injection')).toBe(false);
    expect(await platform.getApplied(connection, payments, 'header-injection')).toBeNull();
  });

  it('shows applied items in the sandbox state and notices drift made out of band', async () => {
    await apply(retail, { kind: 'ruleset', assetId: 'security-baseline', version: '1.0.0' });
    const state = await control.platformState();
    expect(state.organizations.find((o) => o.id === retail)?.applied).toEqual([
      expect.objectContaining({ assetId: 'security-baseline', version: '1.0.0' }),
    ]);
    await control.removeApplied(retail, 'security-baseline');
    expect(await platform.getApplied(connection, retail, 'security-baseline')).toBeNull();
  });

  it("reads an applied item's health as the sandbox's control sets it, progressing through its delay", async () => {
    await apply(retail, { kind: 'ruleset', assetId: 'security-baseline', version: '1.0.0' });
    expect(await platform.getStatus(connection, retail, 'security-baseline')).toMatchObject({
      version: '1.0.0',
      health: 'healthy',
      message: null,
    });
    await control.setHealth(retail, { health: 'degraded' });
    expect(await platform.getStatus(connection, retail, 'security-baseline')).toMatchObject({
      health: 'degraded',
      message: expect.stringContaining('degraded'),
    });
    await control.setHealth(retail, { health: 'failing', delayMs: 60_000, assetId: 'security-baseline' });
    await apply(retail, { kind: 'ruleset', assetId: 'security-baseline', version: '1.0.0' });
    expect((await platform.getStatus(connection, retail, 'security-baseline'))?.health).toBe('progressing');
    await control.clearHealth(retail);
    await control.removeApplied(retail, 'security-baseline');
    expect(await platform.getStatus(connection, retail, 'security-baseline')).toBeNull();
    const state = await control.platformState();
    expect(
      state.organizations.find((o) => o.id === retail)?.applyCounts['security-baseline'],
    ).toBeGreaterThan(1);
  });

  it('refuses to apply an asset the registry does not hold', async () => {
    await expectKind(
      apply(retail, { kind: 'policy', assetId: 'header-injection', version: '9.0.0' }),
      'asset_not_found',
    );
    await expectKind(
      apply(retail, { kind: 'policy', assetId: 'security-baseline', version: '1.0.0' }),
      'invalid_request',
    );
  });

  it('reports an unknown organization as not found', async () => {
    await expectKind(platform.listApplied(connection, 'no-such-organization'), 'not_found');
  });

  it('reports rate limiting of one organization, with when to retry, and leaves the others alone', async () => {
    await control.injectFault({ system: 'platform', organizationId: payments, kind: 'rate_limit' });
    const error = await expectKind(platform.listApplied(connection, payments), 'rate_limited');
    expect(error.retryAfterSeconds).toBe(60);
    expect(await platform.listApplied(connection, retail)).toEqual(expect.any(Array));
  });

  it('retries a read after a server error but reports a failed write', async () => {
    await control.injectFault({ system: 'platform', organizationId: retail, kind: 'error', times: 1 });
    expect(await platform.listApplied(connection, retail)).toEqual(expect.any(Array));
    await control.injectFault({ system: 'platform', organizationId: retail, kind: 'error', times: 1 });
    await expectKind(
      apply(retail, { kind: 'policy', assetId: 'header-injection', version: '1.0.0' }),
      'upstream_error',
    );
  });

  it('reports a platform that does not answer in time as a timeout', async () => {
    await control.injectFault({ system: 'platform', organizationId: payments, kind: 'timeout' });
    await expectKind(platform.listApplied(connection, payments), 'timeout');
  });

  it('reports a platform nobody listens on as unreachable', async () => {
    const offline = new HttpGatewayPlatform({ usUrl: 'http://127.0.0.1:9/platform', euUrl: 'x', retries: 0 });
    await expectKind(offline.listOrganizations(connection), 'unreachable');
  });

  it('reaches a custom domain only when it is allowlisted, over plain http only then', async () => {
    const custom: PlatformConnection = { ...connection, host: 'custom', customDomain: sandbox.urls.platform };
    expect((await platform.listOrganizations(custom)).organizations[0]?.id).toBe(root);
    const { OUTBOUND_ALLOWLIST: _allow, ...withoutAllowlist } = sandbox.adapterEnv;
    const strict = HttpGatewayPlatform.fromEnv(withoutAllowlist);
    // Plain http is refused before anything is resolved or sent; over https, the address is vetted.
    await expectKind(strict.listOrganizations(custom), 'invalid_url');
    expect(() => strict.baseUrl({ ...custom, customDomain: 'http://platform.example.org' })).toThrow(
      /must use https/,
    );
    expect(strict.baseUrl({ ...custom, customDomain: 'platform.example.org' })).toBe(
      'https://platform.example.org',
    );
    for (const customDomain of [
      sandbox.urls.platform.replace(/^http:/, 'https:'),
      'https://169.254.169.254/latest',
      'https://localhost:1/',
    ])
      await expectKind(strict.listOrganizations({ ...custom, customDomain }), 'not_allowed_host');
  });
});
