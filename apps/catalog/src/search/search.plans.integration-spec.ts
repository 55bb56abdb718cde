import { listingSearchPlanRules } from '@pc/testing';
import { POLICY_LISTINGS } from './policy-listings';

/** The pages of the policies' search at 100,000 policies, in every sort. */
describe('policy search pages at 100,000 policies', () => {
  listingSearchPlanRules(() => ({
    table: POLICY_LISTINGS,
    indexes: {
      name: 'policies_search_order_idx',
      likes: 'policies_search_likes_idx',
      deploys: 'policies_search_deploys_idx',
      newest: 'policies_search_newest_idx',
    },
    relation: 'catalog.policies',
    fill: `INSERT INTO catalog.policies (slug, name, description, category, status, owner_id, source_host_url,
             like_count, deploy_count, created_at)
           SELECT 'plan-' || i,
                  (ARRAY['Rate','Auth','Cache','Header','Quota','Mock','Retry','Log'])[1 + i % 8] || ' Policy ' || i,
                  'Policy number ' || i || '.',
                  (ARRAY['Security','Traffic','Transformation','Observability'])[1 + i % 4],
                  CASE WHEN i % 20 = 0 THEN 'under_review' ELSE 'published' END,
                  CASE WHEN i % 20 = 0 AND i % 1000 = 0 THEN $2::uuid ELSE md5('owner' || (i % 1000))::uuid END,
                  'https://source-host.example/o/r' || i,
                  i % 97, i % 13, now() - make_interval(secs => i / 3)
             FROM generate_series(1, $1::int) AS i`,
  }));
});
