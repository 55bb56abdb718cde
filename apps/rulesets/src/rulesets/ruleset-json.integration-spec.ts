import { randomUUID } from 'node:crypto';
import {
  CatalogRpc,
  type RequestContext,
  type Ruleset,
  RulesetsRpc,
  type RulesetSummary,
} from '@pc/contracts';
import { toRuleset, toSummary } from '../testing/ruleset-reference';
import { anonymous, rulesetsUnderTest, type TestUser } from '../testing/rulesets-under-test';
import { RULESET_COLUMNS, type RulesetRow } from './ruleset.row';

// The reads answer with JSON that PostgreSQL writes (`RulesetsRepository.searchJson`, `findJson`): for
// every shape a row can take, each answer must parse to exactly what the references (`toSummary`,
// `toRuleset`) give for the same row, the caller's like, the owner and the ideas it delivers.
describe('ruleset summaries answered as JSON built by PostgreSQL', () => {
  const h = rulesetsUnderTest();
  const WORD = `marmoset${Date.now().toString(36)}`;
  const names = [
    'Plain Rules',
    'Quote "double" and \'single\' Rules',
    'Back\\slash Rules',
    'Unicode naïve ✓ 日本 🚀 Rules',
    'Control\ttab\nnewline Rules',
  ];
  let viewer: TestUser;
  let ids: string[];
  const ownedByViewer = new Set<string>();

  beforeAll(async () => {
    viewer = h.user();
    const known = h.user();
    ids = [];
    for (let n = 0; n < 20; n++) {
      const ownerId = n % 7 === 3 ? viewer.id : n % 5 === 2 ? randomUUID() : known.id;
      const [row] = await h.sql<{ id: string }>(
        `INSERT INTO rulesets.rulesets (name, description, category, owner_id, submitted_by, source_url,
           profile_name, rule_names, rule_counts, target_scopes, tags, icon_url, registry_asset_id,
           lifecycle_status, like_count, view_count, deploy_count, published_at, engine_check, pinned_commit,
           pinned_content_digest, pinned_at, pinned_by, pinned_how, review_feedback, reviewed_at, created_at)
         VALUES ($1, $2, $3, $4, $5, 'https://source-host.test/r', $6, $7, $8, $9, $10, $11, $12, $13, $14, $15,
           $16, $17, $18, $19, $20, $21, $22, $23, $24, now() - make_interval(secs => $25::float8 * 2), now() - make_interval(secs => $25::float8))
         RETURNING id`,
        [
          `${names[n % names.length]} ${n} ${WORD}`,
          n % 2 ? 'With "quotes" ✓' : 'Plain.',
          ['Security', 'Other', 'Compliance'][n % 3],
          ownerId,
          n % 3 ? ownerId : known.id,
          n % 4 ? `Profile ${n}` : null,
          ['a', 'b'],
          JSON.stringify({ violation: n, warning: n % 3, info: 0 }),
          n % 2 ? ['rest-api', 'agent'] : [],
          n % 3 ? ['tag "x"', 'ü'] : [],
          n % 5 ? `https://icons.test/${n}.svg` : null,
          n % 6 ? null : `asset-${n}`,
          n % 7 === 3 && n % 2 ? 'under_review' : 'published',
          n * 2,
          n * 1_000_003,
          n % 3,
          n % 7 === 3 && n % 2 ? null : new Date(Date.UTC(2025, n % 12, 1 + n, 1, 2, 3, 999)),
          n % 4 === 1 ? JSON.stringify({ format: 'spectral', ok: true }) : null,
          n % 3 === 0 ? 'c'.repeat(40) : null,
          n % 3 === 0 && n % 2 ? `sha256:${n}` : null,
          n % 3 === 0 ? new Date(Date.UTC(2026, 1, 3, 4, 5, 6, n)) : null,
          n % 3 === 0 ? known.id : null,
          n % 3 === 0 ? [null, 'admin'][n % 2] : null,
          n % 4 === 2 ? 'Needs "examples" ✓' : null,
          n * 0.001234,
        ],
      );
      if (n % 2 === 0)
        await h.sql(`INSERT INTO rulesets.ruleset_likes (ruleset_id, user_id) VALUES ($1, $2)`, [
          row.id,
          viewer.id,
        ]);
      ids.push(row.id);
      // Ideas it delivers (the catalog's answer, added to the JSON): declared, or delivered.
      if (n % 4 === 1)
        h.peers.declared.set(row.id, [
          { ideaId: randomUUID(), coverage: 'partial', scopeNote: 'Some "parts" ✓' },
        ]);
      if (n % 8 === 1) h.peers.delivered.add(row.id);
      if (ownerId === viewer.id) ownedByViewer.add(row.id);
    }
  });

  /** The row as node-postgres reads it, and whether the viewer likes it. */
  async function read(id: string, viewerId: string | null): Promise<[RulesetRow, boolean]> {
    const [row] = await h.sql<RulesetRow>(
      `SELECT ${RULESET_COLUMNS} FROM rulesets.rulesets r WHERE r.id = $1`,
      [id],
    );
    const [like] = await h.sql(
      `SELECT 1 FROM rulesets.ruleset_likes WHERE ruleset_id = $1 AND user_id = $2`,
      [id, viewerId ?? randomUUID()],
    );
    return [row, like !== undefined];
  }

  async function expected(id: string, viewerId: string | null): Promise<RulesetSummary> {
    const [row, liked] = await read(id, viewerId);
    return toSummary(row, h.peers.users.get(row.owner_id), liked);
  }

  /** In full: the ideas it delivers as the catalog (here its stand-in) answers them. */
  async function expectedInFull(ctx: RequestContext, id: string, viewerId: string): Promise<Ruleset> {
    const [row, liked] = await read(id, viewerId);
    const { deliveries } = await h.request(CatalogRpc.listIdeaDeliveries, ctx, {
      resourceIds: [id],
      resourceType: 'ruleset',
    });
    // Named by slug, or by id when the catalog gave none, as the service names them.
    const named = (deliveries[id] ?? []).map((d) => ({ ...d, slug: d.slug ?? d.id }));
    return toRuleset(row, h.peers.users.get(row.owner_id), liked, named);
  }

  it.each([
    ['signed in', true],
    ['anonymously', false],
  ])('lists, %s, exactly what toSummary gives for every kind of row', async (_who, signedIn) => {
    const viewerId = signedIn ? viewer.id : null;
    const listed = await h.request(RulesetsRpc.list, signedIn ? viewer.ctx : anonymous(), {
      q: WORD,
      limit: 100,
    });
    const byId = new Map(listed.rulesets.map((r) => [r.source === 'vendor' ? r.slug : r.id, r]));
    const shown: RulesetSummary[] = [];
    for (const id of ids) {
      const want = await expected(id, viewerId);
      if (want.published_at !== null || (signedIn && ownedByViewer.has(id))) shown.push(want);
    }
    expect(shown.map((want) => byId.get(want.id))).toStrictEqual(shown);
    expect(listed.rulesets).toHaveLength(shown.length);
  });

  it('reads one ruleset in full exactly as toRuleset gives it, and an edit answers with the same', async () => {
    const readers: Array<[TestUser, (id: string) => boolean]> = [
      [h.admin, () => true],
      [viewer, (id) => ownedByViewer.has(id)],
    ];
    for (const [reader, edits] of readers) {
      for (const id of ids.filter(edits)) {
        const want = await expectedInFull(reader.ctx, id, reader.id);
        expect((await h.request(RulesetsRpc.get, reader.ctx, { id })).ruleset).toStrictEqual(want);
        // An edit that changes nothing answers with the ruleset as it reads it.
        expect((await h.request(RulesetsRpc.update, reader.ctx, { id })).ruleset).toStrictEqual(want);
      }
    }
  });
});
