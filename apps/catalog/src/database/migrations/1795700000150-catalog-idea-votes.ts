import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Votes on ideas: one row per idea and user (the primary key makes a second vote impossible), the
 * `votes` counter moved in the same statement as the row, so it stays exact under concurrent votes.
 * Indexes for the tool server's idea list: the public list by votes, a submitter's own ideas, and
 * fragment search over title and description.
 */
export class CatalogIdeaVotes1795700000150 implements MigrationInterface {
  name = 'CatalogIdeaVotes1795700000150';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE catalog.idea_votes (
        idea_id uuid NOT NULL REFERENCES catalog.ideas(id) ON DELETE CASCADE,
        user_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (idea_id, user_id)
      )`);
    await db.query(`ALTER TABLE catalog.ideas ADD CONSTRAINT ideas_votes_positive CHECK (votes >= 0)`);
    await db.query(
      `CREATE INDEX ideas_public_votes_idx ON catalog.ideas (votes DESC, created_at DESC, id)
         WHERE status IN ('approved', 'delivered')`,
    );
    await db.query(
      `CREATE INDEX ideas_public_newest_idx ON catalog.ideas (created_at DESC, id)
         WHERE status IN ('approved', 'delivered')`,
    );
    await db.query(`CREATE INDEX ideas_submitter_idx ON catalog.ideas (submitter_id, created_at DESC)`);
    await db.query(
      `CREATE INDEX ideas_text_trgm_idx ON catalog.ideas
         USING gin ((lower(title || ' ' || description)) gin_trgm_ops)`,
    );
  }

  /** Before this migration nobody could vote: the counters go back to zero with the votes. */
  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX catalog.ideas_text_trgm_idx`);
    await db.query(`DROP INDEX catalog.ideas_submitter_idx`);
    await db.query(`DROP INDEX catalog.ideas_public_newest_idx`);
    await db.query(`DROP INDEX catalog.ideas_public_votes_idx`);
    await db.query(`ALTER TABLE catalog.ideas DROP CONSTRAINT ideas_votes_positive`);
    await db.query(`DROP TABLE catalog.idea_votes`);
    await db.query(`UPDATE catalog.ideas SET votes = 0`);
  }
}
