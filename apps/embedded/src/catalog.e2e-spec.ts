import { type BusConfig } from '@pc/platform';
import { type RunningSandbox, SandboxControl, startSandbox } from '@pc/sandbox';
import {
  cookieFrom,
  createTestDatabase,
  HttpClient,
  type TestDatabase,
  testEnv,
  uniqueBusPrefix,
} from '@pc/testing';
import { Client } from 'pg';
import { type RunningSystem, startSystem } from './system';

const ADMIN = { email: 'root@example.com', password: 'admin-password-1' };
const QUOTA = 4;

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

describe('catalog through the gateway over NATS', () => {
  let db: TestDatabase;
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
    const bus: BusConfig = {
      kind: 'nats',
      url: testEnv().natsUrl,
      prefix: uniqueBusPrefix(),
      timeoutMs: 10000,
    };
    system = await startSystem({
      bus,
      databaseUrl: db.url,
      gatewayPort: 0,
      env: {
        ...sandbox.adapterEnv,
        BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
        BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
        COMMENT_DAILY_QUOTA: String(QUOTA),
      },
    });
    http = new HttpClient(system.url!);
    const login = await http.post<Json>('/api/auth/login', ADMIN);
    admin = cookieFrom(login, 'sb-access-token')!;
  });

  afterAll(async () => {
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

      const history = await http.get<Json>(`/api/policies/${policyId}/history?limit=2`);
      expect(history.body.entries.map((e: Json) => e.action)).toEqual(['transferred', 'transfer_offered']);
      const older = await http.get<Json>(
        `/api/policies/${policyId}/history?limit=50&before=${history.body.nextCursor}`,
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
});
