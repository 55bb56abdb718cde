import { type BusConfig } from '@pc/platform';
import { type RunningSandbox, SandboxControl, startSandbox } from '@pc/sandbox';
import { cookieFrom, createTestDatabase, HttpClient, POLICY_FILES, type TestDatabase } from '@pc/testing';
import { type RunningSystem, startSystem } from '../system';
import { ADMIN } from './catalog-e2e';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface TestUser {
  token: string;
  id: string;
  email: string;
  cookie: string;
}

/**
 * Like `CatalogE2e`, with variables of the test's own (limits, proxies) and users signed up from a
 * chosen address: a system with the sandbox as its source host, an administrator session, and builders that go through
 * the public API (for end-to-end files that need users, repositories and policies).
 */
export class CatalogWorld {
  http!: HttpClient;
  control!: SandboxControl;
  admin!: string;
  system!: RunningSystem;
  private sandbox!: RunningSandbox;
  private db!: TestDatabase;
  private counter = 0;

  async start(bus: BusConfig, env: Record<string, string> = {}): Promise<this> {
    this.db = await createTestDatabase();
    this.sandbox = await startSandbox({ port: 0, seed: false });
    this.control = new SandboxControl(this.sandbox.url);
    this.system = await startSystem({
      bus,
      databaseUrl: this.db.url,
      gatewayPort: 0,
      env: {
        ...this.sandbox.adapterEnv,
        BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
        BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
        ...env,
      },
    });
    this.http = new HttpClient(this.system.url!);
    const login = await this.http.post('/api/auth/login', ADMIN);
    this.admin = cookieFrom(login, 'sb-access-token')!;
    return this;
  }

  async stop(): Promise<void> {
    await this.system?.close();
    await this.sandbox?.close();
    await this.db?.drop();
  }

  unique(prefix: string): string {
    return `${prefix}-${++this.counter}-${Date.now().toString(36)}`;
  }

  /** `headers`: e.g. the X-Forwarded-For a proxy would add. */
  async newUser(headers: Record<string, string> = {}): Promise<TestUser> {
    const email = `${this.unique('user')}@example.com`;
    const signup = await this.http.post<Json>(
      '/api/auth/signup',
      { email, password: 'password123', name: 'Ada' },
      { headers },
    );
    if (signup.status !== 201) throw new Error(`sign-up answered ${signup.status}: ${signup.text}`);
    const cookie = cookieFrom(signup, 'sb-access-token')!;
    const token = await this.http.post<Json>(
      '/api/tokens',
      { name: 't', scopes: ['api:read', 'api:write'] },
      { cookie },
    );
    return { token: token.body.token as string, id: (signup.body.user as Json).id as string, email, cookie };
  }

  /** A policy repository on the sandbox; `branches` adds branches with their own file sets. */
  async newRepo(
    branches: Record<string, Record<string, string>> = {},
  ): Promise<{ webUrl: string; owner: string; name: string }> {
    const name = this.unique('policy');
    const { webUrl } = await this.control.createRepository({
      owner: 'community',
      name,
      files: POLICY_FILES,
      branches,
      hasIssues: true,
    });
    return { webUrl, owner: 'community', name };
  }

  submissionBody(sourceHostUrl: string, fields: Json = {}): Json {
    return {
      name: this.unique('Scope Guard'),
      description: 'Rejects requests whose OAuth token lacks the scopes an operation needs.',
      sourceHostUrl,
      ...fields,
    };
  }

  async submit(user: TestUser, fields: Json = {}): Promise<Json> {
    const repo = await this.newRepo();
    const res = await this.http.post<Json>('/api/submissions', this.submissionBody(repo.webUrl, fields), {
      token: user.token,
    });
    if (res.status !== 201) throw new Error(`submission answered ${res.status}: ${res.text}`);
    return res.body.submission as Json;
  }

  async approve(submissionId: string): Promise<void> {
    const res = await this.http.post(
      `/api/admin/submissions/${submissionId}/approve`,
      {},
      { cookie: this.admin },
    );
    if (res.status !== 200) throw new Error(`approval answered ${res.status}: ${res.text}`);
  }
}
