import { randomBytes } from 'node:crypto';
import { type RunningSandbox, SandboxControl, type SandboxTenant, startSandbox } from '@pc/sandbox';
import {
  type BusKind,
  cookieFrom,
  createTestDatabase,
  HttpClient,
  type TestDatabase,
  testBus,
} from '@pc/testing';
import { type EnvSource } from '@pc/platform';
import { type RunningSystem, startSystem, type SystemOptions, systemEnvironment } from '../system';

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const ADMIN = { email: 'root@example.com', password: 'admin-password-1' };

export interface TestUser {
  id: string;
  email: string;
  username: string;
  token: string;
  /** A token with api:read only. */
  readToken: string;
}

/**
 * A platform tenant in the sandbox, laid out as `SandboxControl.addTestTenant` lays it out; a test may
 * add one of its own layout (the organizations are the sandbox's to tell).
 */
export type Tenant = Omit<SandboxTenant, 'organizations'>;

/**
 * One system (every service and the gateway) on a fresh database and bus, a sandbox standing in for the
 * platform, and builders: users with tokens, platform tenants, connections, workspaces.
 */
export class ConnectionsWorld {
  http!: HttpClient;
  sandbox!: RunningSandbox;
  control!: SandboxControl;
  system!: RunningSystem;
  db!: TestDatabase;
  admin!: TestUser;
  private counter = 0;

  bus!: ReturnType<typeof testBus>;

  async start(
    kind: BusKind,
    env: Record<string, string> = {},
    options: Partial<SystemOptions> = {},
    busTimeoutMs = 10000,
  ): Promise<this> {
    this.db = await createTestDatabase();
    this.bus = testBus(kind, busTimeoutMs);
    this.sandbox = await startSandbox({ port: 0, seed: false });
    this.control = new SandboxControl(this.sandbox.url);
    const system: SystemOptions = {
      ...options,
      bus: this.bus,
      databaseUrl: this.db.url,
      gatewayPort: 0,
      env: {
        ...this.sandbox.adapterEnv,
        // Also a loopback port where nothing listens, to show an unreachable custom domain.
        OUTBOUND_ALLOWLIST: [
          this.sandbox.adapterEnv.OUTBOUND_ALLOWLIST,
          '127.0.0.1:9',
          ...this.allowed(),
        ].join(','),
        PLATFORM_TIMEOUT_MS: '1000',
        BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
        BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
        ...env,
      },
    };
    const [outside, started] = await Promise.allSettled([
      this.startOutside(systemEnvironment(system)),
      startSystem(system),
    ]);
    if (started.status === 'fulfilled') this.system = started.value;
    for (const result of [outside, started]) if (result.status === 'rejected') throw result.reason;
    this.http = new HttpClient(this.system.url!);
    this.admin = await this.login(ADMIN.email, ADMIN.password);
    return this;
  }

  /** Starts the services of `options.outside` as processes of their own, with the system's variables. */
  protected async startOutside(_environment: EnvSource): Promise<void> {}

  /** More hosts the services may reach (a world's own receivers). */
  protected allowed(): string[] {
    return [];
  }

  async stop(): Promise<void> {
    await this.system?.close();
    await this.sandbox?.close();
    await this.db?.drop();
  }

  async newUser(): Promise<TestUser> {
    const n = ++this.counter;
    const email = `conn${n}-${Date.now()}@example.com`;
    const signup = await this.http.post<Json>('/api/auth/signup', {
      email,
      password: 'password123',
      name: `User ${n}`,
    });
    if (signup.status !== 201) throw new Error(`signup ${signup.status}`);
    const cookie = cookieFrom(signup, 'sb-access-token')!;
    const username = `u${n}x${Date.now().toString(36)}`;
    await this.http.patch('/api/me', { username }, { cookie });
    return { id: signup.body.user.id, email, username, ...(await this.tokens(cookie)) };
  }

  private async login(email: string, password: string): Promise<TestUser> {
    const res = await this.http.post<Json>('/api/auth/login', { email, password });
    const cookie = cookieFrom(res, 'sb-access-token')!;
    return { id: res.body.user.id, email, username: '', ...(await this.tokens(cookie)) };
  }

  private async tokens(cookie: string): Promise<{ token: string; readToken: string }> {
    const rw = await this.http.post<Json>(
      '/api/tokens',
      { name: 'rw', scopes: ['api:read', 'api:write'] },
      { cookie },
    );
    const ro = await this.http.post<Json>('/api/tokens', { name: 'ro', scopes: ['api:read'] }, { cookie });
    return { token: rw.body.token, readToken: ro.body.token };
  }

  /** A platform tenant of its own; `teams` more deployable organizations under the root. */
  newTenant(teams = 0): Promise<Tenant> {
    return this.control.addTestTenant(++this.counter, teams);
  }

  /** A policy under review, visible to its owner. */
  async newPolicy(owner: TestUser): Promise<string> {
    const n = ++this.counter;
    const { webUrl } = await this.control.createRepository({
      owner: 'community',
      name: `policy-${n}-${randomBytes(3).toString('hex')}`,
      files: {
        'definition/gcl.yaml':
          'apiVersion: gateway.vendor/v1alpha1\nkind: Extension\nmetadata:\n  name: scope-guard\n  labels:\n' +
          '    title: Scope Guard\n    category: Security\nspec:\n  properties: {}\n',
        'Cargo.toml': '[package]\nname = "scope_guard"\nversion = "1.2.3"\n\n[dependencies]\npdk = "1.4.0"\n',
        'src/lib.rs': '// filter\n',
      },
    });
    const res = await this.http.post<Json>(
      '/api/submissions',
      {
        name: `Scope Guard ${n}`,
        description: 'Rejects requests whose OAuth token lacks the scopes an operation needs.',
        sourceHostUrl: webUrl,
      },
      { token: owner.token },
    );
    if (res.status !== 201) throw new Error(`submission ${res.status} ${res.text}`);
    return res.body.submission.policyId as string;
  }

  credentials(tenant: Tenant, organizationId = tenant.rootId): Json {
    return { host: 'us', clientId: tenant.clientId, clientSecret: tenant.clientSecret, organizationId };
  }

  async newConnection(
    owner: TestUser,
    tenant?: Tenant,
    extra: Json = {},
  ): Promise<{ id: string; tenant: Tenant }> {
    const t = tenant ?? (await this.newTenant());
    const res = await this.http.post<Json>(
      '/api/connections',
      { name: `Conn ${++this.counter}`, ...this.credentials(t), ...extra },
      { token: owner.token },
    );
    if (res.status !== 200) throw new Error(`create connection ${res.status} ${res.text}`);
    return { id: res.body.connection.id, tenant: t };
  }

  async newWorkspace(owner: TestUser, name = `Team ${++this.counter}`): Promise<string> {
    const res = await this.http.post<Json>('/api/workspaces', { name }, { token: owner.token });
    if (res.status !== 201) throw new Error(`create workspace ${res.status} ${res.text}`);
    return res.body.workspace.id;
  }

  async addMember(
    ws: string,
    by: TestUser,
    user: TestUser,
    role: 'admin' | 'member' = 'member',
  ): Promise<void> {
    const res = await this.http.post(
      `/api/workspaces/${ws}/members`,
      { username: user.username, role },
      { token: by.token },
    );
    if (res.status !== 200) throw new Error(`add member ${res.status} ${res.text}`);
  }

  async share(ws: string, by: TestUser, connectionId: string): Promise<void> {
    const res = await this.http.post(
      `/api/workspaces/${ws}/connections`,
      { connection_id: connectionId },
      { token: by.token },
    );
    if (res.status !== 200) throw new Error(`share ${res.status} ${res.text}`);
  }
}
