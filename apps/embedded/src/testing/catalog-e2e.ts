import { CatalogRpc, type Idea } from '@pc/contracts';
import { type BusKind, DEFINITION_FILES, IMPLEMENTATION_FILES, POLICY_FILES } from '@pc/testing';
import { SandboxedSystem } from './sandboxed-system';
import { signUp, type SignedUpUser } from './sign-up';

/**
 * The shared harness of the catalog's end-to-end files: each file calls `catalogE2e(kind)` inside its
 * `describe.each(BUSES)`, which starts a system of its own (database, sandbox, gateway and services on
 * the given bus) before the file's tests and stops it after, so files run in parallel. The builders
 * create data through the real API, as a user would.
 */
export { E2E_BUSES as BUSES } from '@pc/testing';

export const ADMIN = { email: 'root@example.com', password: 'admin-password-1' };
/** The daily comment quota the system runs with. */
export const QUOTA = 4;

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export type CatalogUser = SignedUpUser;

/** A started system and its builders; the fields are set once the file's `beforeAll` has run. */
export class CatalogE2e extends SandboxedSystem {
  private counter = 0;

  /** `busTimeoutMs`: how long a request waits on the system's bus unless its route says otherwise. */
  constructor(
    readonly kind: BusKind,
    private readonly options: { busTimeoutMs?: number } = {},
  ) {
    super('catalog-e2e');
  }

  start(): Promise<void> {
    return this.startSystem({
      bus: this.kind,
      admin: ADMIN,
      env: { COMMENT_DAILY_QUOTA: String(QUOTA) },
      busTimeoutMs: this.options.busTimeoutMs,
    });
  }

  close(): Promise<void> {
    return this.stopSystem();
  }

  /** A number unique within the file, for names. */
  unique = (): number => ++this.counter;

  /** A new user with a read/write token and a username. */
  newUser = (): Promise<CatalogUser> => signUp(this.http, 'cat', this.unique());

  /** A policy repository on the sandbox's source host; `files` add to or replace the defaults. */
  newRepo = async (files: Record<string, string> = {}, extra: Json = {}): Promise<string> => {
    const { webUrl } = await this.control.createRepository({
      owner: 'community',
      name: `policy-${this.unique()}`,
      files: { ...POLICY_FILES, ...files },
      hasIssues: true,
      ...extra,
    });
    return webUrl;
  };

  /** A repository that holds no policy. */
  readmeOnlyRepo = async (name: string, readme = 'nothing'): Promise<string> => {
    const { webUrl } = await this.control.createRepository({
      owner: 'community',
      name: `${name}-${this.unique()}`,
      files: { 'README.md': readme },
    });
    return webUrl;
  };

  /** A submission (201), under review. */
  submit = async (token: string, fields: Json = {}): Promise<Json> => {
    const res = await this.http.post<Json>(
      '/api/submissions',
      {
        name: `Scope Guard ${this.unique()}`,
        description: 'Rejects requests whose OAuth token lacks the scopes an operation needs.',
        sourceHostUrl: await this.newRepo(),
        docTabs: [{ key: 'configuration', title: 'Configuration', bodyMd: 'Set `scopes`.' }],
        ...fields,
      },
      { token },
    );
    expect(res.status).toBe(201);
    return res.body;
  };

  /** A submission approved by the administrator: a published policy. */
  published = async (
    token: string,
    fields: Json = {},
  ): Promise<{ policyId: string; submissionId: string }> => {
    const { submission } = await this.submit(token, fields);
    const approve = await this.http.post<Json>(
      `/api/admin/submissions/${submission.id}/approve`,
      {},
      { cookie: this.admin },
    );
    expect(approve.status).toBe(200);
    return { policyId: submission.policyId, submissionId: submission.id };
  };

  /** An idea submitted over the bus (as the tool server does), then approved or rejected by the administrator. */
  newIdea = async (submitterId: string, decision?: 'approve' | 'reject'): Promise<Idea> => {
    const { idea } = await this.bus.request(CatalogRpc.submitIdea, this.asUser(submitterId), {
      title: `Idea ${this.unique()}`,
      description: 'Guard every operation by the OAuth scopes it needs.',
    });
    expect(idea.status).toBe('pending');
    if (!decision) return idea;
    const decided = await this.http.post<Json>(
      `/api/admin/ideas/${idea.id}/${decision}`,
      {},
      { cookie: this.admin },
    );
    expect(decided.status).toBe(200);
    return decided.body.idea as Idea;
  };

  /** A definition repository and an implementation repository of one split policy. */
  splitRepos = async (implementationFiles?: Record<string, string>): Promise<[string, string]> => {
    const n = this.unique();
    const definition = await this.control.createRepository({
      owner: 'community',
      name: `split-${n}-definition`,
      files: DEFINITION_FILES,
    });
    const implementation = await this.control.createRepository({
      owner: 'community',
      name: `split-${n}-implementation`,
      files: implementationFiles ?? IMPLEMENTATION_FILES,
    });
    return [definition.webUrl, implementation.webUrl];
  };
}

/** Starts a catalog system for the enclosing `describe` and stops it afterwards. */
export function catalogE2e(kind: BusKind, options: { busTimeoutMs?: number } = {}): CatalogE2e {
  const t = new CatalogE2e(kind, options);
  beforeAll(() => t.start());
  afterAll(() => t.close());
  return t;
}

/** Reads until the value is as expected (events are relayed after commit), for at most `ms`. */
export async function eventually<T>(
  read: () => Promise<T>,
  ok: (value: T) => boolean,
  ms = 3000,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}
