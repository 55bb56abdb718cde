import type { RequestContext } from '@pc/contracts';
import { BusClient, createClientProxy } from '@pc/platform';
import { type RunningSandbox, SandboxControl, startSandbox } from '@pc/sandbox';
import {
  type BusKind,
  cookieFrom,
  createTestDatabase,
  HttpClient,
  type TestDatabase,
  testBus,
} from '@pc/testing';
import { type RunningSystem, startSystem } from '../system';
import { type SignedUpUser } from './sign-up';

/**
 * A system of one end-to-end file's own, for the catalog's and the rulesets' harnesses: a database, a
 * sandbox (source host, registry, platform), the gateway and services on one bus with no deployment
 * worker, a client on that bus (ideas are submitted as the tool server sends them, not over HTTP), and
 * the administrator signed in. The fields are set once `startSystem` has run.
 */
export class SandboxedSystem {
  db!: TestDatabase;
  /** A client on the system's own bus. */
  bus!: BusClient;
  sandbox!: RunningSandbox;
  control!: SandboxControl;
  system!: RunningSystem;
  http!: HttpClient;
  /** The administrator's session cookie. */
  admin!: string;
  private requests = 0;

  /** `name` names the bus client and the request ids of `asUser`. */
  constructor(private readonly name: string) {}

  protected async startSystem(options: {
    bus: BusKind;
    admin: { email: string; password: string };
    env?: Record<string, string>;
    seed?: boolean;
    /** How long a request waits on the bus unless its route says otherwise (default 10 s). */
    busTimeoutMs?: number;
  }): Promise<void> {
    this.db = await createTestDatabase();
    this.sandbox = await startSandbox({ port: 0, seed: options.seed ?? false });
    this.control = new SandboxControl(this.sandbox.url);
    const busConfig = testBus(options.bus, options.busTimeoutMs ?? 10000);
    this.system = await startSystem({
      bus: busConfig,
      databaseUrl: this.db.url,
      gatewayPort: 0,
      // Nothing here builds a deployment: no worker polling for jobs beside the services.
      deploymentWorkers: 0,
      env: {
        ...this.sandbox.adapterEnv,
        BOOTSTRAP_ADMIN_EMAIL: options.admin.email,
        BOOTSTRAP_ADMIN_PASSWORD: options.admin.password,
        ...options.env,
      },
    });
    const proxy = createClientProxy(busConfig, this.name);
    await proxy.connect();
    this.bus = new BusClient(proxy, busConfig);
    this.http = new HttpClient(this.system.url!);
    this.admin = await this.signIn(options.admin);
  }

  /**
   * The administrator's session, signed in as a person signs in. A system started with a short bus wait
   * (a file's `busTimeoutMs`) can answer a sign-in made while the machine is busy with 504 (the password's
   * hash outlasted the wait): it is tried again. Any other failure stops the file here, saying so, rather
   * than as a 401 of its first administrator request.
   */
  private async signIn(admin: { email: string; password: string }): Promise<string> {
    for (let attempt = 1; ; attempt++) {
      const login = await this.http.post('/api/auth/login', admin);
      const cookie = cookieFrom(login, 'sb-access-token');
      if (login.status === 200 && cookie) return cookie;
      if (login.status !== 504 || attempt === 5)
        throw new Error(`the administrator's sign-in answered ${login.status}: ${login.text}`);
    }
  }

  protected async stopSystem(): Promise<void> {
    await this.bus?.onApplicationShutdown();
    await this.system?.close();
    await this.sandbox?.close();
    await this.db?.drop();
  }

  /**
   * `from` offers their `resourceType` `id` to `to` (by @username) and `to` accepts: the offer answered
   * 201 naming `to`, the acceptance 200 naming the item.
   */
  async transfer(
    resourceType: 'policy' | 'ruleset',
    id: string,
    from: SignedUpUser,
    to: SignedUpUser,
  ): Promise<void> {
    const offer = await this.http.post<{ transfer: { id: string; to_user_id: string } }>(
      `/api/${resourceType === 'policy' ? 'policies' : 'rulesets'}/${id}/transfers`,
      { recipientUsername: `@${to.username}` },
      { token: from.token },
    );
    expect(offer.status).toBe(201);
    expect(offer.body.transfer.to_user_id).toBe(to.id);
    const accepted = await this.http.post(
      `/api/transfers/${offer.body.transfer.id}/accept`,
      {},
      { token: to.token },
    );
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ resourceType, resourceId: id });
  }

  /** The context the tool server sends for a user of a read/write token. */
  asUser = (userId: string): RequestContext => ({
    requestId: `${this.name}-${++this.requests}`,
    caller: { kind: 'user', userId, isAdmin: false, scopes: ['api:read', 'api:write'], via: 'token' },
  });
}
