import { CatalogRpc, type Idea, type RequestContext } from '@pc/contracts';
import { BusClient, createClientProxy } from '@pc/platform';
import { type RunningSandbox, SandboxControl, startSandbox } from '@pc/sandbox';
import { cookieFrom, createTestDatabase, HttpClient, type TestDatabase, testBus } from '@pc/testing';
import { type RunningSystem, startSystem } from '../system';

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const ADMIN = { email: 'rs-root@example.com', password: 'admin-password-1' };

/** A valid profile: two violations, one warning, one info; REST and MCP target classes. */
export const PROFILE = `#%Validation Profile 1.0
profile: Payments API Rules
description: What every payments API must do.
violation:
  - operations-are-secured
  - amounts-are-decimal
warning:
  - operations-have-descriptions
info:
  - tools-are-described
validations:
  operations-are-secured:
    message: Secure every operation.
    targetClass: apiContract.Operation
    propertyConstraints:
      core.name:
        minCount: 1
  amounts-are-decimal:
    message: Amounts are decimal strings.
    targetClass: shapes.ScalarShape
    propertyConstraints:
      core.name:
        minCount: 1
  operations-have-descriptions:
    message: Describe operations.
    targetClass: apiContract.Operation
    propertyConstraints:
      core.name:
        minCount: 1
  tools-are-described:
    message: Describe MCP tools.
    targetClass: mcp.Tool
    propertyConstraints:
      core.name:
        minCount: 1
`;

export const REGISTRY = JSON.stringify({
  assetId: 'payments-api-rules',
  name: 'Payments API Rules',
  description: 'What every payments API must do.',
  main: 'ruleset.yaml',
});

export interface TestUser {
  token: string;
  id: string;
  username: string;
  email: string;
  cookie: string;
}

/** One system (gateway and services over NATS, real PostgreSQL) and a sandbox, for one test file. */
export class RulesetsHarness {
  db!: TestDatabase;
  bus!: BusClient;
  sandbox!: RunningSandbox;
  control!: SandboxControl;
  system!: RunningSystem;
  http!: HttpClient;
  admin!: string;
  private counter = 0;

  /** `seed`: the sandbox's demo repositories (seconds more), for the files that validate them. */
  async start(options: { seed?: boolean } = {}): Promise<void> {
    this.db = await createTestDatabase();
    this.sandbox = await startSandbox({ port: 0, seed: options.seed ?? false });
    this.control = new SandboxControl(this.sandbox.url);
    const busConfig = testBus('nats', 10000);
    this.system = await startSystem({
      bus: busConfig,
      databaseUrl: this.db.url,
      gatewayPort: 0,
      // Nothing here builds a deployment: no worker polling for jobs beside the services.
      deploymentWorkers: 0,
      env: {
        ...this.sandbox.adapterEnv,
        SOURCE_HOST_TIMEOUT_MS: '2000',
        BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
        BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
      },
    });
    const proxy = createClientProxy(busConfig, 'rulesets-e2e');
    await proxy.connect();
    this.bus = new BusClient(proxy, busConfig);
    this.http = new HttpClient(this.system.url!);
    const login = await this.http.post<Json>('/api/auth/login', ADMIN);
    this.admin = cookieFrom(login, 'sb-access-token')!;
  }

  async stop(): Promise<void> {
    await this.bus?.onApplicationShutdown();
    await this.system?.close();
    await this.sandbox?.close();
    await this.db?.drop();
  }

  next(): number {
    return ++this.counter;
  }

  /** A new user with a read/write token and a username. */
  async newUser(scopes: string[] = ['api:read', 'api:write']): Promise<TestUser> {
    const n = this.next();
    const email = `rs${n}-${Date.now()}@example.com`;
    const signup = await this.http.post<{ user: { id: string } }>('/api/auth/signup', {
      email,
      password: 'password123',
      name: `Rs ${n}`,
    });
    expect(signup.status).toBe(201);
    const cookie = cookieFrom(signup, 'sb-access-token')!;
    const username = `rs${n}x${Date.now().toString(36)}`;
    expect((await this.http.patch('/api/me', { username }, { cookie })).status).toBe(200);
    const token = await this.http.post<{ token: string }>('/api/tokens', { name: 't', scopes }, { cookie });
    return { token: token.body.token, id: signup.body.user.id, username, email, cookie };
  }

  /** A ruleset repository in the sandbox (the good profile, registry.json and an icon unless replaced). */
  async newRepo(files: Record<string, string> = {}, extra: Json = {}): Promise<string> {
    const { webUrl } = await this.control.createRepository({
      owner: 'governance',
      name: `ruleset-${this.next()}`,
      files: { 'ruleset.yaml': PROFILE, 'registry.json': REGISTRY, 'icon.svg': '<svg/>', ...files },
      ...extra,
    });
    return webUrl;
  }

  /** A submission of a new repository; returns the created body. */
  async submit(token: string, fields: Json = {}): Promise<Json> {
    const res = await this.http.post<Json>(
      '/api/ruleset-submissions',
      {
        name: `Payments Rules ${this.next()}`,
        description: 'What every payments API must do, checked on every API description.',
        repoUrl: (fields.repoUrl as string | undefined) ?? (await this.newRepo()),
        ...fields,
      },
      { token },
    );
    expect(res.status).toBe(201);
    return res.body;
  }

  /** Submitted and approved: a published ruleset. */
  async published(token: string, fields: Json = {}): Promise<{ rulesetId: string; submissionId: string }> {
    const { submission } = (await this.submit(token, fields)) as {
      submission: { id: string; ruleset_id: string };
    };
    const approved = await this.http.post<Json>(
      `/api/admin/ruleset-submissions/${submission.id}/approve`,
      {},
      { cookie: this.admin },
    );
    expect(approved.status).toBe(200);
    return { rulesetId: submission.ruleset_id, submissionId: submission.id };
  }

  asUser(userId: string): RequestContext {
    return {
      requestId: `rulesets-e2e-${this.next()}`,
      caller: { kind: 'user', userId, isAdmin: false, scopes: ['api:read', 'api:write'], via: 'token' },
    };
  }

  /** An idea submitted over the bus (as the tool server does), then approved unless told otherwise. */
  async newIdea(submitterId: string, approve = true): Promise<Idea> {
    const { idea } = await this.bus.request(CatalogRpc.submitIdea, this.asUser(submitterId), {
      title: `Ruleset idea ${this.next()}`,
      description: 'Check every payments API for decimal amounts.',
    });
    if (!approve) return idea;
    const decided = await this.http.post<Json>(
      `/api/admin/ideas/${idea.id}/approve`,
      {},
      { cookie: this.admin },
    );
    expect(decided.status).toBe(200);
    return decided.body.idea as Idea;
  }

  /** Reads until the value is as expected, for at most `ms`. */
  async eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 3000): Promise<T> {
    const until = Date.now() + ms;
    for (;;) {
      const value = await read();
      if (ok(value) || Date.now() > until) return value;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
