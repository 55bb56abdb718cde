import { createServiceDataSource, migrateServiceSchema } from '@pc/platform';
import { createTestDatabase, type TestDatabase } from '@pc/testing';
import type { DataSource } from 'typeorm';
import { RulesetsReviewPins1796300000000 } from './migrations/1796300000000-rulesets-review-pins';
import { rulesetsDatabase } from './rulesets.datasource';

const SHA = 'a'.repeat(40);
const OWNER = '00000000-0000-4000-8000-00000000000a';
const REVIEWER = '00000000-0000-4000-8000-00000000000b';

/** The migration that brings pins: published rulesets whose commit is known are pinned, others are not. */
describe('the rulesets review pins migration (PostgreSQL)', () => {
  let db: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase();
    dataSource = createServiceDataSource({ ...rulesetsDatabase, url: db.url, poolSize: 2 });
    await dataSource.initialize();
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await db?.drop();
  });

  async function ruleset(name: string, sourceRef: string | null, published: boolean): Promise<string> {
    const [{ id }] = await dataSource.query<Array<{ id: string }>>(
      `INSERT INTO rulesets.rulesets (name, description, owner_id, submitted_by, source_url, source_ref,
         lifecycle_status, published_at, reviewed_at)
       VALUES ($1, 'd', $2, $2, 'https://source-host.example/o/r', $3, $4, $5, $5) RETURNING id`,
      [name, OWNER, sourceRef, published ? 'published' : 'under_review', published ? new Date() : null],
    );
    await dataSource.query(
      `INSERT INTO rulesets.ruleset_submissions (ruleset_id, submitted_by, status, name, description, category,
         source_url, source_ref, rule_counts, reviewed_by)
       VALUES ($1, $2, $3, $4, 'd', 'Other', 'https://source-host.example/o/r', $5, '{}', $6)`,
      [id, OWNER, published ? 'approved' : 'submitted', name, sourceRef, published ? REVIEWER : null],
    );
    return id;
  }

  it('pins published rulesets whose source ref is a commit, and leaves the others unpinned', async () => {
    // Back to before the migration (the template database has every migration applied).
    const at = rulesetsDatabase.migrations.indexOf(RulesetsReviewPins1796300000000);
    for (let i = rulesetsDatabase.migrations.length; i > at; i--)
      await dataSource.undoLastMigration({ transaction: 'each' });
    const atCommit = await ruleset('at a commit', SHA.toUpperCase(), true);
    const onBranch = await ruleset('on a branch', 'main', true);
    const unpublished = await ruleset('not published', SHA, false);
    await migrateServiceSchema(dataSource, 'rulesets');

    const rows = await dataSource.query<
      Array<{ id: string; pinned_commit: string | null; pinned_by: string | null; pinned_how: string | null }>
    >(`SELECT id, pinned_commit, pinned_by, pinned_how, pinned_at FROM rulesets.rulesets`);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(atCommit)).toMatchObject({
      pinned_commit: SHA,
      pinned_by: REVIEWER,
      pinned_how: 'migration',
      pinned_at: expect.any(Date),
    });
    expect(byId.get(onBranch)).toMatchObject({ pinned_commit: null, pinned_how: null });
    expect(byId.get(unpublished)).toMatchObject({ pinned_commit: null, pinned_how: null });
  });
});
