import { RulesetsRpc } from '@pc/contracts';
import { listingSearchRules } from '@pc/testing';
import { anonymous, as, rulesetsUnderTest } from '../testing/rulesets-under-test';

/** The rulesets' part of the search across kinds, on a real database (rules shared with policies). */
describe('rulesets answer the search across kinds', () => {
  const rulesets = rulesetsUnderTest({}, { engine: false });
  listingSearchRules(() => ({
    kind: 'ruleset',
    descriptor: RulesetsRpc.searchListings,
    request: (ctx, data) => rulesets.request(RulesetsRpc.searchListings, ctx, data),
    seed: async (item) => {
      const owner = item.draftOf ?? '00000000-0000-4000-8000-0000000000b2';
      const [row] = await rulesets.sql<{ id: string }>(
        `INSERT INTO rulesets.rulesets (name, description, category, owner_id, submitted_by, source_url,
           target_scopes, published_at, lifecycle_status, like_count, deploy_count, created_at)
         VALUES ($1, $2, $3, $4, $4, 'https://source-host.example/o/r', ARRAY['rest-api'], $5, $6, $7, $8,
                 coalesce($9, now())) RETURNING id`,
        [
          item.name,
          item.description,
          item.category,
          owner,
          item.draftOf ? null : new Date(),
          item.draftOf ? (item.status ?? 'under_review') : 'published',
          item.likes ?? 0,
          item.deploys ?? 0,
          item.createdAt ?? null,
        ],
      );
      return row.id;
    },
    seedAll: async (items) => {
      await rulesets.sql(
        `INSERT INTO rulesets.rulesets (name, description, category, owner_id, submitted_by, source_url,
           target_scopes, published_at, lifecycle_status)
         SELECT name, description, category, '00000000-0000-4000-8000-0000000000b2'::uuid,
                '00000000-0000-4000-8000-0000000000b2'::uuid, 'https://source-host.example/o/r',
                ARRAY['rest-api'], now(), 'published'
           FROM unnest($1::text[], $2::text[], $3::text[]) AS t(name, description, category)`,
        [items.map((i) => i.name), items.map((i) => i.description), items.map((i) => i.category)],
      );
    },
    draftStatuses: ['under_review', 'needs_improvement', 'rejected'],
    vendor: { word: 'owasp', slug: 'owasp-api-top-ten' },
    category: 'Security',
    anonymous,
    as: (userId) => as(userId),
    list: async (q) => {
      const { rulesets: found } = await rulesets.request(RulesetsRpc.list, anonymous(), { q });
      return found.map((ruleset) => ruleset.name);
    },
  }));

  it('says published of its owner’s published ruleset while an update of it is reviewed', async () => {
    const owner = '00000000-0000-4000-8000-0000000000a3';
    await rulesets.sql(
      `INSERT INTO rulesets.rulesets (name, description, category, owner_id, submitted_by, source_url,
         target_scopes, published_at, lifecycle_status)
       VALUES ('Numbat Rules', 'Public, an update under review.', 'Security', $1, $1,
               'https://source-host.example/o/r', ARRAY['rest-api'], now(), 'under_review')`,
      [owner],
    );
    for (const ctx of [as(owner), anonymous()]) {
      const found = await rulesets.request(RulesetsRpc.searchListings, ctx, {
        q: 'numbat',
        page: { match: 'exact', after: null, limit: 20 },
      });
      expect(found.items).toEqual([
        expect.objectContaining({ name: 'Numbat Rules', published: true, status: 'published' }),
      ]);
    }
  });
});
