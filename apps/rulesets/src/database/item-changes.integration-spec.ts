import { randomUUID } from 'node:crypto';
import { ContentEvents } from '@pc/contracts';
import { BusClient } from '@pc/platform';
import { itemChangeRules } from '@pc/testing';
import { rulesetsUnderTest } from '../testing/rulesets-under-test';

/** The rulesets service's content changes name the rulesets they touched (rules shared with policies). */
describe('the rulesets service announces which rulesets a change touched', () => {
  const rulesets = rulesetsUnderTest({}, { engine: false });
  itemChangeRules(() => ({
    bus: () => rulesets.get(BusClient),
    event: ContentEvents.rulesetsChanged,
    insertItems: async (count) => {
      const owner = randomUUID();
      return (
        await rulesets.sql<{ id: string }>(
          `INSERT INTO rulesets.rulesets (name, description, category, owner_id, submitted_by, source_url,
             target_scopes, published_at, lifecycle_status)
           SELECT 'Changed Rules ' || n, 'Changes.', 'Security', $1, $1, 'https://source-host.example/o/r',
                  ARRAY['rest-api'], now(), 'published'
             FROM generate_series(1, $2::int) AS n RETURNING id`,
          [owner, count],
        )
      ).map((row) => row.id);
    },
    like: async (id) => {
      await rulesets.sql(`INSERT INTO rulesets.ruleset_likes (ruleset_id, user_id) VALUES ($1, $2)`, [
        id,
        randomUUID(),
      ]);
    },
    rename: async (id, name) => {
      await rulesets.sql(`UPDATE rulesets.rulesets SET name = $2 WHERE id = $1`, [id, name]);
    },
    count: async (id) => {
      await rulesets.sql(`UPDATE rulesets.rulesets SET like_count = like_count + 1 WHERE id = $1`, [id]);
    },
  }));
});
