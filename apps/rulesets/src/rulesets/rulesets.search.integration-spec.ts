import { createTestDatabase, type TestDatabase } from '@pc/testing';
import { Client } from 'pg';
import { type RulesetSearch, searchQuery } from './rulesets.repository';

const OWNER = '00000000-0000-4000-8000-000000000001';
const VIEWER = '00000000-0000-4000-8000-000000000002';

interface Seed {
  name: string;
  description?: string;
  profile?: string;
  category?: string;
  scopes?: string[];
  published?: boolean;
  owner?: string;
  likes?: number;
  views?: number;
  createdMinutesAgo?: number;
}

/** The listing rules of GET /rulesets, against the real schema and the SQL the repository builds. */
describe('ruleset listing filters on PostgreSQL', () => {
  let db: TestDatabase;
  let pg: Client;
  const ids = new Map<string, string>();

  async function seed(s: Seed): Promise<void> {
    const { rows } = await pg.query<{ id: string }>(
      `INSERT INTO rulesets.rulesets (name, description, category, owner_id, submitted_by, source_url, profile_name,
         target_scopes, like_count, view_count, published_at, lifecycle_status, created_at)
       VALUES ($1, $2, $3, $4, $4, 'https://source-host.example/o/r', $5, $6, $7, $8, $9, $10,
               now() - make_interval(mins => $11)) RETURNING id`,
      [
        s.name,
        s.description ?? 'A ruleset.',
        s.category ?? 'Other',
        s.owner ?? OWNER,
        s.profile ?? null,
        s.scopes ?? ['rest-api'],
        s.likes ?? 0,
        s.views ?? 0,
        s.published === false ? null : new Date(),
        s.published === false ? 'under_review' : 'published',
        s.createdMinutesAgo ?? 0,
      ],
    );
    ids.set(s.name, rows[0].id);
  }

  async function names(search: Partial<RulesetSearch>): Promise<string[]> {
    const { sql, params } = searchQuery({
      viewerId: null,
      sort: 'alpha',
      order: 'asc',
      limit: 100,
      offset: 0,
      ...search,
    });
    const { rows } = await pg.query<{ name: string }>(sql, params);
    return rows.map((r) => r.name);
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    pg = new Client({ connectionString: db.url });
    await pg.connect();
    await seed({
      name: 'OWASP Security Checks',
      category: 'Security',
      likes: 5,
      views: 1,
      createdMinutesAgo: 3,
    });
    await seed({
      name: 'Payments Baseline',
      description: 'Decimal amounts and idempotency keys.',
      category: 'Compliance',
      scopes: ['rest-api', 'async-api'],
      likes: 1,
      views: 9,
      createdMinutesAgo: 2,
    });
    await seed({
      name: 'Agent Cards',
      profile: 'Agent Card Hygiene',
      category: 'A2A',
      scopes: ['agent'],
      createdMinutesAgo: 1,
    });
    await seed({ name: 'Hidden Draft', published: false, owner: VIEWER });
  });

  afterAll(async () => {
    await pg?.end();
    await db?.drop();
  });

  it('lists published rulesets to everyone and a draft only to its owner', async () => {
    expect(await names({})).toEqual(['Agent Cards', 'OWASP Security Checks', 'Payments Baseline']);
    expect(await names({ viewerId: VIEWER })).toContain('Hidden Draft');
    expect(await names({ viewerId: OWNER })).not.toContain('Hidden Draft');
  });

  it('matches every word of q as a prefix, in the name, profile name or description', async () => {
    expect(await names({ q: 'secur' })).toEqual(['OWASP Security Checks']);
    expect(await names({ q: 'owasp chec' })).toEqual(['OWASP Security Checks']);
    expect(await names({ q: 'ow' })).toEqual(['OWASP Security Checks']);
    expect(await names({ q: 'hygiene' })).toEqual(['Agent Cards']);
    expect(await names({ q: 'idempotency' })).toEqual(['Payments Baseline']);
    expect(await names({ q: 'owasp payments' })).toEqual([]);
  });

  it('matches part of a name and small typos by trigram', async () => {
    expect(await names({ q: 'ayments' })).toEqual(['Payments Baseline']);
    expect(await names({ q: 'securty' })).toEqual(['OWASP Security Checks']);
    expect(await names({ q: '%' })).toEqual([]);
  });

  it('orders matches by name as the spec says, not by a rank, unless sort says otherwise', async () => {
    await seed({ name: 'Able Rules', description: 'Mentions payments once.' });
    expect(await names({ q: 'payments' })).toEqual(['Able Rules', 'Payments Baseline']);
    expect(await names({ q: 'payments', order: 'desc' })).toEqual(['Payments Baseline', 'Able Rules']);
    expect(await names({ q: 'payments', sort: 'submitted', order: 'asc' })).toEqual([
      'Payments Baseline',
      'Able Rules',
    ]);
  });

  it('filters by exact category and by scope', async () => {
    expect(await names({ category: 'Security' })).toEqual(['OWASP Security Checks']);
    expect(await names({ category: 'security' })).toEqual([]);
    expect(await names({ scope: 'async-api' })).toEqual(['Payments Baseline']);
    expect(await names({ scope: 'agent' })).toEqual(['Agent Cards']);
  });

  it('sorts by likes, views and submission date in either order; pages with one extra row for hasMore', async () => {
    expect((await names({ sort: 'likes', order: 'desc' })).slice(0, 2)).toEqual([
      'OWASP Security Checks',
      'Payments Baseline',
    ]);
    expect((await names({ sort: 'views', order: 'desc' }))[0]).toBe('Payments Baseline');
    expect((await names({ sort: 'submitted', order: 'asc' }))[0]).toBe('OWASP Security Checks');
    expect(await names({ limit: 1 })).toHaveLength(2);
    expect(await names({ limit: 1, offset: 3 })).toEqual(['Payments Baseline']);
  });
});
