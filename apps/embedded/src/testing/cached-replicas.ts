import { cookieFrom, createTestDatabase, HttpClient, testBus, type TestDatabase, waitFor } from '@pc/testing';
import { Client } from 'pg';
import { type RunningSystem, startSystem } from '../system';

/** A TTL period (part of every tag) long enough that none ends during a test's burst of reads. */
const CACHE_ON = { RESPONSE_CACHE_ENABLED: 'true', RESPONSE_CACHE_TTL_MS: '3600000' };

/**
 * The gateway's response cache on the real services: a fresh database, the whole system behind one
 * gateway (`a`) and a second gateway replica (`b`) on the same services over NATS, both caching, and a
 * connection (`pg`) that writes straight to the database. The fields are set once `start` has run.
 */
export class CachedReplicas {
  db!: TestDatabase;
  first!: RunningSystem;
  second!: RunningSystem;
  /** The first replica's gateway. */
  a!: HttpClient;
  /** The second replica's gateway. */
  b!: HttpClient;
  pg!: Client;

  async start(): Promise<void> {
    this.db = await createTestDatabase();
    const bus = testBus('nats', 10000);
    this.first = await startSystem({ bus, databaseUrl: this.db.url, gatewayPort: 0, env: CACHE_ON });
    this.second = await startSystem({
      bus,
      databaseUrl: this.db.url,
      gatewayPort: 0,
      gatewayOnly: true,
      env: CACHE_ON,
    });
    this.a = new HttpClient(this.first.url!);
    this.b = new HttpClient(this.second.url!);
    this.pg = new Client({ connectionString: this.db.url });
    await this.pg.connect();
  }

  async stop(): Promise<void> {
    await this.pg?.end();
    await this.second?.close();
    await this.first?.close();
    await this.db?.drop();
  }

  /** A user signed up through the first replica: their id and session cookie. */
  async signUp(name: string): Promise<{ id: string; cookie: string }> {
    const res = await this.a.post<{ user: { id: string } }>('/api/auth/signup', {
      email: `${name.toLowerCase()}-${Date.now()}@example.com`,
      password: 'password123',
      name,
    });
    return { id: res.body.user.id, cookie: cookieFrom(res, 'sb-access-token')! };
  }

  /**
   * A policy of `ownerId` written with SQL, once both replicas have heard its change event (a tag read
   * before then would be renewed by the event, however late it comes).
   */
  async newPolicy(policy: {
    name: string;
    description: string;
    ownerId: string;
    status?: string;
  }): Promise<string> {
    const { rows } = await this.pg.query<{ id: string; tx: string }>(
      `INSERT INTO catalog.policies (slug, name, description, status, owner_id, source_host_url)
       VALUES ($1, $2, $3, $4, $5, 'https://h.example/p')
       RETURNING id, txid_current()::text AS tx`,
      [
        `${policy.name.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}`,
        policy.name,
        policy.description,
        policy.status ?? 'published',
        policy.ownerId,
      ],
    );
    await this.heardByBoth(`c${rows[0].tx}`);
    return rows[0].id;
  }

  /** A published ruleset of `ownerId` written with SQL, once both replicas have heard its change event. */
  async newRuleset(ruleset: { name: string; description: string; ownerId: string }): Promise<string> {
    const { rows } = await this.pg.query<{ id: string; tx: string }>(
      `INSERT INTO rulesets.rulesets (name, description, owner_id, submitted_by, source_url, published_at,
         lifecycle_status)
       VALUES ($1, $2, $3, $3, 'https://h.example/r', now(), 'published')
       RETURNING id, txid_current()::text AS tx`,
      [ruleset.name, ruleset.description, ruleset.ownerId],
    );
    await this.heardByBoth(`r${rows[0].tx}`);
    return rows[0].id;
  }

  /**
   * Waits until each replica has heard the change `version` (a service's prefix and the writing
   * transaction): a list's tag is the version of the last change heard, and the tests write nothing else
   * meanwhile.
   */
  private async heardByBoth(version: string): Promise<void> {
    for (const [name, replica] of [
      ['a', this.a],
      ['b', this.b],
    ] as const) {
      await waitFor(
        async () =>
          (await replica.get('/api/policies?limit=1')).headers.get('etag')?.startsWith(`"${version}.`) ===
          true,
        10000,
        `replica ${name} to hear the change ${version}`,
      );
    }
  }
}
