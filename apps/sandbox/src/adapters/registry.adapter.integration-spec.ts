import { HttpGatewayPlatform, type PlatformConnection } from '@pc/gateway-platform';
import { HttpRegistry, RegistryError, type AccessTokenProvider } from '@pc/registry';
import { SandboxControl } from '../sandbox-control.client';
import { startSandbox, type RunningSandbox } from '../sandbox.server';
import { kindExpecter } from '../testing/adapter-failures';

const expectKind = kindExpecter(RegistryError);

describe('HttpRegistry against the sandbox', () => {
  let sandbox: RunningSandbox;
  let control: SandboxControl;
  let registry: HttpRegistry;
  let auth: AccessTokenProvider;
  let groupId: string;
  let counter = 0;
  const nextAssetId = (): string => `asset-${++counter}`;

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: true });
    control = new SandboxControl(sandbox.url);
    const connection: PlatformConnection = {
      host: 'us',
      clientId: sandbox.demo.clientId,
      clientSecret: sandbox.demo.clientSecret,
    };
    auth = HttpGatewayPlatform.fromEnv(sandbox.adapterEnv).tokenProvider(connection);
    registry = HttpRegistry.fromEnv({ ...sandbox.adapterEnv, REGISTRY_TIMEOUT_MS: '300' });
    groupId = sandbox.demo.rootOrganizationId;
  });

  afterAll(async () => {
    await sandbox.close();
  });

  afterEach(async () => {
    await control.clearFaults();
  });

  const publish = (assetId: string, version = '1.0.0') =>
    registry.publish(auth, {
      groupId,
      assetId,
      version,
      classifier: 'governance-ruleset',
      name: 'Security Baseline',
      description: 'Minimum security requirements.',
      files: [
        { path: 'ruleset.yaml', content: '#%Validation Profile 1.0\nprofile: Security Baseline\n' },
        { path: 'icon.png', content: Buffer.from([0x89, 0x50, 0x4e, 0x47]) },
      ],
    });

  it('publishes a version and returns it with its files', async () => {
    const assetId = nextAssetId();
    const published = await publish(assetId);
    expect(published).toMatchObject({ groupId, assetId, version: '1.0.0', classifier: 'governance-ruleset' });
    expect(published.files.map((f) => f.path).sort()).toEqual(['icon.png', 'ruleset.yaml']);
    expect(published.files.find((f) => f.path === 'icon.png')).toMatchObject({ size: 4 });
    expect(await registry.getVersion(auth, { groupId, assetId, version: '1.0.0' })).toEqual(published);
    expect(await registry.readFile(auth, { groupId, assetId, version: '1.0.0' }, 'icon.png')).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47]),
    );
  });

  it('lists the versions of an asset, and none for an unknown asset', async () => {
    const assetId = nextAssetId();
    await publish(assetId, '1.0.0');
    await publish(assetId, '1.1.0');
    expect((await registry.listVersions(auth, { groupId, assetId })).map((v) => v.version)).toEqual([
      '1.0.0',
      '1.1.0',
    ]);
    expect(await registry.listVersions(auth, { groupId, assetId: 'never-published' })).toEqual([]);
    expect(await registry.getVersion(auth, { groupId, assetId, version: '9.9.9' })).toBeNull();
  });

  it('refuses to publish the same version twice', async () => {
    const assetId = nextAssetId();
    await publish(assetId);
    await expectKind(publish(assetId), 'conflict');
  });

  it('refuses a version that is not semantic and an unknown classifier', async () => {
    await expectKind(publish(nextAssetId(), 'latest'), 'invalid_request');
    await expectKind(
      registry.publish(auth, {
        groupId,
        assetId: nextAssetId(),
        version: '1.0.0',
        classifier: 'something-else' as 'governance-ruleset',
        name: 'x',
        files: [{ path: 'a', content: 'a' }],
      }),
      'invalid_request',
    );
  });

  it('deletes a version once', async () => {
    const assetId = nextAssetId();
    await publish(assetId);
    expect(await registry.deleteVersion(auth, { groupId, assetId, version: '1.0.0' })).toBe(true);
    expect(await registry.deleteVersion(auth, { groupId, assetId, version: '1.0.0' })).toBe(false);
    expect(await registry.getVersion(auth, { groupId, assetId, version: '1.0.0' })).toBeNull();
  });

  it('reads and sets the status of the home page', async () => {
    const assetId = nextAssetId();
    await publish(assetId);
    expect(await registry.getHomePage(auth, { groupId, assetId })).toMatchObject({
      status: 'draft',
      content: expect.stringContaining('Security Baseline'),
    });
    const page = await registry.setHomePage(
      auth,
      { groupId, assetId },
      { status: 'published', content: '# Hello' },
    );
    expect(page).toMatchObject({ status: 'published', content: '# Hello' });
    expect(await registry.getHomePage(auth, { groupId, assetId })).toMatchObject({ status: 'published' });
    await expectKind(registry.getHomePage(auth, { groupId, assetId: 'never-published' }), 'not_found');
  });

  it('shows what it holds in the sandbox state', async () => {
    const assetId = nextAssetId();
    await publish(assetId);
    const state = await control.platformState();
    expect(state.registry).toContainEqual(expect.objectContaining({ groupId, assetId, version: '1.0.0' }));
  });

  it("refuses to publish into another tenant's organization", async () => {
    await control.addTenant({
      clientId: 'other-client',
      clientSecret: 'other-secret',
      organizations: [{ id: 'other-root', name: 'Other Corp' }],
    });
    await expectKind(
      registry.publish(auth, {
        groupId: 'other-root',
        assetId: nextAssetId(),
        version: '1.0.0',
        classifier: 'policy-definition',
        name: 'x',
        files: [{ path: 'gcl.yaml', content: 'x' }],
      }),
      'forbidden',
    );
  });

  it('refreshes a rejected token once and goes on', async () => {
    const forced: boolean[] = [];
    const stale: AccessTokenProvider = async (options) => {
      forced.push(options?.forceRefresh ?? false);
      return options?.forceRefresh ? auth() : 'stale-token';
    };
    expect(await registry.listVersions(stale, { groupId, assetId: 'never-published' })).toEqual([]);
    expect(forced).toEqual([false, true]);
  });

  it('reports a token that stays rejected as unauthorized', async () => {
    await expectKind(
      registry.listVersions(() => Promise.resolve('garbage'), { groupId, assetId: 'x' }),
      'unauthorized',
    );
  });

  it('reports rate limiting with when to retry', async () => {
    await control.injectFault({ system: 'registry', kind: 'rate_limit', times: 1 });
    const error = await expectKind(registry.listVersions(auth, { groupId, assetId: 'x' }), 'rate_limited');
    expect(error.retryAfterSeconds).toBe(60);
  });

  it('retries a read after a server error', async () => {
    await control.injectFault({ system: 'registry', kind: 'error', times: 1 });
    expect(await registry.listVersions(auth, { groupId, assetId: 'never-published' })).toEqual([]);
  });

  it('does not retry a publish after a server error', async () => {
    await control.injectFault({ system: 'registry', kind: 'error', times: 1 });
    const assetId = nextAssetId();
    await expectKind(publish(assetId), 'upstream_error');
    expect(await registry.getVersion(auth, { groupId, assetId, version: '1.0.0' })).toBeNull();
  });

  it('reports a registry that does not answer in time as a timeout', async () => {
    await control.injectFault({ system: 'registry', kind: 'timeout' });
    await expectKind(publish(nextAssetId()), 'timeout');
  });

  it('reports a registry nobody listens on as unreachable', async () => {
    const offline = new HttpRegistry({ url: 'http://127.0.0.1:9/registry', retries: 0 });
    await expectKind(offline.listVersions(auth, { groupId, assetId: 'x' }), 'unreachable');
  });
});
