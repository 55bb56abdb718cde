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

/** The catalog keeps owners' summaries; a profile change reaches every policy read at once. */
describe.each(E2E_BUSES)('owners of policies over the %s bus', (kind) => {
  let db: TestDatabase;
  let system: RunningSystem;
  let http: HttpClient;

  beforeAll(async () => {
    db = await createTestDatabase();
    system = await startSystem({ bus: testBus(kind, 10000), databaseUrl: db.url, gatewayPort: 0 });
    http = new HttpClient(system.url!);
  });

  afterAll(async () => {
    await system?.close();
    await db?.drop();
  });

  it('shows the new owner name and username on the next read after a profile change', async () => {
    const signup = await http.post<Json>('/api/auth/signup', {
      email: `owner-${Date.now()}@example.com`,
      password: 'password123',
      name: 'Ada Before',
    });
    const cookie = cookieFrom(signup, 'sb-access-token')!;
    const pg = new Client({ connectionString: db.url });
    await pg.connect();
    const { rows } = await pg.query<{ id: string }>(
      `INSERT INTO catalog.policies (slug, name, description, status, owner_id, source_host_url)
       VALUES ('owned', 'Owned Policy', 'A policy to read twice.', 'published', $1, 'https://h.example/o')
       RETURNING id`,
      [signup.body.user.id],
    );
    await pg.end();
    const before = await http.get<Json>(`/api/policies/${rows[0].id}`);
    expect(before.body.policy.owner_name).toBe('Ada Before');

    const username = `ada${Date.now().toString(36)}`;
    expect((await http.patch('/api/me', { name: 'Ada After', username }, { cookie })).status).toBe(200);
    let after: Json = {};
    for (let i = 0; i < 20; i++) {
      after = (await http.get<Json>(`/api/policies/${rows[0].id}`)).body;
      if (after.policy.owner_name === 'Ada After') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(after.policy).toMatchObject({ owner_name: 'Ada After', owner_username: username });
    const listed = await http.get<Json>('/api/policies');
    expect(listed.body.policies[0]).toMatchObject({ owner_name: 'Ada After' });
  });
});
