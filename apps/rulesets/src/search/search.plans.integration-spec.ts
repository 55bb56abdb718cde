import { listingSearchPlanRules } from '@pc/testing';
import { RULESET_LISTINGS } from './ruleset-listings';

/** The pages of the rulesets' search at 100,000 rulesets, in every sort. */
describe('ruleset search pages at 100,000 rulesets', () => {
  listingSearchPlanRules(() => ({
    table: RULESET_LISTINGS,
    indexes: {
      name: 'rulesets_search_order_idx',
      likes: 'rulesets_search_likes_idx',
      deploys: 'rulesets_search_deploys_idx',
      newest: 'rulesets_search_newest_idx',
    },
    relation: 'rulesets.rulesets',
    fill: `INSERT INTO rulesets.rulesets (name, description, category, owner_id, submitted_by, source_url,
             target_scopes, like_count, deploy_count, published_at, lifecycle_status, created_at)
           SELECT (ARRAY['Payments','Security','Naming','Paging','Errors','Agents','Tools','Events'])[1 + i % 8]
                    || ' Rules ' || i,
                  'Governance rules number ' || i || '.',
                  (ARRAY['Security','API Design','Documentation','Compliance'])[1 + i % 4],
                  CASE WHEN i % 20 = 0 AND i % 1000 = 0 THEN $2::uuid ELSE md5('owner' || (i % 1000))::uuid END,
                  md5('owner' || (i % 1000))::uuid,
                  'https://source-host.example/o/r' || i,
                  ARRAY['rest-api'],
                  i % 97, i % 13,
                  CASE WHEN i % 20 = 0 THEN NULL ELSE now() END,
                  CASE WHEN i % 20 = 0 THEN 'under_review' ELSE 'published' END,
                  now() - make_interval(secs => i / 3)
             FROM generate_series(1, $1::int) AS i`,
  }));
});
