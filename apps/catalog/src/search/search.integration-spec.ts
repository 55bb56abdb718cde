import { CatalogRpc } from '@pc/contracts';
import { listingSearchRules } from '@pc/testing';
import { anonymous, as, catalogUnderTest } from '../testing/catalog-under-test';

/** The policies' part of the search across kinds, on a real database (rules shared with rulesets). */
describe('policies answer the search across kinds', () => {
  const catalog = catalogUnderTest();
  let n = 0;
  listingSearchRules(() => ({
    kind: 'policy',
    descriptor: CatalogRpc.searchListings,
    request: (ctx, data) => catalog.request(CatalogRpc.searchListings, ctx, data),
    seed: async (item) => {
      const [row] = await catalog.sql<{ id: string }>(
        `INSERT INTO catalog.policies (slug, name, description, category, status, owner_id, source_host_url,
           like_count, deploy_count, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, 'https://source-host.example/o/r', $7, $8, coalesce($9, now()))
         RETURNING id`,
        [
          `search-${++n}`,
          item.name,
          item.description,
          item.category,
          item.draftOf ? (item.status ?? 'under_review') : 'published',
          item.draftOf ?? '00000000-0000-4000-8000-0000000000b2',
          item.likes ?? 0,
          item.deploys ?? 0,
          item.createdAt ?? null,
        ],
      );
      return row.id;
    },
    seedAll: async (items) => {
      await catalog.sql(
        `INSERT INTO catalog.policies (slug, name, description, category, status, owner_id, source_host_url)
         SELECT 'many-' || n, name, description, category, 'published', '00000000-0000-4000-8000-0000000000b2',
                'https://source-host.example/o/r'
           FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS t(name, description, category, n)`,
        [items.map((i) => i.name), items.map((i) => i.description), items.map((i) => i.category)],
      );
    },
    draftStatuses: ['under_review', 'rejected'],
    vendor: { word: 'spike', slug: 'spike-control' },
    category: 'Security',
    anonymous,
    as: (userId) => as(userId),
    list: async (q) => {
      const { policies } = await catalog.request(CatalogRpc.listPolicies, anonymous(), { q });
      return policies.map((policy) => policy.name);
    },
  }));
});
