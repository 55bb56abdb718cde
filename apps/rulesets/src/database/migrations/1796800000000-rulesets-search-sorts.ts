import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The sorts of the search across kinds (`GET /api/search?sort=likes|deploys|newest`): the most liked, most
 * deployed or newest first (a negated rank, so that one row comparison starts a page), then the name and
 * id as bytes. A page walks its sort's index and stops at its last row. The expressions are those of
 * `RULESET_LISTINGS.rank`.
 */
export class RulesetsSearchSorts1796800000000 implements MigrationInterface {
  name = 'RulesetsSearchSorts1796800000000';

  async up(db: QueryRunner): Promise<void> {
    for (const [sort, rank] of RANKS)
      await db.query(
        `CREATE INDEX rulesets_search_${sort}_idx ON rulesets.rulesets
           (${rank}, (lower(name) COLLATE "C"), (id::text COLLATE "C"))`,
      );
  }

  async down(db: QueryRunner): Promise<void> {
    for (const [sort] of RANKS) await db.query(`DROP INDEX rulesets.rulesets_search_${sort}_idx`);
  }
}

const RANKS = [
  ['likes', '(-like_count)'],
  ['deploys', '(-deploy_count)'],
  ['newest', `((extract(epoch FROM created_at AT TIME ZONE 'UTC') * -1000000)::bigint)`],
] as const;
