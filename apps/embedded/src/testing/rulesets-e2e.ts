import { CatalogRpc, type Idea } from '@pc/contracts';
import { type HttpResponse } from '@pc/testing';
import { SandboxedSystem } from './sandboxed-system';
import { signUp, type SignedUpUser } from './sign-up';

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

export type TestUser = SignedUpUser;

/** One system (gateway and services over NATS, real PostgreSQL) and a sandbox, for one test file. */
export class RulesetsHarness extends SandboxedSystem {
  private counter = 0;

  constructor() {
    super('rulesets-e2e');
  }

  /**
   * `seed`: the sandbox's demo repositories (seconds more), for the files that validate them; `env`: more
   * settings of the system.
   */
  start(options: { seed?: boolean; env?: Record<string, string> } = {}): Promise<void> {
    return this.startSystem({
      bus: 'nats',
      admin: ADMIN,
      env: { SOURCE_HOST_TIMEOUT_MS: '2000', ...options.env },
      seed: options.seed,
    });
  }

  stop(): Promise<void> {
    return this.stopSystem();
  }

  next(): number {
    return ++this.counter;
  }

  /** A new user with a read/write token and a username. */
  newUser(scopes: string[] = ['api:read', 'api:write']): Promise<TestUser> {
    return signUp(this.http, 'rs', this.next(), scopes);
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

  /** POST /api/ruleset-submissions/validate with `token`: the answer, whatever its status. */
  validate(token: string, body: Json): Promise<HttpResponse<Json>> {
    return this.http.post<Json>('/api/ruleset-submissions/validate', body, { token });
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
