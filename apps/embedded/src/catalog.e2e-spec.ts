import { CatalogRpc, type Idea, type RequestContext } from '@pc/contracts';
import { BusClient, createClientProxy } from '@pc/platform';
import { type RunningSandbox, SandboxControl, startSandbox } from '@pc/sandbox';
import { cookieFrom, createTestDatabase, HttpClient, type TestDatabase, testBus } from '@pc/testing';
import { Client } from 'pg';
import { type RunningSystem, startSystem } from './system';

const ADMIN = { email: 'root@example.com', password: 'admin-password-1' };
const QUOTA = 4;
/** Short, so that a source host that never answers is given up on well within the bus timeout. */
const SOURCE_HOST_TIMEOUT_MS = 1000;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const GCL = `apiVersion: gateway.vendor/v1alpha1
kind: Extension
metadata:
  name: oauth-scopes
  labels:
    title: OAuth Scope Guard
    category: Security
spec:
  properties: {}
`;
const CARGO = '[package]\nname = "oauth_scopes"\nversion = "1.2.3"\n\n[dependencies]\npdk = "1.4.0"\n';

describe.each(['nats', 'in-process'] as const)('catalog through the gateway over the %s bus', (kind) => {
  let db: TestDatabase;
  /** A client on the system's own bus: ideas are submitted through the tool server, not over HTTP. */
  let bus: BusClient;
  let sandbox: RunningSandbox;
  let control: SandboxControl;
  let system: RunningSystem;
  let http: HttpClient;
  let admin: string;
  let counter = 0;
  let repoCounter = 0;

  beforeAll(async () => {
    db = await createTestDatabase();
    sandbox = await startSandbox({ port: 0, seed: false });
    control = new SandboxControl(sandbox.url);
    const busConfig = testBus(kind, 10000);
    system = await startSystem({
      bus: busConfig,
      databaseUrl: db.url,
      gatewayPort: 0,
      env: {
        ...sandbox.adapterEnv,
        SOURCE_HOST_TIMEOUT_MS: String(SOURCE_HOST_TIMEOUT_MS),
        BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
        BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
        COMMENT_DAILY_QUOTA: String(QUOTA),
      },
    });
    const proxy = createClientProxy(busConfig, 'catalog-e2e');
    await proxy.connect();
    bus = new BusClient(proxy, busConfig);
    http = new HttpClient(system.url!);
    const login = await http.post<Json>('/api/auth/login', ADMIN);
    admin = cookieFrom(login, 'sb-access-token')!;
  });

  afterAll(async () => {
    await bus?.onApplicationShutdown();
    await system?.close();
    await sandbox?.close();
    await db?.drop();
  });

  /** A new user with a read/write token and a username. */
  async function newUser(): Promise<{
    token: string;
    id: string;
    username: string;
    email: string;
    cookie: string;
  }> {
    const n = ++counter;
    const email = `cat${n}-${Date.now()}@example.com`;
    const signup = await http.post<Json>('/api/auth/signup', {
      email,
      password: 'password123',
      name: `Cat ${n}`,
    });
    expect(signup.status).toBe(201);
    const cookie = cookieFrom(signup, 'sb-access-token')!;
    const username = `cat${n}x${Date.now().toString(36)}`;
    expect((await http.patch('/api/me', { username }, { cookie })).status).toBe(200);
    const token = await http.post<Json>(
      '/api/tokens',
      { name: 't', scopes: ['api:read', 'api:write'] },
      { cookie },
    );
    return { token: token.body.token, id: signup.body.user.id, username, email, cookie };
  }

  async function newRepo(files: Record<string, string> = {}, extra: Json = {}): Promise<string> {
    const { webUrl } = await control.createRepository({
      owner: 'community',
      name: `policy-${++repoCounter}`,
      files: { 'definition/gcl.yaml': GCL, 'Cargo.toml': CARGO, 'src/lib.rs': '// filter\n', ...files },
      hasIssues: true,
      ...extra,
    });
    return webUrl;
  }

  async function submit(token: string, fields: Json = {}): Promise<Json> {
    const res = await http.post<Json>(
      '/api/submissions',
      {
        name: `Scope Guard ${++repoCounter}`,
        description: 'Rejects requests whose OAuth token lacks the scopes an operation needs.',
        sourceHostUrl: await newRepo(),
        docTabs: [{ key: 'configuration', title: 'Configuration', bodyMd: 'Set `scopes`.' }],
        ...fields,
      },
      { token },
    );
    expect(res.status).toBe(201);
    return res.body;
  }

  async function published(
    token: string,
    fields: Json = {},
  ): Promise<{ policyId: string; submissionId: string }> {
    const { submission } = await submit(token, fields);
    const approve = await http.post<Json>(
      `/api/admin/submissions/${submission.id}/approve`,
      {},
      { cookie: admin },
    );
    expect(approve.status).toBe(200);
    return { policyId: submission.policyId, submissionId: submission.id };
  }

  const asUser = (userId: string): RequestContext => ({
    requestId: `catalog-e2e-${++counter}`,
    caller: { kind: 'user', userId, isAdmin: false, scopes: ['api:read', 'api:write'], via: 'token' },
  });

  /** An idea submitted over the bus (as the tool server does), then approved or rejected by the administrator. */
  async function newIdea(submitterId: string, decision?: 'approve' | 'reject'): Promise<Idea> {
    const { idea } = await bus.request(CatalogRpc.submitIdea, asUser(submitterId), {
      title: `Idea ${++counter}`,
      description: 'Guard every operation by the OAuth scopes it needs.',
    });
    expect(idea.status).toBe('pending');
    if (!decision) return idea;
    const decided = await http.post<Json>(`/api/admin/ideas/${idea.id}/${decision}`, {}, { cookie: admin });
    expect(decided.status).toBe(200);
    return decided.body.idea as Idea;
  }

  /** Reads until the value is as expected (events are relayed after commit), for at most `ms`. */
  async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 3000): Promise<T> {
    const until = Date.now() + ms;
    for (;;) {
      const value = await read();
      if (ok(value) || Date.now() > until) return value;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** A definition repository and an implementation repository of one split policy. */
  async function splitRepos(implementationFiles?: Record<string, string>): Promise<[string, string]> {
    const n = ++repoCounter;
    const definition = await control.createRepository({
      owner: 'community',
      name: `split-${n}-definition`,
      files: { 'gcl.yaml': GCL },
    });
    const implementation = await control.createRepository({
      owner: 'community',
      name: `split-${n}-implementation`,
      files: implementationFiles ?? { 'Cargo.toml': CARGO, 'src/lib.rs': '// filter\n' },
    });
    return [definition.webUrl, implementation.webUrl];
  }

  describe('a new user, from sign-up to a published policy', () => {
    it('validates, submits, is reviewed, found by a word, revised and transferred', async () => {
      const owner = await newUser();
      const other = await newUser();
      const url = await newRepo();

      const validation = await http.post<Json>(
        '/api/submissions/validate',
        { sourceHostUrl: url },
        { token: owner.token },
      );
      expect(validation.status).toBe(200);
      expect(validation.body.validation).toMatchObject({
        ok: true,
        errors: [],
        version: '1.2.3',
        kitVersion: '1.4.0',
        defaultBranch: 'main',
        definition: { path: 'definition/gcl.yaml', name: 'oauth-scopes' },
      });

      const created = await http.post<Json>(
        '/api/submissions',
        {
          name: 'Zebra Scope Guard',
          description: 'Rejects requests whose token lacks the quokkascope an operation needs.',
          sourceHostUrl: url,
          docTabs: [{ key: 'faq', title: 'FAQ', bodyMd: 'Q and A' }],
        },
        { token: owner.token },
      );
      expect(created.status).toBe(201);
      const policyId: string = created.body.submission.policyId;

      const mine = await http.get<Json>(`/api/policies/${policyId}`, { token: owner.token });
      expect(mine.status).toBe(200);
      expect(mine.body.policy.status).toBe('under_review');
      expect((await http.get(`/api/policies/${policyId}`, { token: other.token })).status).toBe(404);
      expect((await http.get(`/api/policies/${policyId}`)).status).toBe(404);

      const queue = await http.get<Json>('/api/admin/queue', { cookie: admin });
      expect(queue.body.submissions.map((s: Json) => s.id)).toContain(created.body.submission.id);
      expect(queue.body.rulesetSubmissions).toEqual([]);

      const approve = await http.post<Json>(
        `/api/admin/submissions/${created.body.submission.id}/approve`,
        {},
        { cookie: admin },
      );
      expect(approve.status).toBe(200);

      const found = await http.get<Json>('/api/policies?q=quokkascope');
      expect(found.body.policies.map((p: Json) => p.id)).toEqual([policyId]);
      const docs = await http.get<Json>(`/api/policies/${policyId}/docs`);
      expect(docs.body.tabs.map((t: Json) => t.key)).toEqual(['overview', 'faq']);
      expect(docs.body.tabs[0].bodyMd).toContain('quokkascope');

      const revision = await http.post<Json>(
        `/api/policies/${policyId}/revisions`,
        { field: 'description', value: 'Now guards the wombatscope of every operation.' },
        { token: owner.token },
      );
      expect(revision.status).toBe(201);
      expect((await http.get<Json>('/api/policies?q=wombatscope')).body.policies).toEqual([]);
      await http.post(`/api/admin/revisions/${revision.body.revision.id}/approve`, {}, { cookie: admin });
      expect((await http.get<Json>('/api/policies?q=wombatscope')).body.policies[0].id).toBe(policyId);

      const offer = await http.post<Json>(
        `/api/policies/${policyId}/transfers`,
        { recipientUsername: `@${other.username}` },
        { token: owner.token },
      );
      expect(offer.status).toBe(201);
      expect(offer.body.transfer.to_user_id).toBe(other.id);
      const accept = await http.post<Json>(
        `/api/transfers/${offer.body.transfer.id}/accept`,
        {},
        { token: other.token },
      );
      expect(accept.status).toBe(200);
      expect(accept.body).toMatchObject({ resourceType: 'policy', resourceId: policyId });
      const after = await http.get<Json>(`/api/policies/${policyId}`);
      expect(after.body.policy.owner_id).toBe(other.id);

      const history = await http.get<Json>(`/api/policies/${policyId}/history?limit=2`, {
        token: other.token,
      });
      expect(history.body.entries.map((e: Json) => e.action)).toEqual(['transferred', 'transfer_offered']);
      const older = await http.get<Json>(
        `/api/policies/${policyId}/history?limit=50&before=${history.body.nextCursor}`,
        { token: other.token },
      );
      expect(older.body.entries.map((e: Json) => e.action)).toEqual([
        'revision_approved',
        'revision_proposed',
        'approved',
        'submitted',
      ]);
      expect(older.body.nextCursor).toBeNull();
    });
  });

  describe('listing and search', () => {
    it('finds a policy by part of a word (auth finds OAuth)', async () => {
      const user = await newUser();
      const { policyId } = await published(user.token, { name: 'Xylophone OAuth Bridge' });
      const res = await http.get<Json>('/api/policies?q=xylophone%20oauth');
      expect(res.body.policies.map((p: Json) => p.id)).toContain(policyId);
      const partial = await http.get<Json>('/api/policies?q=ylophone');
      expect(partial.body.policies.map((p: Json) => p.id)).toContain(policyId);
    });

    it('pages with limit and hasMore, and refuses a limit above 200 with 400', async () => {
      const page = await http.get<Json>('/api/policies?limit=1');
      expect(page.status).toBe(200);
      expect(page.body.policies.length).toBeLessThanOrEqual(1);
      expect(typeof page.body.hasMore).toBe('boolean');
      expect((await http.get('/api/policies?limit=201')).status).toBe(400);
      expect((await http.get('/api/policies?sort=random')).status).toBe(400);
    });

    it('lists the vendor index and serves a vendor policy by slug; an unknown slug is 404', async () => {
      const list = await http.get<Json>('/api/policies?source=vendor&q=rate');
      expect(list.body.policies.map((p: Json) => p.slug)).toContain('rate-limiting');
      expect(list.body.policies[0]).not.toHaveProperty('body_md');
      const one = await http.get<Json>('/api/vendor-policies/cors');
      expect(one.status).toBe(200);
      expect(one.body.policy.body_md).toContain('preflight');
      expect((await http.get('/api/vendor-policies/no-such-policy')).status).toBe(404);
      const reload = await http.post<Json>('/api/admin/vendor-index/reload', {}, { cookie: admin });
      expect(reload.status).toBe(200);
      expect(reload.body.policies).toBeGreaterThanOrEqual(10);
    });
  });

  describe('submissions and review', () => {
    it('refuses a repository without a definition with 400 listing the problem', async () => {
      const user = await newUser();
      const url = await newRepo({ 'definition/gcl.yaml': '' });
      const { webUrl } = await control.createRepository({
        owner: 'community',
        name: `empty-${++repoCounter}`,
        files: { 'README.md': 'nothing here' },
      });
      const res = await http.post<Json>(
        '/api/submissions',
        { name: 'Empty', description: 'A repository with nothing in it.', sourceHostUrl: webUrl },
        { token: user.token },
      );
      expect(res.status).toBe(400);
      expect(res.body.details.map((d: Json) => d.message).join(' ')).toMatch(/definition/);
      expect(url).toContain('/community/');
    });

    it('rejects with feedback and lets the owner resubmit', async () => {
      const user = await newUser();
      const { submission } = await submit(user.token);
      const rejected = await http.post<Json>(
        `/api/admin/submissions/${submission.id}/reject`,
        { feedback: 'Add examples' },
        { cookie: admin },
      );
      expect(rejected.body.submission).toMatchObject({ status: 'rejected', feedback: 'Add examples' });
      const again = await http.patch<Json>(
        `/api/submissions/${submission.id}`,
        { docTabs: [{ key: 'examples', title: 'Examples', bodyMd: 'curl ...' }] },
        { token: user.token },
      );
      expect(again.status).toBe(200);
      expect(again.body.submission.status).toBe('submitted');
      expect(
        (
          await http.post(
            `/api/admin/submissions/${submission.id}/reject`,
            { feedback: 'x' },
            { token: user.token },
          )
        ).status,
      ).toBe(403);
    });
  });

  describe('comments', () => {
    it('threads one level, soft-deletes, refuses a reply to a reply with 422 and an edit of a deleted one with 409', async () => {
      const user = await newUser();
      const other = await newUser();
      const { policyId } = await published(user.token);
      const top = await http.post<Json>(
        `/api/policies/${policyId}/comments`,
        { body: 'Nice' },
        { token: other.token },
      );
      expect(top.status).toBe(201);
      const reply = await http.post<Json>(
        `/api/policies/${policyId}/comments`,
        { body: 'Thanks', parentId: top.body.comment.id },
        { token: user.token },
      );
      expect(reply.status).toBe(201);
      const nested = await http.post<Json>(
        `/api/policies/${policyId}/comments`,
        { body: 'No', parentId: reply.body.comment.id },
        { token: other.token },
      );
      expect(nested.status).toBe(422);
      expect(
        (await http.patch(`/api/comments/${top.body.comment.id}`, { body: 'Mine?' }, { token: user.token }))
          .status,
      ).toBe(403);
      expect(
        (await http.delete(`/api/comments/${top.body.comment.id}?hard=true`, { token: other.token })).status,
      ).toBe(403);
      expect((await http.delete(`/api/comments/${top.body.comment.id}`, { token: other.token })).status).toBe(
        200,
      );
      expect(
        (await http.patch(`/api/comments/${top.body.comment.id}`, { body: 'x' }, { token: other.token }))
          .status,
      ).toBe(409);
      const list = await http.get<Json>(`/api/policies/${policyId}/comments`);
      expect(list.body.comments).toMatchObject([
        { id: top.body.comment.id, deleted: true, body: '', authorName: '', authorId: '' },
        { id: reply.body.comment.id, parentId: top.body.comment.id, body: 'Thanks' },
      ]);
      expect(
        (await http.delete(`/api/comments/${top.body.comment.id}?hard=true`, { cookie: admin })).status,
      ).toBe(200);
      expect((await http.get<Json>(`/api/policies/${policyId}/comments`)).body.comments).toEqual([]);
    });

    it('answers 429 with Retry-After once the daily quota is used', async () => {
      const user = await newUser();
      const { policyId } = await published(user.token);
      for (let i = 0; i < QUOTA; i++) {
        expect(
          (await http.post(`/api/policies/${policyId}/comments`, { body: `c${i}` }, { token: user.token }))
            .status,
        ).toBe(201);
      }
      const over = await http.post(
        `/api/policies/${policyId}/comments`,
        { body: 'more' },
        { token: user.token },
      );
      expect(over.status).toBe(429);
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    });

    it('refuses comments on a policy under review with 404', async () => {
      const user = await newUser();
      const { submission } = await submit(user.token);
      const res = await http.post(
        `/api/policies/${submission.policyId}/comments`,
        { body: 'hi' },
        { token: user.token },
      );
      expect(res.status).toBe(404);
    });
  });

  describe('likes', () => {
    it('toggles and keeps the count exact under concurrent toggles', async () => {
      const user = await newUser();
      const { policyId } = await published(user.token);
      const results = await Promise.all(
        Array.from({ length: 6 }, () =>
          http.post<Json>(`/api/policies/${policyId}/like`, {}, { token: user.token }),
        ),
      );
      expect(results.every((r) => r.status === 200)).toBe(true);
      const { body } = await http.get<Json>(`/api/policies/${policyId}`, { token: user.token });
      expect(body.policy.liked).toBe(false);
      expect(body.policy.likes).toBe(0);
      const liked = await http.post<Json>(`/api/policies/${policyId}/like`, {}, { token: user.token });
      expect(liked.body.liked).toBe(true);
      expect((await http.get<Json>(`/api/policies/${policyId}`)).body.policy.likes).toBe(1);
    });
  });

  describe('editing and revisions', () => {
    it('refuses sourceRef from a non-administrator with 403 and a second pending revision with 409', async () => {
      const user = await newUser();
      const { policyId } = await published(user.token);
      expect(
        (await http.patch(`/api/policies/${policyId}`, { sourceRef: 'v1' }, { token: user.token })).status,
      ).toBe(403);
      expect(
        (await http.patch<Json>(`/api/policies/${policyId}`, { sourceRef: 'v1' }, { cookie: admin })).body
          .policy.source_ref,
      ).toBe('v1');
      const first = await http.post(
        `/api/policies/${policyId}/revisions`,
        { field: 'description', value: 'A new About text.' },
        { token: user.token },
      );
      expect(first.status).toBe(201);
      const second = await http.post(
        `/api/policies/${policyId}/revisions`,
        { field: 'description', value: 'Another About text.' },
        { token: user.token },
      );
      expect(second.status).toBe(409);
      const short = await http.post(
        `/api/policies/${policyId}/revisions`,
        { field: 'source_host_url', value: 'not a url' },
        { token: user.token },
      );
      expect(short.status).toBe(422);
    });
  });

  describe('transfers', () => {
    it('refuses a second pending offer with 409, an offer to oneself with 422, and decides once', async () => {
      const owner = await newUser();
      const other = await newUser();
      const { policyId } = await published(owner.token);
      expect(
        (
          await http.post(
            `/api/policies/${policyId}/transfers`,
            { recipientEmail: owner.email },
            { token: owner.token },
          )
        ).status,
      ).toBe(422);
      const offer = await http.post<Json>(
        `/api/policies/${policyId}/transfers`,
        { recipientEmail: other.email },
        { token: owner.token },
      );
      expect(offer.status).toBe(201);
      expect(
        (
          await http.post(
            `/api/policies/${policyId}/transfers`,
            { recipientUsername: other.username },
            { token: owner.token },
          )
        ).status,
      ).toBe(409);
      const id = offer.body.transfer.id;
      const rejects = await Promise.all([
        http.post(`/api/transfers/${id}/reject`, { feedback: 'no thanks' }, { token: other.token }),
        http.post(`/api/transfers/${id}/reject`, { feedback: 'no thanks' }, { token: other.token }),
      ]);
      expect(rejects.map((r) => r.status).sort()).toEqual([200, 409]);
      const mine = await http.get<Json>('/api/me/transfers?role=recipient', { token: other.token });
      expect(mine.body.transfers[0]).toMatchObject({
        id,
        status: 'rejected',
        feedback: 'no thanks',
        role: 'recipient',
      });
    });

    it('refuses to accept an expired transfer with 409', async () => {
      const owner = await newUser();
      const other = await newUser();
      const { policyId } = await published(owner.token);
      const offer = await http.post<Json>(
        `/api/policies/${policyId}/transfers`,
        { recipientUsername: other.username },
        { token: owner.token },
      );
      const pg = new Client({ connectionString: db.url });
      await pg.connect();
      await pg.query(`UPDATE catalog.transfers SET expires_at = now() - interval '1 minute' WHERE id = $1`, [
        offer.body.transfer.id,
      ]);
      await pg.end();
      expect(
        (await http.post(`/api/transfers/${offer.body.transfer.id}/accept`, {}, { token: other.token }))
          .status,
      ).toBe(409);
    });
  });

  describe('source host checks and the rest', () => {
    it('reports issues, branches, downloads, reviewer status, and 501 for orgs', async () => {
      const user = await newUser();
      const { policyId } = await published(user.token);
      expect((await http.get<Json>(`/api/policies/${policyId}/issues-enabled`)).body).toEqual({
        enabled: true,
      });
      const branches = await http.get<Json>(`/api/policies/${policyId}/branches`, { token: user.token });
      expect(branches.body.defaultBranch).toBe('main');
      expect((await http.post(`/api/policies/${policyId}/download`, {}, { token: user.token })).status).toBe(
        200,
      );
      expect(
        (await http.get<Json>(`/api/policies/${policyId}/reviewers/me`, { token: user.token })).body,
      ).toEqual({ isReviewer: false });
      expect(
        (await http.get<Json>(`/api/policies/${policyId}/reviewers/me`, { cookie: admin })).body,
      ).toEqual({ isReviewer: true });
      const orgs = await http.get<Json>(`/api/policies/${policyId}/orgs?connectionId=${user.id}`, {
        token: user.token,
      });
      expect(orgs.status).toBe(501);
    });
  });

  describe('ideas', () => {
    it('lets the administrator approve or reject an idea once; others get 403', async () => {
      const author = await newUser();
      const idea = await newIdea(author.id);
      expect(
        (await http.post(`/api/admin/ideas/${idea.id}/approve`, {}, { token: author.token })).status,
      ).toBe(403);
      const approved = await http.post<Json>(`/api/admin/ideas/${idea.id}/approve`, {}, { cookie: admin });
      expect(approved.body.idea).toMatchObject({ id: idea.id, status: 'approved' });
      expect((await http.post(`/api/admin/ideas/${idea.id}/reject`, {}, { cookie: admin })).status).toBe(409);
      const other = await newIdea(author.id, 'reject');
      expect(other.status).toBe('rejected');
      const unknown = '00000000-0000-4000-8000-000000000000';
      expect((await http.post(`/api/admin/ideas/${unknown}/approve`, {}, { cookie: admin })).status).toBe(
        404,
      );
    });

    it('refuses with 422 an idea that is pending, rejected, unknown or listed twice', async () => {
      const author = await newUser();
      const user = await newUser();
      const pending = await newIdea(author.id);
      const rejected = await newIdea(author.id, 'reject');
      const approved = await newIdea(author.id, 'approve');
      const unknown = '00000000-0000-4000-8000-00000000abcd';
      const url = await newRepo();
      const attempt = (fields: Json) =>
        http.post<Json>(
          '/api/submissions',
          {
            name: 'Idea Taker',
            description: 'Declares the ideas it delivers.',
            sourceHostUrl: url,
            ...fields,
          },
          { token: user.token },
        );
      for (const id of [pending.id, rejected.id, unknown]) {
        const res = await attempt({ deliversIdeaIds: [approved.id, id] });
        expect(res.status).toBe(422);
        expect(res.body.details).toEqual([expect.objectContaining({ field: 'deliversIdeaIds' })]);
        expect(res.body.details[0].message).toContain(id);
      }
      expect((await attempt({ deliversIdeaIds: [approved.id, approved.id] })).status).toBe(422);
      expect((await attempt({ deliversIdeaIds: [approved.id, { ideaId: approved.id }] })).status).toBe(422);
      expect((await attempt({ deliversIdeaIds: [approved.id], deliversIdeaId: approved.id })).status).toBe(
        422,
      );
      expect((await attempt({ deliversIdeaId: pending.id })).status).toBe(422);
      expect((await attempt({ deliversIdeaIds: ['not-a-uuid'] })).status).toBe(400);
      expect((await attempt({ deliversIdeaIds: [{ ideaId: approved.id, coverage: 'most' }] })).status).toBe(
        400,
      );
      const mine = await http.get<Json>('/api/submissions', { token: user.token });
      expect(mine.body.submissions).toEqual([]);
    });

    it('accepts idea ids, {ideaId, coverage, scopeNote} objects and the legacy deliversIdeaId', async () => {
      const author = await newUser();
      const user = await newUser();
      const [a, b, c] = [
        await newIdea(author.id, 'approve'),
        await newIdea(author.id, 'approve'),
        await newIdea(author.id, 'approve'),
      ];
      const byId = await submit(user.token, { deliversIdeaIds: [a.id] });
      const byObject = await submit(user.token, {
        deliversIdeaIds: [{ ideaId: b.id, coverage: 'partial', scopeNote: 'Inbound only' }],
      });
      const legacy = await submit(user.token, { deliversIdeaId: c.id });
      const ideasOf = async (policyId: string): Promise<Json[]> =>
        (await http.get<Json>(`/api/policies/${policyId}`, { token: user.token })).body.policy.delivers_ideas;
      expect(await ideasOf(byId.submission.policyId)).toEqual([
        expect.objectContaining({ id: a.id, phase: 'declared', coverage: 'full', completes_idea: false }),
      ]);
      expect(await ideasOf(byObject.submission.policyId)).toEqual([
        expect.objectContaining({
          id: b.id,
          phase: 'declared',
          coverage: 'partial',
          scope_note: 'Inbound only',
        }),
      ]);
      expect(await ideasOf(legacy.submission.policyId)).toEqual([
        expect.objectContaining({ id: c.id, phase: 'declared', coverage: 'full' }),
      ]);
    });

    it('delivers an idea fully delivered by an approved policy and notifies its submitter', async () => {
      const author = await newUser();
      const user = await newUser();
      const full = await newIdea(author.id, 'approve');
      const partial = await newIdea(author.id, 'approve');
      const { policyId } = await published(user.token, {
        deliversIdeaIds: [full.id, { ideaId: partial.id, coverage: 'partial' }],
      });
      const policy = (await http.get<Json>(`/api/policies/${policyId}`)).body.policy;
      const phases = Object.fromEntries(policy.delivers_ideas.map((d: Json) => [d.id, d.phase]));
      expect(phases).toEqual({ [full.id]: 'delivered', [partial.id]: 'declared' });
      const inbox = await eventually(
        async () => (await http.get<Json>('/api/me/notifications', { token: author.token })).body,
        (body) => body.notifications?.length > 0,
      );
      expect(inbox.notifications).toEqual([
        expect.objectContaining({
          kind: 'idea_delivered',
          data: { ideaId: full.id, resourceType: 'policy', resourceId: policyId },
        }),
      ]);
      const delivered = await bus.request(CatalogRpc.getIdea, asUser(user.id), { id: full.id });
      expect(delivered.idea.status).toBe('delivered');
      expect(
        (await http.get<Json>('/api/me/notifications', { token: user.token })).body.notifications,
      ).toEqual([]);
    });
  });

  describe('visibility of documentation and submissions', () => {
    it("answers 404 for another user's unpublished policy docs, submission and its history", async () => {
      const owner = await newUser();
      const other = await newUser();
      const { submission } = await submit(owner.token);
      const docs = `/api/policies/${submission.policyId}/docs`;
      expect((await http.get<Json>(docs, { token: owner.token })).body.canEdit).toBe(true);
      expect((await http.get(docs, { token: other.token })).status).toBe(404);
      expect((await http.get(docs)).status).toBe(404);
      expect((await http.get(docs, { cookie: admin })).status).toBe(200);

      const detail = await http.get<Json>(`/api/submissions/${submission.id}`, { token: owner.token });
      expect(detail.status).toBe(200);
      expect(detail.body.docTabs.map((t: Json) => t.key)).toEqual(['configuration']);
      expect((await http.get(`/api/submissions/${submission.id}`, { token: other.token })).status).toBe(404);
      expect((await http.get(`/api/submissions/${submission.id}`, { cookie: admin })).status).toBe(200);
      expect((await http.get(`/api/submissions/${submission.id}`)).status).toBe(401);

      const history = `/api/submissions/${submission.id}/history`;
      expect((await http.get<Json>(history, { token: owner.token })).body.entries[0].action).toBe(
        'submitted',
      );
      expect((await http.get(history, { token: other.token })).status).toBe(404);
      expect((await http.get(history)).status).toBe(404);
      expect((await http.get(history, { cookie: admin })).status).toBe(200);
      const unknown = '00000000-0000-4000-8000-000000000001';
      expect((await http.get(`/api/submissions/${unknown}`, { token: owner.token })).status).toBe(404);
    });

    it('shows published docs to everyone but only the tabs with content to non-editors', async () => {
      const owner = await newUser();
      const { policyId } = await published(owner.token);
      const anonymous = await http.get<Json>(`/api/policies/${policyId}/docs`);
      expect(anonymous.status).toBe(200);
      expect(anonymous.body.canEdit).toBe(false);
      expect(anonymous.body.tabs.map((t: Json) => t.key)).toEqual(['overview', 'configuration']);
    });
  });

  describe('editing a published policy', () => {
    it('files a changed description as a pending revision: 409 for a second one, 422 for an invalid repository', async () => {
      const owner = await newUser();
      const other = await newUser();
      const { policyId } = await published(owner.token);
      const before = (await http.get<Json>(`/api/policies/${policyId}`)).body.policy;
      const patched = await http.patch<Json>(
        `/api/policies/${policyId}`,
        { description: 'A proposed About text, not live yet.', name: 'Renamed Guard' },
        { token: owner.token },
      );
      expect(patched.status).toBe(200);
      expect(patched.body.policy).toMatchObject({ name: 'Renamed Guard', description: before.description });
      const revisions = await http.get<Json>(`/api/policies/${policyId}/revisions`, { token: owner.token });
      expect(revisions.body.revisions).toEqual([
        expect.objectContaining({
          field: 'description',
          status: 'pending',
          proposed_value: 'A proposed About text, not live yet.',
          previous_value: before.description,
        }),
      ]);
      const again = await http.patch<Json>(
        `/api/policies/${policyId}`,
        { description: 'Yet another proposed About text.' },
        { token: owner.token },
      );
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('CATALOG.REVISION_PENDING');
      const { webUrl } = await control.createRepository({
        owner: 'community',
        name: `not-a-policy-${++repoCounter}`,
        files: { 'README.md': 'nothing' },
      });
      const invalid = await http.patch<Json>(
        `/api/policies/${policyId}`,
        { sourceHostUrl: webUrl },
        { token: owner.token },
      );
      expect(invalid.status).toBe(422);
      expect(
        (await http.patch(`/api/policies/${policyId}`, { description: 'short' }, { token: owner.token }))
          .status,
      ).toBe(400);
      expect(
        (await http.patch(`/api/policies/${policyId}`, { name: 'Mine now' }, { token: other.token })).status,
      ).toBe(403);
      expect(
        (
          await http.patch(
            `/api/policies/${policyId}`,
            { implementationSourceRef: 'v2' },
            { token: owner.token },
          )
        ).status,
      ).toBe(403);
    });
  });

  describe('split repositories', () => {
    it('validates a definition and an implementation repository together', async () => {
      const user = await newUser();
      const [definition, implementation] = await splitRepos();
      const ok = await http.post<Json>(
        '/api/submissions/validate',
        { projectType: 'split', sourceHostUrl: definition, implementationSourceHostUrl: implementation },
        { token: user.token },
      );
      expect(ok.body.validation).toMatchObject({
        ok: true,
        projectType: 'split',
        definition: { path: 'gcl.yaml', name: 'oauth-scopes' },
        implementation: { path: 'src/lib.rs' },
        version: '1.2.3',
      });
      const missing = await http.post<Json>(
        '/api/submissions/validate',
        { projectType: 'split', sourceHostUrl: definition },
        { token: user.token },
      );
      expect(missing.body.validation.ok).toBe(false);
      expect(missing.body.validation.errors.join(' ')).toMatch(/implementationSourceHostUrl is required/);
      const swapped = await http.post<Json>(
        '/api/submissions/validate',
        { projectType: 'split', sourceHostUrl: implementation, implementationSourceHostUrl: definition },
        { token: user.token },
      );
      expect(swapped.body.validation.ok).toBe(false);
      expect(swapped.body.validation.errors.join(' ')).toMatch(/No policy definition found/);
      expect(swapped.body.validation.errors.join(' ')).toMatch(/No implementation found/);

      const created = await submit(user.token, {
        projectType: 'split',
        sourceHostUrl: definition,
        implementationSourceHostUrl: implementation,
      });
      const policy = await http.get<Json>(`/api/policies/${created.submission.policyId}`, {
        token: user.token,
      });
      expect(policy.body.policy).toMatchObject({ project_type: 'split', version: '1.2.3' });
    });

    it('refuses a split submission whose implementation has no Cargo.toml with 400 carrying the validation', async () => {
      const user = await newUser();
      const [definition, implementation] = await splitRepos({ 'src/lib.rs': '// filter\n' });
      const res = await http.post<Json>(
        '/api/submissions',
        {
          name: 'Half a Policy',
          description: 'The implementation repository lacks its manifest.',
          projectType: 'split',
          sourceHostUrl: definition,
          implementationSourceHostUrl: implementation,
        },
        { token: user.token },
      );
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, code: 'CATALOG.VALIDATION_FAILED' });
      expect(res.body.validation).toMatchObject({
        ok: false,
        projectType: 'split',
        definition: { path: 'gcl.yaml' },
        implementation: { path: 'src/lib.rs' },
      });
      expect(res.body.validation.errors).toEqual(['No Cargo.toml found: the version cannot be read']);
      expect(res.body.details).toEqual([
        { field: 'validation', message: 'No Cargo.toml found: the version cannot be read' },
      ]);
    });
  });

  // The source host adapter and the gateway's validation do not depend on the bus: once is enough.
  if (kind === 'nats') {
    describe('source host failures', () => {
      afterEach(() => control.clearFaults());

      it.each(['error', 'rate_limit', 'timeout'] as const)(
        'answers 502 UPSTREAM_UNAVAILABLE for branches when the host fails (%s)',
        async (fault) => {
          const user = await newUser();
          const { policyId } = await published(user.token);
          await control.injectFault({ system: 'source_host', kind: fault });
          const res = await http.get<Json>(`/api/policies/${policyId}/branches`, { token: user.token });
          expect(res.status).toBe(502);
          expect(res.body).toMatchObject({ statusCode: 502, code: 'UPSTREAM_UNAVAILABLE' });
          if (fault === 'rate_limit') expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
          await control.clearFaults();
          expect((await http.get(`/api/policies/${policyId}/branches`, { token: user.token })).status).toBe(
            200,
          );
          expect((await http.get<Json>(`/api/policies/${policyId}/issues-enabled`)).body.enabled).toBe(true);
        },
        20000,
      );

      it('answers 404 CATALOG.REPOSITORY_GONE when the repository was deleted or made private', async () => {
        const user = await newUser();
        const gone = await published(user.token);
        const hidden = await published(user.token);
        const nameOf = async (policyId: string): Promise<string> =>
          new URL((await http.get<Json>(`/api/policies/${policyId}`)).body.policy.source_host_url).pathname
            .split('/')
            .pop()!;
        await control.deleteRepository('community', await nameOf(gone.policyId));
        await control.updateRepository('community', await nameOf(hidden.policyId), { private: true });
        for (const { policyId } of [gone, hidden]) {
          const res = await http.get<Json>(`/api/policies/${policyId}/branches`, { token: user.token });
          expect(res.status).toBe(404);
          expect(res.body.code).toBe('CATALOG.REPOSITORY_GONE');
          expect((await http.get(`/api/policies/${policyId}`)).status).toBe(200);
        }
      });

      it('remembers a failed issue-tracker check for a while instead of asking the host on every request', async () => {
        const user = await newUser();
        const { policyId } = await published(user.token);
        await control.injectFault({ system: 'source_host', kind: 'error' });
        expect((await http.get<Json>(`/api/policies/${policyId}/issues-enabled`)).body.enabled).toBeNull();
        await control.clearFaults();
        expect((await http.get<Json>(`/api/policies/${policyId}/issues-enabled`)).body.enabled).toBeNull();
      });

      it('answers 502 (not a 400 blaming the repository) when validating while the host fails', async () => {
        const user = await newUser();
        const url = await newRepo();
        await control.injectFault({ system: 'source_host', kind: 'error' });
        const validate = await http.post<Json>(
          '/api/submissions/validate',
          { sourceHostUrl: url },
          { token: user.token },
        );
        expect(validate.status).toBe(502);
        const create = await http.post<Json>(
          '/api/submissions',
          { name: 'Unlucky Guard', description: 'Submitted while the host is down.', sourceHostUrl: url },
          { token: user.token },
        );
        expect(create.status).toBe(502);
        expect(create.body.code).toBe('UPSTREAM_UNAVAILABLE');
        await control.clearFaults();
        expect((await http.get<Json>('/api/submissions', { token: user.token })).body.submissions).toEqual(
          [],
        );
      });
    });
  }

  describe('designated reviewers', () => {
    it('lets an administrator designate and remove a reviewer of one policy', async () => {
      const owner = await newUser();
      const reviewer = await newUser();
      const other = await newUser();
      const { policyId } = await published(owner.token);
      const { policyId: otherPolicy } = await published(owner.token);
      const isReviewer = async (token: string, id = policyId): Promise<boolean> =>
        (await http.get<Json>(`/api/policies/${id}/reviewers/me`, { token })).body.isReviewer;
      expect(await isReviewer(reviewer.token)).toBe(false);
      const path = `/api/admin/policies/${policyId}/reviewers`;
      expect((await http.post(path, { userId: reviewer.id }, { token: owner.token })).status).toBe(403);
      expect((await http.post(path, { userId: 'nobody' }, { cookie: admin })).status).toBe(400);
      const unknown = '00000000-0000-4000-8000-000000000002';
      expect((await http.post(path, { userId: unknown }, { cookie: admin })).status).toBe(404);
      const designated = await http.post<Json>(path, { userId: reviewer.id }, { cookie: admin });
      expect(designated.status).toBe(200);
      expect(designated.body).toEqual({ ok: true });
      expect((await http.post(path, { userId: reviewer.id }, { cookie: admin })).status).toBe(200);
      expect(await isReviewer(reviewer.token)).toBe(true);
      expect(await isReviewer(reviewer.token, otherPolicy)).toBe(false);
      expect(await isReviewer(other.token)).toBe(false);
      expect((await http.delete(`${path}/${reviewer.id}`, { token: owner.token })).status).toBe(403);
      expect((await http.delete(`${path}/${reviewer.id}`, { cookie: admin })).status).toBe(200);
      expect(await isReviewer(reviewer.token)).toBe(false);
      expect((await http.delete(`${path}/${reviewer.id}`, { cookie: admin })).status).toBe(404);
    });
  });

  describe('races', () => {
    it('lets exactly one of several concurrent accepts of one transfer succeed', async () => {
      const owner = await newUser();
      const other = await newUser();
      const { policyId } = await published(owner.token);
      const offer = await http.post<Json>(
        `/api/policies/${policyId}/transfers`,
        { recipientUsername: other.username },
        { token: owner.token },
      );
      const id = offer.body.transfer.id;
      const results = await Promise.all(
        Array.from({ length: 4 }, () => http.post(`/api/transfers/${id}/accept`, {}, { token: other.token })),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
      expect((await http.post(`/api/transfers/${id}/cancel`, {}, { token: owner.token })).status).toBe(409);
      expect((await http.get<Json>(`/api/policies/${policyId}`)).body.policy.owner_id).toBe(other.id);
      const history = await http.get<Json>(`/api/policies/${policyId}/history`);
      expect(history.body.entries.filter((e: Json) => e.action === 'transferred')).toHaveLength(1);
    });

    it('keeps the like count exact when many users like and unlike at once', async () => {
      const owner = await newUser();
      const { policyId } = await published(owner.token);
      const fans = await Promise.all(Array.from({ length: 5 }, () => newUser()));
      const toggleAll = () =>
        Promise.all(
          fans.flatMap((fan) => [
            http.post<Json>(`/api/policies/${policyId}/like`, {}, { token: fan.token }),
            http.post<Json>(`/api/policies/${policyId}/like`, {}, { token: fan.token }),
            http.post<Json>(`/api/policies/${policyId}/like`, {}, { token: fan.token }),
          ]),
        );
      expect((await toggleAll()).every((r) => r.status === 200)).toBe(true);
      expect((await http.get<Json>(`/api/policies/${policyId}`)).body.policy.likes).toBe(fans.length);
      await toggleAll();
      expect((await http.get<Json>(`/api/policies/${policyId}`)).body.policy.likes).toBe(0);
    });
  });

  describe('security review', () => {
    const unknownId = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
    const statuses = (results: Array<{ status: number }>) => results.map((r) => r.status).sort();

    it('answers many concurrent no-op transfer decisions without starving the connection pool', async () => {
      const owner = await newUser();
      const other = await newUser();
      const { policyId } = await published(owner.token);
      const offer = await http.post<Json>(
        `/api/policies/${policyId}/transfers`,
        { recipientUsername: other.username },
        { token: owner.token },
      );
      const id = offer.body.transfer.id;
      expect((await http.post(`/api/transfers/${id}/cancel`, {}, { token: owner.token })).status).toBe(200);
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          i % 2 === 0
            ? http.post(`/api/transfers/${unknownId(i)}/cancel`, {}, { token: owner.token })
            : http.post(`/api/transfers/${id}/accept`, {}, { token: other.token }),
        ),
      );
      expect(statuses(results)).toEqual([...Array<number>(10).fill(404), ...Array<number>(10).fill(409)]);
      const started = Date.now();
      expect((await http.get(`/api/policies/${policyId}`)).status).toBe(200);
      expect(Date.now() - started).toBeLessThan(2000);
    }, 30000);

    it('never lets a submission edit undo an approval that committed meanwhile (409)', async () => {
      const user = await newUser();
      const { submission } = await submit(user.token);
      const pg = new Client({ connectionString: db.url });
      await pg.connect();
      try {
        await pg.query('BEGIN');
        await pg.query(`SELECT 1 FROM catalog.policy_submissions WHERE id = $1 FOR UPDATE`, [submission.id]);
        const edit = http.patch<Json>(
          `/api/submissions/${submission.id}`,
          { name: 'Late Edit' },
          { token: user.token },
        );
        await eventually(
          async () =>
            (
              await pg.query(
                `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
              )
            ).rowCount,
          (waiting) => waiting === 1,
          5000,
        );
        await pg.query(`UPDATE catalog.policy_submissions SET status = 'approved' WHERE id = $1`, [
          submission.id,
        ]);
        await pg.query('COMMIT');
        expect((await edit).status).toBe(409);
      } finally {
        await pg.end();
      }
      const after = await http.get<Json>(`/api/submissions/${submission.id}`, { token: user.token });
      expect(after.body.submission).toMatchObject({ status: 'approved', name: submission.name });
    });

    it('hands the submission, the revisions and a private history to the new owner on transfer', async () => {
      const alice = await newUser();
      const bob = await newUser();
      const { submission } = await submit(alice.token);
      const byUsername = await http.post<Json>(
        `/api/policies/${submission.policyId}/transfers`,
        { recipientUsername: bob.username },
        { token: alice.token },
      );
      const sent = await http.get<Json>('/api/me/transfers?role=initiator', { token: alice.token });
      expect(sent.body.transfers[0]).toMatchObject({
        counterparty_name: expect.any(String),
        counterparty_email: null,
      });
      const received = await http.get<Json>('/api/me/transfers?role=recipient', { token: bob.token });
      expect(received.body.transfers[0].counterparty_email).toBe(alice.email);
      expect(
        (await http.post(`/api/transfers/${byUsername.body.transfer.id}/accept`, {}, { token: bob.token }))
          .status,
      ).toBe(200);
      const path = `/api/submissions/${submission.id}`;
      expect((await http.get(path, { token: alice.token })).status).toBe(404);
      expect((await http.patch(path, { name: 'Stolen Back' }, { token: alice.token })).status).toBe(404);
      expect((await http.get<Json>('/api/submissions', { token: bob.token })).body.submissions[0].id).toBe(
        submission.id,
      );
      expect((await http.patch(path, { name: 'Bob Guard' }, { token: bob.token })).status).toBe(200);

      const { policyId } = await published(alice.token);
      const stale = await http.post<Json>(
        `/api/policies/${policyId}/revisions`,
        { field: 'description', value: 'Alice wrote this before handing it over.' },
        { token: alice.token },
      );
      const byEmail = await http.post<Json>(
        `/api/policies/${policyId}/transfers`,
        { recipientEmail: bob.email },
        { token: alice.token },
      );
      expect(
        (await http.get<Json>('/api/me/transfers?role=initiator', { token: alice.token })).body.transfers[0]
          .counterparty_email,
      ).toBe(bob.email);
      await http.post(`/api/transfers/${byEmail.body.transfer.id}/accept`, {}, { token: bob.token });
      const revisions = await http.get<Json>(`/api/policies/${policyId}/revisions`, { token: bob.token });
      expect(revisions.body.revisions).toEqual([
        expect.objectContaining({
          id: stale.body.revision.id,
          status: 'rejected',
          feedback: expect.stringMatching(/transferred/),
        }),
      ]);
      expect(
        (await http.post(`/api/admin/revisions/${stale.body.revision.id}/approve`, {}, { cookie: admin }))
          .status,
      ).toBe(409);
      expect(
        (
          await http.post(
            `/api/policies/${policyId}/revisions`,
            { field: 'description', value: 'Bob writes his own About text.' },
            { token: bob.token },
          )
        ).status,
      ).toBe(201);

      const actions = async (auth: { token?: string }) =>
        (await http.get<Json>(`/api/policies/${policyId}/history`, auth)).body.entries as Json[];
      expect((await actions({ token: bob.token })).map((e) => e.action)).toContain('transfer_offered');
      const publicEntries = await actions({});
      expect(publicEntries.map((e) => e.action)).toContain('transferred');
      expect(publicEntries.map((e) => e.action)).not.toContain('transfer_offered');
      expect(publicEntries.every((e) => e.actor_id === null && !('toUserId' in e.details))).toBe(true);
    });

    it('checks every repository change and files all revisions of one PATCH, or none', async () => {
      const user = await newUser();
      const { submission } = await submit(user.token);
      const unpublished = `/api/policies/${submission.policyId}`;
      expect(
        (await http.patch(unpublished, { sourceHostUrl: await newRepo() }, { token: user.token })).status,
      ).toBe(422);
      expect(
        (
          await http.patch(
            unpublished,
            { implementationSourceHostUrl: await newRepo() },
            { token: user.token },
          )
        ).status,
      ).toBe(422);
      const revision = { field: 'description', value: 'Not published: edit the submission.' };
      expect((await http.post(`${unpublished}/revisions`, revision, { token: user.token })).status).toBe(422);

      const { policyId } = await published(user.token);
      const path = `/api/policies/${policyId}`;
      const { webUrl: notPolicy } = await control.createRepository({
        owner: 'community',
        name: `readme-only-${++repoCounter}`,
        files: { 'README.md': 'nothing' },
      });
      const both = await http.patch(
        path,
        {
          name: 'Half Applied',
          description: 'A valid new About text for this policy.',
          sourceHostUrl: notPolicy,
        },
        { token: user.token },
      );
      expect(both.status).toBe(422);
      expect((await http.get<Json>(`${path}/revisions`, { token: user.token })).body.revisions).toEqual([]);
      expect((await http.get<Json>(path)).body.policy.name).not.toBe('Half Applied');
      expect(
        (await http.patch(path, { implementationSourceHostUrl: await newRepo() }, { token: user.token }))
          .status,
      ).toBe(422);
      expect(
        (await http.patch(path, { description: 'An administrator rewrites it.' }, { cookie: admin })).status,
      ).toBe(403);

      const [definition, implementation] = await splitRepos();
      const split = await published(user.token, {
        projectType: 'split',
        sourceHostUrl: definition,
        implementationSourceHostUrl: implementation,
      });
      const [, moved] = await splitRepos();
      const splitPath = `/api/policies/${split.policyId}`;
      expect(
        (await http.patch(splitPath, { implementationSourceHostUrl: moved }, { token: user.token })).status,
      ).toBe(200);
      expect((await http.get<Json>(splitPath)).body.policy.implementation_source_host_url).toBe(
        implementation,
      );
      const [pending] = (await http.get<Json>(`${splitPath}/revisions`, { token: user.token })).body
        .revisions;
      expect(pending).toMatchObject({
        field: 'implementation_source_host_url',
        status: 'pending',
        proposed_value: moved,
      });
      await http.post(
        `/api/admin/revisions/${pending.id}/reject`,
        { feedback: 'Reviewer-only note' },
        { cookie: admin },
      );
      const publicHistory = (await http.get<Json>(`${splitPath}/history`)).body.entries as Json[];
      expect(publicHistory.find((e) => e.action === 'revision_rejected')?.details).toEqual({
        field: 'implementation_source_host_url',
      });
    });

    it('pages a long history by numeric id, every entry exactly once, newest first', async () => {
      const user = await newUser();
      const pg = new Client({ connectionString: db.url });
      await pg.connect();
      // Cross a power of ten ("99" sorts after "100" as text) whatever ran before.
      await pg.query(
        `SELECT setval('catalog.policy_history_id_seq',
           power(10, length((SELECT last_value FROM catalog.policy_history_id_seq)::text) + 1)::bigint - 6)`,
      );
      await pg.end();
      const { policyId } = await published(user.token);
      for (let i = 0; i < 10; i++)
        await http.patch(`/api/policies/${policyId}`, { name: `Renamed ${i}` }, { token: user.token });
      const all = (await http.get<Json>(`/api/policies/${policyId}/history?limit=50`)).body.entries.map(
        (e: Json) => e.id,
      );
      expect(all).toHaveLength(12);
      expect([...all].sort((a, b) => Number(b) - Number(a))).toEqual(all);
      for (const limit of [1, 3]) {
        const seen: string[] = [];
        let before = '';
        do {
          const page = await http.get<Json>(
            `/api/policies/${policyId}/history?limit=${limit}${before ? `&before=${before}` : ''}`,
          );
          seen.push(...page.body.entries.map((e: Json) => e.id));
          before = page.body.nextCursor ?? '';
        } while (before);
        expect(seen).toEqual(all);
      }
    });

    it('refuses a malformed cursor, a huge offset and a reply across policies', async () => {
      const user = await newUser();
      const { policyId } = await published(user.token);
      expect((await http.get(`/api/policies/${policyId}/history?before=garbage`)).status).toBe(400);
      expect((await http.get('/api/policies?offset=1000001')).status).toBe(400);
      const { policyId: otherPolicy } = await published(user.token);
      const top = await http.post<Json>(
        `/api/policies/${otherPolicy}/comments`,
        { body: 'Elsewhere' },
        { token: user.token },
      );
      const reply = await http.post(
        `/api/policies/${policyId}/comments`,
        { body: 'Across', parentId: top.body.comment.id },
        { token: user.token },
      );
      expect(reply.status).toBe(422);
    });
  });

  if (kind === 'nats') {
    describe('limits', () => {
      it('holds submission name 2..120, description 10..20000, docTabs and deliversIdeaIds to 50', async () => {
        const user = await newUser();
        const url = await newRepo();
        const base = { name: 'Limits', description: 'Ten chars!', sourceHostUrl: url };
        const status = async (fields: Json): Promise<number> =>
          (await http.post('/api/submissions', { ...base, ...fields }, { token: user.token })).status;
        const tab = (i: number) => ({ key: `tab-${i}`, title: `Tab ${i}`, bodyMd: 'x' });
        const idea = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
        expect(await status({ name: 'x' })).toBe(400);
        expect(await status({ name: 'x'.repeat(121) })).toBe(400);
        expect(await status({ description: 'x'.repeat(9) })).toBe(400);
        expect(await status({ description: 'x'.repeat(20001) })).toBe(400);
        expect(await status({ docTabs: Array.from({ length: 51 }, (_, i) => tab(i)) })).toBe(400);
        expect(await status({ deliversIdeaIds: Array.from({ length: 51 }, (_, i) => idea(i)) })).toBe(400);
        expect(await status({ sourceRef: 'x'.repeat(256) })).toBe(400);
        expect(await status({ deliversIdeaIds: Array.from({ length: 50 }, (_, i) => idea(i)) })).toBe(422);
        expect(await status({ name: 'xy', docTabs: Array.from({ length: 50 }, (_, i) => tab(i)) })).toBe(201);
        expect(await status({ name: 'y'.repeat(120), description: 'd'.repeat(20000) })).toBe(201);
      });

      it('holds comment bodies to 10000 characters and transfer feedback to 4000', async () => {
        const owner = await newUser();
        const other = await newUser();
        const { policyId } = await published(owner.token);
        const comments = `/api/policies/${policyId}/comments`;
        expect((await http.post(comments, { body: 'x'.repeat(10001) }, { token: other.token })).status).toBe(
          422,
        );
        expect((await http.post(comments, { body: '   ' }, { token: other.token })).status).toBe(422);
        const ok = await http.post<Json>(comments, { body: 'x'.repeat(10000) }, { token: other.token });
        expect(ok.status).toBe(201);
        const edit = `/api/comments/${ok.body.comment.id}`;
        expect((await http.patch(edit, { body: 'y'.repeat(10001) }, { token: other.token })).status).toBe(
          400,
        );
        expect((await http.patch(edit, { body: 'y'.repeat(10000) }, { token: other.token })).status).toBe(
          200,
        );

        const offer = await http.post<Json>(
          `/api/policies/${policyId}/transfers`,
          { recipientEmail: other.email },
          { token: owner.token },
        );
        const reject = `/api/transfers/${offer.body.transfer.id}/reject`;
        expect((await http.post(reject, { feedback: 'n'.repeat(4001) }, { token: other.token })).status).toBe(
          400,
        );
        const rejected = await http.post<Json>(
          reject,
          { feedback: 'n'.repeat(4000) },
          { token: other.token },
        );
        expect(rejected.status).toBe(200);
        expect(rejected.body.transfer.feedback).toHaveLength(4000);
      });
    });
  }
});
