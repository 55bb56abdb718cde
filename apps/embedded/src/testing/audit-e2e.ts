import http from 'node:http';
import type { ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import type { BusKind } from '@pc/testing';
import { type EnvSource } from '@pc/platform';
import { DeploymentsWorld, type Json, type TestUser } from './deployments-e2e';

export type { Json, TestUser };

export interface Received {
  headers: Record<string, string>;
  body: string;
  /** When it arrived (Date.now()). */
  at: number;
}

/**
 * A webhook receiver as a customer would write one: records each request, answers 500 while told to
 * fail, and holds a request open (answering nothing) when told to hold the next one.
 */
export class WebhookReceiver {
  readonly received: Received[] = [];
  failNext = 0;
  port = 0;
  private server?: http.Server;
  private held?: { path: string; then: (request: Received) => void };

  /** The next request to `path` is recorded and never answered; `then` runs as it arrives (its sender waiting). */
  holdNext(path: string, then: (request: Received) => void): void {
    this.held = { path, then };
  }

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const headers = Object.fromEntries(
          Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]),
        );
        const request = { headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
        this.received.push(request);
        const held = this.held?.path === req.url ? this.held : undefined;
        if (held) {
          this.held = undefined;
          held.then(request);
        } else if (this.failNext > 0) {
          this.failNext--;
          res.writeHead(500).end('receiver down');
        } else res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  url(path: string): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** The attempts of one message (its `webhook-id`). */
  withId(id: string): Received[] {
    return this.received.filter((r) => r.headers['webhook-id'] === id);
  }

  close(): Promise<void> {
    this.server?.closeAllConnections();
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** Polls until `probe` gives a value (events and audit records arrive after the request answered). */
export async function eventually<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The world of the webhooks and audit log end-to-end file (and the browser's): every service and the
 * gateway over NATS, the sandbox, a webhook receiver the services may reach, builders (connections,
 * workspaces, policies, rulesets, deployments), and what the file checks with: the audit entries as an
 * administrator reads them, and every secret a test saw (for the scan).
 */
export class AuditWorld extends DeploymentsWorld {
  readonly receiver = new WebhookReceiver();
  /** Secrets handed out during the file: none may appear in the audit log. */
  readonly secrets: string[] = [];
  private identityOutside = false;
  /** The variables of the system, for an identity process of its own. */
  private identityEnv?: EnvSource;
  /** The identity process now running, when identity runs as one. */
  private identity?: ChildProcess;

  /**
   * `identityProcess`: identity (and so the webhook dispatcher) runs as a process of its own, that a
   * test may kill and start again (`killIdentity`, `startIdentity`), on one key ring for every start.
   */
  async startWorld(
    kind: BusKind,
    env: Record<string, string> = {},
    options: { identityProcess?: boolean } = {},
  ): Promise<this> {
    await this.receiver.start();
    this.identityOutside = options.identityProcess ?? false;
    await this.start(
      kind,
      {
        WEBHOOKS_REQUIRE_HTTPS: 'false',
        WEBHOOKS_RETRY_BASE_MS: '50',
        WEBHOOKS_POLL_MS: '50',
        ...env,
      },
      options.identityProcess ? { outside: ['identity'] } : {},
      // A policy submission beside ruleset validations and builds has taken over 10 s on a quiet 2-core
      // machine (to be investigated).
      20_000,
    );
    return this;
  }

  async stopWorld(): Promise<void> {
    await this.stop();
    await this.receiver.close();
  }

  protected override async startOutside(environment: EnvSource): Promise<void> {
    if (!this.identityOutside) return;
    this.identityEnv = { ...environment, LOG_LEVEL: 'info', BUS_SHUTDOWN_GRACE_MS: '100' };
    await this.startIdentity();
  }

  /** A new identity process on the world's database and bus (once it serves). */
  async startIdentity(): Promise<void> {
    if (!this.identityEnv) throw new Error('identity runs in the system: startWorld with identityProcess');
    const { process } = await this.startAppProcess(
      'apps/identity/src/main.ts',
      'service listening on the bus',
      this.identityEnv,
    );
    this.identity = process;
  }

  /** Kills the identity process as a crash would (SIGKILL: nothing it was doing is finished). */
  async killIdentity(): Promise<void> {
    const child = this.identity;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  protected override allowed(): string[] {
    return [`127.0.0.1:${this.receiver.port}`];
  }

  /** Entries of one action (by one actor, or about one target) as an administrator reads them, once there. */
  async entries(filter: { action: string; actor?: string; target?: string }, count = 1): Promise<Json[]> {
    return eventually(async () => {
      const query = new URLSearchParams({
        action: filter.action,
        ...(filter.actor ? { actor: filter.actor } : {}),
      });
      const res = await this.http.get<Json>(`/api/admin/audit?${query.toString()}`, {
        token: this.admin.token,
      });
      if (res.status !== 200) throw new Error(`audit ${res.status} ${res.text}`);
      const found = (res.body.entries as Json[]).filter(
        (e) => !filter.target || e.target_id === filter.target,
      );
      return found.length >= count ? found : undefined;
    });
  }

  /** An endpoint of the user (or of a workspace they own) on the receiver; its secret is remembered. */
  async subscribe(
    user: TestUser,
    eventTypes: string[],
    options: { path?: string; workspaceId?: string } = {},
  ): Promise<{ endpoint: Json; secret: string }> {
    const res = await this.http.post<Json>(
      options.workspaceId ? `/api/workspaces/${options.workspaceId}/webhooks` : '/api/webhooks',
      { url: this.receiver.url(options.path ?? '/hook'), description: 'CI', event_types: eventTypes },
      { token: user.token },
    );
    if (res.status !== 201) throw new Error(`subscribe ${res.status} ${res.text}`);
    this.secrets.push(res.body.secret as string);
    return res.body as { endpoint: Json; secret: string };
  }

  /** A policy approved by the administrator: published, pinned to its reviewed commit. */
  async publishedPolicy(owner: TestUser): Promise<{ id: string; submissionId: string }> {
    const policy = await this.newDeployablePolicy(owner);
    const res = await this.http.post<Json>(
      `/api/admin/submissions/${policy.submissionId}/approve`,
      {},
      { token: this.admin.token },
    );
    if (res.status !== 200) throw new Error(`approve ${res.status} ${res.text}`);
    return { id: policy.id, submissionId: policy.submissionId };
  }
}
