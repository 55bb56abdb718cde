import { type BusConfig } from '@pc/platform';
import {
  cookieFrom,
  createTestDatabase,
  E2E_BUSES,
  HttpClient,
  testBus,
  type TestDatabase,
} from '@pc/testing';
import { Client } from 'pg';
import { type RunningSystem, startSystem } from './system';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ADMIN = { email: 'auditor@example.com', password: 'admin-password-1' };
const UA = 'audit-spec/1.0';

async function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each(E2E_BUSES)('the audit log over the %s bus', (kind) => {
  let db: TestDatabase;
  let bus: BusConfig;
  let system: RunningSystem;
  let api: HttpClient;
  let admin: string;
  let counter = 0;
  const secrets: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    bus = testBus(kind);
    system = await startSystem({
      bus,
      databaseUrl: db.url,
      gatewayPort: 0,
      env: {
        BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
        BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
        WEBHOOKS_REQUIRE_HTTPS: 'false',
        OUTBOUND_ALLOWLIST: '127.0.0.1',
      },
    });
    api = new HttpClient(system.url!);
    const login = await api.post<Json>('/api/auth/login', ADMIN);
    admin = cookieFrom(login, 'sb-access-token')!;
  });

  afterAll(async () => {
    await system?.close();
    await db?.drop();
  });

  const headers = { 'user-agent': UA };

  async function newUser(): Promise<{ cookie: string; id: string; email: string; password: string }> {
    const email = `audit${++counter}-${Date.now()}@example.com`;
    const password = `pw-${Date.now()}-${counter}-secret`;
    secrets.push(password);
    const res = await api.post<Json>('/api/auth/signup', { email, password, name: 'Audited' }, { headers });
    expect(res.status).toBe(201);
    return { cookie: cookieFrom(res, 'sb-access-token')!, id: res.body.user.id, email, password };
  }

  /** The entries of one action by one actor (or about one target), once they arrived. */
  async function entries(filter: { action: string; actor?: string; target?: string }, count = 1) {
    return eventually(async () => {
      const query = new URLSearchParams({
        action: filter.action,
        ...(filter.actor ? { actor: filter.actor } : {}),
      });
      const res = await api.get<Json>(`/api/admin/audit?${query.toString()}`, { cookie: admin });
      expect(res.status).toBe(200);
      const found = (res.body.entries as Json[]).filter(
        (e) => !filter.target || e.target_id === filter.target,
      );
      return found.length >= count ? found : undefined;
    });
  }

  it('records sign-up, sign-in, a failed sign-in and sign-out once each, with address, user agent and request id', async () => {
    const user = await newUser();
    const [signup] = await entries({ action: 'auth.signed_up', actor: user.id });
    expect(signup).toMatchObject({
      actor_via: 'anonymous',
      target_id: user.id,
      user_agent: UA,
      address: '127.0.0.1',
    });
    expect(signup.request_id).toEqual(expect.any(String));

    const login = await api.post<Json>(
      '/api/auth/login',
      { email: user.email, password: user.password },
      { headers },
    );
    expect(login.status).toBe(200);
    const signedIn = await entries({ action: 'auth.signed_in', actor: user.id });
    expect(signedIn).toHaveLength(1);

    const failed = await api.post<Json>(
      '/api/auth/login',
      { email: user.email, password: 'wrong-password-1' },
      { headers },
    );
    expect(failed.status).toBe(401);
    const [refusal] = await entries({ action: 'auth.sign_in_failed', target: user.email });
    expect(refusal).toMatchObject({ actor_user_id: null, target_type: 'email' });

    const cookie = cookieFrom(login, 'sb-access-token')!;
    expect((await api.post<Json>('/api/auth/logout', {}, { cookie, headers })).status).toBe(200);
    expect(await entries({ action: 'auth.signed_out', actor: user.id })).toHaveLength(1);
  });

  it('records token creation (with the token id, never the secret) and revocation, and who used a token', async () => {
    const user = await newUser();
    const created = await api.post<Json>(
      '/api/tokens',
      { name: 'ci', scopes: ['api:read', 'api:write'] },
      { cookie: user.cookie, headers },
    );
    secrets.push(created.body.token);
    const tokenId = created.body.record.id as string;
    const [entry] = await entries({ action: 'token.created', actor: user.id });
    expect(entry).toMatchObject({
      target_id: tokenId,
      summary: { name: 'ci', scopes: ['api:read', 'api:write'] },
    });

    // Acting with the token: the entry names it.
    const profile = await api.patch<Json>(
      '/api/me',
      { bio: 'audited' },
      { headers: { ...headers, authorization: `Bearer ${created.body.token}` } },
    );
    expect(profile.status).toBe(200);
    const [updated] = await entries({ action: 'profile.updated', actor: user.id });
    expect(updated).toMatchObject({
      actor_via: 'token',
      actor_token_id: tokenId,
      summary: { fields: ['bio'] },
    });

    expect((await api.delete<Json>(`/api/tokens/${tokenId}`, { cookie: user.cookie, headers })).status).toBe(
      200,
    );
    expect(await entries({ action: 'token.revoked', actor: user.id, target: tokenId })).toHaveLength(1);
  });

  it('records webhook creation, change, rotation and deletion', async () => {
    const user = await newUser();
    const created = await api.post<Json>(
      '/api/webhooks',
      { url: 'http://127.0.0.1:9/hook', event_types: ['webhook.ping'] },
      { cookie: user.cookie, headers },
    );
    expect(created.status).toBe(201);
    secrets.push(created.body.secret);
    const id = created.body.endpoint.id as string;
    await api.patch<Json>(`/api/webhooks/${id}`, { enabled: false }, { cookie: user.cookie, headers });
    const rotated = await api.post<Json>(
      `/api/webhooks/${id}/rotate-secret`,
      {},
      { cookie: user.cookie, headers },
    );
    secrets.push(rotated.body.secret);
    await api.delete<Json>(`/api/webhooks/${id}`, { cookie: user.cookie, headers });
    for (const action of [
      'webhook.created',
      'webhook.updated',
      'webhook.secret_rotated',
      'webhook.deleted',
    ]) {
      expect(await entries({ action, actor: user.id, target: id })).toHaveLength(1);
    }
    const [change] = await entries({ action: 'webhook.updated', actor: user.id });
    expect(change.summary).toEqual({ fields: ['enabled'], enabled: false });
  });

  it('shows each user their own events only, administrators everything; pages by keyset and exports JSON lines', async () => {
    const user = await newUser();
    const other = await newUser();
    await entries({ action: 'auth.signed_up', actor: other.id });
    const mine = await api.get<Json>('/api/me/audit', { cookie: user.cookie });
    expect(mine.status).toBe(200);
    expect((mine.body.entries as Json[]).every((e) => e.actor_user_id === user.id)).toBe(true);
    expect((await api.get<Json>('/api/admin/audit', { cookie: user.cookie })).status).toBe(403);
    expect((await api.get<Json>('/api/admin/audit')).status).toBe(401);

    const first = await api.get<Json>('/api/admin/audit?limit=2', { cookie: admin });
    expect(first.body.entries).toHaveLength(2);
    expect(first.body.hasMore).toBe(true);
    const second = await api.get<Json>(`/api/admin/audit?limit=2&cursor=${first.body.nextCursor}`, {
      cookie: admin,
    });
    const ids = [...first.body.entries, ...second.body.entries].map((e: Json) => e.id);
    expect(new Set(ids).size).toBe(4);

    const exported = await fetch(`${system.url}/api/admin/audit/export?limit=3`, {
      headers: { cookie: admin },
    });
    expect(exported.headers.get('content-type')).toMatch(/application\/x-ndjson/);
    const lines = (await exported.text()).trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(JSON.parse(lines[0])).toMatchObject({ id: first.body.entries[0].id });
    expect(exported.headers.get('audit-next-cursor')).toEqual(expect.any(String));
  });

  it('is append-only: the table refuses updates, and no entry holds a secret', async () => {
    const sql = new Client({ connectionString: db.url });
    await sql.connect();
    try {
      await expect(sql.query(`UPDATE identity.audit_log SET action = 'auth.signed_in'`)).rejects.toThrow(
        /append-only/,
      );
      const { rows } = await sql.query<{ entry: string }>(
        `SELECT row_to_json(a)::text AS entry FROM identity.audit_log a`,
      );
      expect(rows.length).toBeGreaterThan(10);
      const all = rows.map((r) => r.entry).join('\n');
      expect(secrets.length).toBeGreaterThan(5);
      for (const secret of secrets) expect(all).not.toContain(secret);
      expect(all).not.toMatch(/pcat_|whsec_|sb-access-token/);
    } finally {
      await sql.end();
    }
  });
});
