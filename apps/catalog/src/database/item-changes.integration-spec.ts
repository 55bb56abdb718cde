import { randomUUID } from 'node:crypto';
import { ContentEvents } from '@pc/contracts';
import { BusClient } from '@pc/platform';
import { itemChangeRules } from '@pc/testing';
import { catalogUnderTest } from '../testing/catalog-under-test';

/** The catalog's content changes name the policies they touched (rules shared with rulesets). */
describe('the catalog announces which policies a change touched', () => {
  const catalog = catalogUnderTest();
  itemChangeRules(() => ({
    bus: () => catalog.get(BusClient),
    event: ContentEvents.catalogChanged,
    insertItems: async (count) =>
      (
        await catalog.sql<{ id: string }>(
          `INSERT INTO catalog.policies (slug, name, description, status, owner_id, source_host_url)
           SELECT 'changed-' || gen_random_uuid(), 'Changed Policy ' || n, 'Changes.', 'published', $1,
                  'https://source-host.example/o/r'
             FROM generate_series(1, $2::int) AS n RETURNING id`,
          [randomUUID(), count],
        )
      ).map((row) => row.id),
    like: async (id) => {
      await catalog.sql(`INSERT INTO catalog.policy_likes (policy_id, user_id) VALUES ($1, $2)`, [
        id,
        randomUUID(),
      ]);
    },
    rename: async (id, name) => {
      await catalog.sql(`UPDATE catalog.policies SET name = $2 WHERE id = $1`, [id, name]);
    },
    count: async (id) => {
      await catalog.sql(`UPDATE catalog.policies SET like_count = like_count + 1 WHERE id = $1`, [id]);
    },
  }));
});
