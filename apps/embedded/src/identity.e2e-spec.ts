import {
  cookieFrom,
  createTestDatabase,
  E2E_BUSES,
  HttpClient,
  inOneWindow,
  testBus,
  type TestDatabase,
} from '@pc/testing';
import { Client } from 'pg';
import { type RunningSystem, startSystem } from './system';

const ADMIN = { email: 'root@example.com', password: 'admin-password-1' };

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * Identity through the gateway: one system whose services run as they run alone (hybrid apps with
 * health ports), and a second gateway replica on the same bus. The token, session and profile rules are
 * identity's service-level tests' (`apps/identity/src/*\/*.integration-spec.ts`); here the wire: statuses,
 * cookies, the scope check, the cache and its eviction across replicas, the catalog's copy of owners.
 */
describe.each(E2E_BUSES)('identity through the gateway over the %s bus', (kind) => {
  let db: TestDatabase;
  let system: RunningSystem;
  let replica: RunningSystem;
  let http: HttpClient;
  let counter = 0;

  beforeAll(async () => {
    db = await createTestDatabase();
    const bus = testBus(kind, 10000);
    system = await startSystem({
      bus,
      databaseUrl: db.url,
      gatewayPort: 0,
      serviceHealthPorts: true,
      env: {
        BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
        BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
        MAX_ACTIVE_TOKENS_PER_USER: '5',
        AVATAR_BASE_URL: 'https://avatars.example.com/',
      },
    });
    replica = await startSystem({ bus, databaseUrl: db.url, gatewayPort: 0, gatewayOnly: true });
    http = new HttpClient(system.url!);
  });

  afterAll(async () => {
    await replica?.close();
    await system?.close();
    await db?.drop();
  });

  /** A new account with a session cookie. */
  async function newUser(): Promise<{ cookie: string; user: Json; email: string }> {
    const email = `user${++counter}-${Date.now()}@example.com`;
    const res = await http.post<Json>('/api/auth/signup', {
      email,
      password: 'password123',
      name: `User ${counter}`,
    });
    expect(res.status).toBe(201);
    return { cookie: cookieFrom(res, 'sb-access-token')!, user: res.body.user, email };
  }

  async function newToken(cookie: string, scopes: string[] = ['api:read', 'api:write'], extra: Json = {}) {
    const res = await http.post<Json>('/api/tokens', { name: 'test token', scopes, ...extra }, { cookie });
    expect(res.status).toBe(201);
    return res.body as { token: string; record: Json };
  }

  describe('sessions', () => {
    it('signs up with a session cookie that is HttpOnly and SameSite=Lax', async () => {
      const res = await http.post<Json>('/api/auth/signup', {
        email: 'Grace@Example.com',
        password: 'password123',
        name: 'Grace',
      });
      expect(res.status).toBe(201);
      expect(res.body.user).toMatchObject({ email: 'grace@example.com', name: 'Grace', is_admin: false });
      expect(res.body.user).not.toHaveProperty('passwordHash');
      const setCookie = res.headers.getSetCookie().join(';');
      expect(setCookie).toMatch(/sb-access-token=/);
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/SameSite=Lax/i);
      const me = await http.get<Json>('/api/me', { cookie: cookieFrom(res, 'sb-access-token') });
      expect(me.body.user.email).toBe('grace@example.com');
    });

    it('refuses a second account with the same email, whatever its case, with 409 and its code', async () => {
      const { email } = await newUser();
      // Through the second replica: the error crosses NATS from identity running as a hybrid app.
      const res = await new HttpClient(replica.url!).post<Json>('/api/auth/signup', {
        email: email.toUpperCase(),
        password: 'password123',
        name: 'X',
      });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ statusCode: 409, error: 'Conflict', code: 'IDENTITY.EMAIL_TAKEN' });
    });

    it('answers bad sign-up input with 400 and a detail per field', async () => {
      const res = await http.post<Json>('/api/auth/signup', {
        email: 'not-an-email',
        password: 'short',
        name: '',
      });
      expect(res.status).toBe(400);
      const fields = (res.body.details as Json[]).map((d) => d.field);
      expect(fields).toEqual(expect.arrayContaining(['email', 'password', 'name']));
    });

    it('gives no hint which part of a failed sign-in was wrong', async () => {
      const { email } = await newUser();
      const wrongPassword = await http.post<Json>('/api/auth/login', { email, password: 'wrong-password' });
      const unknownEmail = await http.post<Json>('/api/auth/login', {
        email: 'nobody@example.com',
        password: 'password123',
      });
      expect(wrongPassword.status).toBe(401);
      expect(unknownEmail.status).toBe(401);
      expect(wrongPassword.body.message).toBe(unknownEmail.body.message);
    });

    it('signs in and out; the old cookie stops working', async () => {
      const { email } = await newUser();
      const login = await http.post<Json>('/api/auth/login', { email, password: 'password123' });
      expect(login.status).toBe(200);
      const cookie = cookieFrom(login, 'sb-access-token')!;
      expect((await http.get('/api/me', { cookie })).status).toBe(200);
      const logout = await http.post<Json>('/api/auth/logout', undefined, { cookie });
      expect(logout.status).toBe(200);
      expect(logout.body).toEqual({ ok: true });
      expect((await http.get('/api/me', { cookie })).status).toBe(401);
    });

    it('refuses a write a browser sent from another site with the session cookie, and keeps the same origin working', async () => {
      // A POST without a body is a "simple" request: another page can send it with the cookie (no-cors
      // fetch, a beacon) and no preflight, and the JSON-only body rule does not apply to it. A sibling
      // subdomain is the same site, so SameSite=Lax sends the cookie along; the browser's Sec-Fetch-Site
      // says where the request came from.
      const { cookie } = await newUser();
      const created = await http.post<Json>('/api/workspaces', { name: 'Cross-site target' }, { cookie });
      expect(created.status).toBe(201);
      const id = created.body.workspace.id as string;
      for (const site of ['cross-site', 'same-site']) {
        const forged = await http.request<Json>('POST', `/api/workspaces/${id}/archive`, {
          cookie,
          headers: { 'sec-fetch-site': site, origin: 'https://attacker.example.com' },
        });
        expect(forged.status).toBe(403);
        expect(forged.body.message).toMatch(/another site/);
        const profile = await http.patch<Json>(
          '/api/me',
          { company: 'Forged' },
          {
            cookie,
            headers: { 'sec-fetch-site': site },
          },
        );
        expect(profile.status).toBe(403);
      }
      const workspace = await http.get<Json>(`/api/workspaces/${id}`, { cookie });
      expect(workspace.body.workspace.archived_at).toBeNull();
      expect((await http.get<Json>('/api/me', { cookie })).body.user.company).toBeNull();
      // Reads from anywhere, the web app's own requests, and clients that are not browsers still work.
      const read = await http.get<Json>('/api/me', { cookie, headers: { 'sec-fetch-site': 'cross-site' } });
      expect(read.status).toBe(200);
      const own = await http.request<Json>('POST', `/api/workspaces/${id}/archive`, {
        cookie,
        headers: { 'sec-fetch-site': 'same-origin' },
      });
      expect(own.status).toBe(200);
      const { token } = await newToken(cookie);
      const viaToken = await http.patch<Json>(
        '/api/me',
        { company: 'Token Co' },
        {
          token,
          headers: { 'sec-fetch-site': 'cross-site' },
        },
      );
      expect(viaToken.status).toBe(200);
      expect((await http.patch<Json>('/api/me', { company: 'Cookie Co' }, { cookie })).status).toBe(200);
    });

    it('creates the administrator from BOOTSTRAP_ADMIN_EMAIL and BOOTSTRAP_ADMIN_PASSWORD', async () => {
      const login = await http.post<Json>('/api/auth/login', ADMIN);
      expect(login.status).toBe(200);
      expect(login.body.user.is_admin).toBe(true);
    });
  });

  describe('personal access tokens', () => {
    it('creates a token shown once, with a prefix, stored only as a record', async () => {
      const { cookie } = await newUser();
      const { token, record } = await newToken(cookie, ['api:read']);
      expect(token).toMatch(/^pcat_[0-9A-Za-z]{49}$/);
      expect(token.startsWith(record.token_prefix)).toBe(true);
      expect(record).toMatchObject({
        name: 'test token',
        scopes: ['api:read'],
        expires_at: null,
        revoked_at: null,
      });
      const list = await http.get<Json>('/api/tokens', { cookie });
      expect(list.status).toBe(200);
      expect(list.body.tokens).toHaveLength(1);
      expect(JSON.stringify(list.body)).not.toContain(token);
      expect(list.body.tokens[0]).not.toHaveProperty('token');
    });

    it('sets the expiry 90 days ahead, and refuses a bad body with 400', async () => {
      const { cookie } = await newUser();
      const { record } = await newToken(cookie, ['api:read'], { expiresInDays: 90 });
      const days = (Date.parse(record.expires_at) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(89.9);
      expect(days).toBeLessThan(90.1);
      // The body rules (expiry, name, scopes) are the gateway's identity-routes.integration-spec's.
      const res = await http.post<Json>(
        '/api/tokens',
        { name: 'x', scopes: ['api:read'], expiresInDays: 7 },
        { cookie },
      );
      expect(res.status).toBe(400);
      expect(res.body.details[0].field).toBe('expiresInDays');
    });

    it('refuses to create a token with a token (403) and without a session (401)', async () => {
      const { cookie } = await newUser();
      const { token } = await newToken(cookie);
      const withToken = await http.post<Json>('/api/tokens', { name: 'x', scopes: ['api:read'] }, { token });
      expect(withToken.status).toBe(403);
      expect(withToken.body.message).toMatch(/token cannot create a token/);
      expect((await http.post('/api/tokens', { name: 'x', scopes: ['api:read'] })).status).toBe(401);
    });

    it('acts as its owner and records when it was last used', async () => {
      const { cookie, user } = await newUser();
      const { token } = await newToken(cookie, ['api:read']);
      const me = await http.get<Json>('/api/me', { token });
      expect(me.status).toBe(200);
      expect(me.body.user.id).toBe(user.id);
      const list = await http.get<Json>('/api/tokens', { cookie });
      expect(list.body.tokens[0].last_used_at).not.toBeNull();
    });

    it('rejects missing, mistyped and made-up tokens with 401', async () => {
      const { cookie } = await newUser();
      const { token } = await newToken(cookie);
      const mistyped = token.slice(0, -1) + (token.endsWith('a') ? 'b' : 'a');
      expect((await http.get('/api/me')).status).toBe(401);
      expect((await http.get('/api/me', { token: mistyped })).status).toBe(401);
      expect((await http.get('/api/me', { headers: { authorization: 'Basic abc' } })).status).toBe(401);
      const res = await http.get<Json>('/api/me', { token: 'pcat_' + 'A'.repeat(49) });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    });

    it('revokes at once and for good: the very next request gets 401', async () => {
      const { cookie } = await newUser();
      const { token, record } = await newToken(cookie);
      expect((await http.get('/api/me', { token })).status).toBe(200);
      const revoke = await http.delete<Json>(`/api/tokens/${record.id}`, { token });
      expect(revoke.status).toBe(200);
      expect(revoke.body.ok).toBe(true);
      expect(revoke.body.record.revoked_at).not.toBeNull();
      expect((await http.get('/api/me', { token })).status).toBe(401);
    });

    it('caps the active tokens of a user, and revoking one makes room', async () => {
      const { cookie } = await newUser();
      const made = [];
      for (let i = 0; i < 5; i++) made.push(await newToken(cookie, ['api:read']));
      const sixth = await http.post<Json>(
        '/api/tokens',
        { name: 'one too many', scopes: ['api:read'] },
        { cookie },
      );
      expect(sixth.status).toBe(422);
      expect(sixth.body.message).toMatch(/revoke one/);
      await http.delete(`/api/tokens/${made[0].record.id}`, { cookie });
      expect(
        (await http.post('/api/tokens', { name: 'room again', scopes: ['api:read'] }, { cookie })).status,
      ).toBe(201);
    });

    it("answers 404 for another user's token and 400 for an id that is not a UUID", async () => {
      const alice = await newUser();
      const bob = await newUser();
      const { record } = await newToken(alice.cookie);
      expect((await http.delete(`/api/tokens/${record.id}`, { cookie: bob.cookie })).status).toBe(404);
      expect((await http.delete('/api/tokens/not-a-uuid', { cookie: bob.cookie })).status).toBe(400);
      expect(
        (await http.get<Json>('/api/tokens', { cookie: alice.cookie })).body.tokens[0].revoked_at,
      ).toBeNull();
    });
  });

  describe('profile', () => {
    it('updates the profile (200) and refuses a bad field with 400 and its name', async () => {
      // The field rules are the gateway's identity-routes.integration-spec's and identity's users.integration-spec's.
      const { cookie } = await newUser();
      const username = `Ada_${counter}`;
      const res = await http.patch<Json>(
        '/api/me',
        { company: 'Analytical Engines', username, bio: 'Poet of numbers', xUrl: 'https://twitter.com/ada' },
        { cookie },
      );
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({
        company: 'Analytical Engines',
        username: username.toLowerCase(),
        bio: 'Poet of numbers',
        xUrl: 'https://twitter.com/ada',
        profileIsPublic: false,
      });
      const bad = await http.patch<Json>(
        '/api/me',
        { linkedinUrl: 'https://example.com/in/ada' },
        { cookie },
      );
      expect(bad.status).toBe(400);
      expect(bad.body.details.map((d: Json) => d.field)).toContain('linkedinUrl');
    });

    it('keeps usernames unique (409)', async () => {
      const alice = await newUser();
      const bob = await newUser();
      const name = `taken${counter}`;
      expect((await http.patch('/api/me', { username: name }, { cookie: alice.cookie })).status).toBe(200);
      const clash = await http.patch<Json>(
        '/api/me',
        { username: name.toUpperCase() },
        { cookie: bob.cookie },
      );
      expect(clash.status).toBe(409);
    });

    it('shows bio and links on the public profile only when the owner made it public', async () => {
      const { cookie } = await newUser();
      const username = `pub${counter}`;
      await http.patch(
        '/api/me',
        { username, company: 'Acme', bio: 'Hello', xUrl: 'https://x.com/pub' },
        { cookie },
      );
      const hidden = await http.get<Json>(`/api/users/${username}`);
      expect(hidden.status).toBe(200);
      expect(hidden.body.user).toMatchObject({ username, company: 'Acme', profileIsPublic: false });
      expect(hidden.body.user).not.toHaveProperty('bio');
      expect(hidden.body.user).not.toHaveProperty('xUrl');
      expect(hidden.body.user).not.toHaveProperty('email');
      expect(hidden.body.user).not.toHaveProperty('avatarEmailHash');
      await http.patch('/api/me', { profileIsPublic: true }, { cookie });
      const shown = await http.get<Json>(`/api/users/@${username}`);
      expect(shown.body.user).toMatchObject({ bio: 'Hello', xUrl: 'https://x.com/pub' });
      expect(shown.body.user.avatarEmailHash).toMatch(/^[0-9a-f]{64}$/);
      expect((await http.get<Json>('/api/users/nobody-here')).status).toBe(404);
    });
  });

  describe('the HTTP edge', () => {
    it('serves the OpenAPI 3.1 document as JSON and YAML, and a docs page', async () => {
      const json = await http.get<Json>('/api/openapi.json');
      expect(json.status).toBe(200);
      expect(json.body.openapi).toMatch(/^3\.1\./);
      expect(json.body.info.version).toBe('1.0.0');
      for (const path of [
        '/api/auth/signup',
        '/api/tokens',
        '/api/tokens/{id}',
        '/api/me',
        '/api/users/{username}',
      ]) {
        expect(json.body.paths).toHaveProperty([path]);
      }
      expect(json.body.paths['/api/tokens'].post.responses).toHaveProperty(['403']);
      const yaml = await http.get('/api/openapi.yaml');
      expect(yaml.text).toMatch(/^openapi: 3\.1\./m);
      const docs = await http.get('/api/docs');
      expect(docs.text).toContain('swagger-ui-bundle.js');
      expect((await http.get('/api/docs/swagger-ui-bundle.js')).status).toBe(200);
    });

    it('answers unknown routes and malformed JSON with the common error body', async () => {
      const longParam = await http.get<Json>(`/api/users/${'a'.repeat(5000)}`);
      expect(longParam.status).toBe(400);
      expect(longParam.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      const missing = await http.get<Json>('/api/nothing-here');
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
      const malformed = await http.request<Json>('POST', '/api/auth/login', { rawBody: '{"email":' });
      expect(malformed.status).toBe(400);
      expect(malformed.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    });

    it('reads JSON bodies only: a form post or another encoding is 415', async () => {
      const form = await http.request<Json>('POST', '/api/auth/login', {
        rawBody: 'email=a%40b.c&password=x',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(form.status).toBe(415);
      expect(form.body).toMatchObject({ statusCode: 415 });
      const gzip = await http.request<Json>('POST', '/api/auth/login', {
        rawBody: '{}',
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      });
      expect(gzip.status).toBe(415);
      const utf16 = await http.request<Json>('POST', '/api/auth/login', {
        rawBody: '{}',
        headers: { 'content-type': 'application/json; charset=utf-16' },
      });
      expect(utf16.status).toBe(415);
    });

    it('refuses bodies that are not objects, too deep, or hold NUL characters or lone surrogates', async () => {
      const { cookie } = await newUser();
      const deep = '{"a":'.repeat(5000) + '1' + '}'.repeat(5000);
      const cases = ['null', '[]', '"text"', deep, '{"bio":"x\\u0000y"}', '{"bio":"\\ud800x"}'];
      for (const rawBody of cases) {
        const res = await http.request<Json>('PATCH', '/api/me', { rawBody, cookie });
        expect({ body: rawBody.slice(0, 20), status: res.status }).toEqual({
          body: rawBody.slice(0, 20),
          status: 400,
        });
        expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      }
      expect((await http.get<Json>('/api/users/al%00ice')).status).toBe(400);
    });

    it('echoes a request id, or makes one', async () => {
      const given = await http.get('/health/live', { headers: { 'x-request-id': 'abc-123' } });
      expect(given.headers.get('x-request-id')).toBe('abc-123');
      const made = await http.get('/health/live');
      expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('reports live and ready', async () => {
      expect((await http.get('/health/live')).status).toBe(200);
      const ready = await http.get<Json>('/health/ready');
      expect(ready.status).toBe(200);
      expect(ready.body.checks).toEqual({
        bus: 'ok',
        identity: 'ok',
        catalog: 'ok',
        rulesets: 'ok',
        connections: 'ok',
        workspaces: 'ok',
        deployments: 'ok',
      });
    });
  });

  describe('two gateway replicas, services running alone', () => {
    it('evicts a revoked token from every replica at once', async () => {
      const a = http;
      const b = new HttpClient(replica.url!);
      const { cookie } = await newUser();
      const { token, record } = await newToken(cookie);
      // Both replicas have the token in their cache now, and a read plan for the public list (its second
      // read is answered before routing, where the token is checked by the same cache).
      expect((await a.get('/api/me', { token })).status).toBe(200);
      expect((await b.get('/api/me', { token })).status).toBe(200);
      expect((await b.get('/api/policies?limit=5', { token })).status).toBe(200);
      expect((await b.get('/api/policies?limit=5', { token })).status).toBe(200);
      expect((await a.delete(`/api/tokens/${record.id}`, { cookie })).status).toBe(200);
      expect((await b.get('/api/me', { token })).status).toBe(401);
      expect((await a.get('/api/me', { token })).status).toBe(401);
      expect((await b.get('/api/policies?limit=5', { token })).status).toBe(401);
    });

    it('ends a signed-out session on every replica at once', async () => {
      const b = new HttpClient(replica.url!);
      const { cookie } = await newUser();
      expect((await http.get('/api/me', { cookie })).status).toBe(200);
      expect((await b.get('/api/me', { cookie })).status).toBe(200);
      expect((await http.post('/api/auth/logout', undefined, { cookie })).status).toBe(200);
      expect((await b.get('/api/me', { cookie })).status).toBe(401);
      expect((await http.get('/api/me', { cookie })).status).toBe(401);
    });

    it('counts failed sign-ins once over both replicas: LOGIN_MAX_FAILURES in all, wherever they were sent', () =>
      inOneWindow(async () => {
        const a = http;
        const b = new HttpClient(replica.url!);
        const { email } = await newUser();
        const signIn = (replicaHttp: HttpClient, password: string) =>
          replicaHttp.post<Json>('/api/auth/login', { email, password });
        // LOGIN_MAX_FAILURES is 10: six on one replica, then four on the other.
        for (let i = 0; i < 6; i++) expect((await signIn(a, 'wrong-password')).status).toBe(401);
        for (let i = 0; i < 4; i++) expect((await signIn(b, 'wrong-password')).status).toBe(401);
        const refused = await signIn(b, 'wrong-password');
        expect([refused.status, refused.body.code]).toEqual([429, 'RATE_LIMITED']);
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
        expect((await signIn(a, 'password123')).status).toBe(429);
      }));

    it('serves the health endpoints of a service running alone', async () => {
      const health = new HttpClient(system.serviceUrls.identity.replace('[::1]', '127.0.0.1'));
      expect((await health.get('/health/live')).status).toBe(200);
      const ready = await health.get<Json>('/health/ready');
      expect(ready.status).toBe(200);
      expect(ready.body.checks).toEqual({ database: 'ok', bus: 'ok' });
    });
  });

  /** The catalog keeps owners' summaries, from identity: what a policy read shows of its owner. */
  describe("a policy's owner, as the catalog shows it", () => {
    /** A published policy of the user's, written straight into the catalog's table. */
    async function policyOf(userId: string, slug: string): Promise<string> {
      const pg = new Client({ connectionString: db.url });
      await pg.connect();
      try {
        const { rows } = await pg.query<{ id: string }>(
          `INSERT INTO catalog.policies (slug, name, description, status, owner_id, source_host_url)
           VALUES ($1, $2, 'A policy to read twice.', 'published', $3, 'https://h.example/o')
           RETURNING id`,
          [slug, `Owned ${slug}`, userId],
        );
        return rows[0].id;
      } finally {
        await pg.end();
      }
    }

    it('shows the new owner name and username on the next read after a profile change', async () => {
      const { cookie, user } = await newUser();
      const id = await policyOf(user.id as string, `owned-${counter}`);
      const before = await http.get<Json>(`/api/policies/${id}`);
      expect(before.body.policy.owner_name).toBe(user.name);

      const username = `ada${Date.now().toString(36)}`;
      expect((await http.patch('/api/me', { name: 'Ada After', username }, { cookie })).status).toBe(200);
      let after: Json = {};
      for (let i = 0; i < 20; i++) {
        after = (await http.get<Json>(`/api/policies/${id}`)).body;
        if (after.policy.owner_name === 'Ada After') break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(after.policy).toMatchObject({ owner_name: 'Ada After', owner_username: username });
      const listed = await http.get<Json>('/api/policies?limit=100');
      expect((listed.body.policies as Json[]).find((p) => p.id === id)).toMatchObject({
        owner_name: 'Ada After',
      });
    });

    it('hides the owner email hash and avatar in the policy and the policy list until the profile is public', async () => {
      const { cookie, user } = await newUser();
      const id = await policyOf(user.id as string, `private-${counter}`);
      const hidden = await http.get<Json>(`/api/policies/${id}`);
      const listed = await http.get<Json>('/api/policies?limit=100');
      const listedPolicy = (listed.body.policies as Json[]).find((p) => p.id === id);
      for (const policy of [hidden.body.policy, listedPolicy]) {
        expect(policy.owner_avatar_email_hash).toBeNull();
        expect(policy.owner_avatar_url).toBeNull();
      }
      // No email hash anywhere (the review pin's content digest is the one sha256 a policy carries).
      expect(JSON.stringify({ ...hidden.body.policy, pin: null })).not.toMatch(/[0-9a-f]{64}/);

      expect((await http.patch('/api/me', { profileIsPublic: true }, { cookie })).status).toBe(200);
      let shown: Json = {};
      for (let i = 0; i < 20; i++) {
        shown = (await http.get<Json>(`/api/policies/${id}`)).body;
        if (shown.policy.owner_avatar_email_hash) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(shown.policy.owner_avatar_email_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(shown.policy.owner_avatar_url).toBe(
        `https://avatars.example.com/${shown.policy.owner_avatar_email_hash}`,
      );
    });
  });
});
