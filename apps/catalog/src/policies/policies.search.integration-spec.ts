import { LIST_LIMIT } from '@pc/contracts';
import { bulkFill, type PlanNode, planNodes, planningFixture, planSummary } from '@pc/testing';
import { type PolicySearch, type SearchPlan, searchQuery } from './policies.repository';

const ROWS = 100_000;
/** The owner of some rows, searching signed in (their own unpublished policies are listed too). */
const VIEWER = '00000000-0000-4000-8000-000000000007';
/** A sort may order a handful of matches, never a large part of the table. */
const MAX_SORTED_ROWS = 2_000;

/**
 * Every list query the repository makes, planned over 100,000 policies: each must read through an
 * index and never sort (or scan) the whole table.
 */
describe('policy search plans at 100,000 rows', () => {
  const planning = planningFixture(async (pg) => {
    // Ten first words (`rate` is one: a tenth of all names), a rare `quokka` every 5,000th row, eight
    // categories, a fifth outbound, a twentieth not published, a thousand owners (VIEWER among them).
    await bulkFill(
      pg,
      'catalog.policies',
      `INSERT INTO catalog.policies (slug, name, description, category, status, owner_id, source_host_url,
                                     direction, asset_kinds, created_at)
       SELECT 'p-' || i,
              (ARRAY['Rate','Header','Token','Cache','Spike','Client','Message','Schema','Retry','Tenant'])[1 + i % 10]
                || ' ' || (ARRAY['Guard','Limiter','Filter','Mapper','Shield','Router','Logger'])[1 + (i / 10) % 7]
                || CASE WHEN i % 5000 = 0 THEN ' Quokka' ELSE '' END || ' ' || i,
              'Applies ' || (ARRAY['limits','checks','rewrites','caching','quotas'])[1 + i % 5]
                || ' to every request of an API, number ' || i || '.',
              (ARRAY['Security','Transformation','Quality of service','Logging','Caching','AI','Custom','Other'])[1 + i % 8],
              CASE WHEN i % 20 = 0 THEN 'under_review' WHEN i % 20 = 1 THEN 'rejected' ELSE 'published' END,
              CASE WHEN i % 1000 = 7 THEN $1::uuid ELSE md5('owner' || (i % 1000))::uuid END,
              'https://source-host.example/community/policy-' || i,
              CASE WHEN i % 5 = 0 THEN 'outbound' ELSE 'inbound' END,
              ARRAY['api'],
              now() - make_interval(secs => i)
         FROM generate_series(1, $2::int) AS i`,
      [VIEWER, ROWS],
    );
  }, 60_000);

  /** A search as the list makes it: the first page by name, anonymously, but for what `search` says. */
  function searchOf(search: Partial<PolicySearch>): PolicySearch {
    return { viewerId: null, sort: 'alpha', order: 'asc', limit: LIST_LIMIT.default, offset: 0, ...search };
  }

  async function plan(search: Partial<PolicySearch>, how: SearchPlan): Promise<PlanNode[]> {
    const { sql, params } = searchQuery(searchOf(search), how);
    return planNodes(planning.pg, sql, params);
  }

  // Without q both plans are one; with q, `walk` is tried first and `bitmap` when the walk came back
  // short, which happens only for words that few rows have.
  const cases: Array<[string, Partial<PolicySearch>, SearchPlan]> = [
    ['no filter', {}, 'walk'],
    ['a common word, sorted by name', { q: 'rate' }, 'walk'],
    ['a common word, sorted by name, descending', { q: 'rate', order: 'desc' }, 'walk'],
    ['a word of every description', { q: 'request' }, 'walk'],
    ['a word prefix', { q: 'lim' }, 'walk'],
    ['part of a rare word', { q: 'uokk' }, 'bitmap'],
    ['a rare word', { q: 'quokka' }, 'bitmap'],
    ['a rare word, newest first', { q: 'quokka', sort: 'submitted', order: 'desc' }, 'bitmap'],
    ['a rare word along the order', { q: 'quokka' }, 'walk'],
    ['a category', { category: 'security' }, 'walk'],
    ['a direction', { direction: 'outbound' }, 'walk'],
    ['newest first', { sort: 'submitted', order: 'desc' }, 'walk'],
    ['oldest first', { sort: 'submitted', order: 'asc' }, 'walk'],
    [
      'a deep page by cursor',
      { after: { key: 'token shield 90000', id: '00000000-0000-4000-8000-000000000000' } },
      'walk',
    ],
  ];

  type Row = { id: string; cursor_key: string; name: string };

  /** As the repository reads: the walk first, the search indexes when it came back short. */
  async function rowsOf(search: Partial<PolicySearch>): Promise<Row[]> {
    const full = searchOf(search);
    const walk = searchQuery(full, 'walk');
    const walked = (await planning.pg.query<Row>(walk.sql, walk.params)).rows;
    if (walked.length > full.limit) return walked;
    const { sql, params } = searchQuery(full, 'bitmap');
    return (await planning.pg.query<Row>(sql, params)).rows;
  }

  async function names(search: Partial<PolicySearch>): Promise<string[]> {
    return (await rowsOf(search)).map((r) => r.name);
  }

  it('finds part of a word in a name, a word by its prefix, a tag and a word of the description', async () => {
    await planning.pg.query(
      `INSERT INTO catalog.policies (slug, name, description, category, status, owner_id, source_host_url)
       VALUES ('oauth-x', 'OAuth Wombat Gate', 'Checks wombat tokens.', 'Numbat', 'published', $1, 'https://h.example/a'),
              ('authn-x', 'Authentication Wombat Filter', 'Filters requests.', 'Other', 'published', $1, 'https://h.example/b'),
              ('desc-x', 'Plain Filter', 'Counts every wombat that passes.', 'Other', 'published', $1, 'https://h.example/c')`,
      [VIEWER],
    );
    expect(await names({ q: 'auth' })).toEqual(['Authentication Wombat Filter', 'OAuth Wombat Gate']);
    expect(await names({ q: 'wombat' })).toEqual([
      'Authentication Wombat Filter',
      'OAuth Wombat Gate',
      'Plain Filter',
    ]);
    expect(await names({ q: 'wom gate' })).toEqual(['OAuth Wombat Gate']);
    expect(await names({ q: 'numbat' })).toEqual(['OAuth Wombat Gate']);
    expect(await names({ q: 'rate', limit: 5 })).toHaveLength(6);
  });

  it('pages by cursor through the same rows as by offset', async () => {
    const search = searchOf({ q: 'rate', limit: 7 });
    const byOffset = await names({ ...search, limit: 20 });
    const first = await rowsOf(search);
    const last = first[6];
    const rest = await names({ ...search, limit: 13, after: { key: last.cursor_key, id: last.id } });
    expect([...first.slice(0, 7).map((r) => r.name), ...rest]).toEqual(byOffset);
  });

  describe.each([
    ['anonymously', null],
    ['signed in', VIEWER],
  ])('%s', (_who, viewerId) => {
    it.each(cases)('reads %s through an index without sorting the table (%#)', async (_name, search, how) => {
      const all = await plan({ ...search, viewerId }, how);
      const summary = planSummary(all);
      expect(all.filter((n) => n['Node Type'] === 'Seq Scan')).toEqual([]);
      expect(all.some((n) => n['Index Name'] !== undefined)).toBe(true);
      const sorted = all.filter((n) => /Sort/.test(n['Node Type'])).map((n) => n['Plan Rows']);
      expect({ summary, sorted: sorted.filter((rows) => rows > MAX_SORTED_ROWS) }).toEqual({
        summary,
        sorted: [],
      });
    });
  });
});
