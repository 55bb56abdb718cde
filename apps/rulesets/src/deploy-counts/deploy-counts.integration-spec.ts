import { randomUUID } from 'node:crypto';
import { DeployCountsRepository } from '@pc/listings';
import { createServiceDataSource } from '@pc/platform';
import { createTestDatabase, type TestDatabase } from '@pc/testing';
import type { DataSource } from 'typeorm';
import { rulesetKind } from '../ruleset.kind';

/** A ruleset's deploy count on real PostgreSQL: one per event id, however often the event is delivered. */
describe('ruleset deploy counts', () => {
  let db: TestDatabase;
  let dataSource: DataSource;
  let counts: DeployCountsRepository;

  beforeAll(async () => {
    db = await createTestDatabase();
    dataSource = createServiceDataSource({
      url: db.url,
      schema: 'rulesets',
      entities: [],
      migrations: [],
      poolSize: 4,
    });
    await dataSource.initialize();
    counts = new DeployCountsRepository(rulesetKind);
  });

  afterAll(async () => {
    await dataSource.destroy();
    await db.drop();
  });

  const newRuleset = async (): Promise<string> => {
    const owner = randomUUID();
    const [row] = await dataSource.query<Array<{ id: string }>>(
      `INSERT INTO rulesets.rulesets (name, description, owner_id, submitted_by, source_url)
       VALUES ('R', 'D', $1, $1, 'https://source.example/o/r') RETURNING id`,
      [owner],
    );
    return row.id;
  };
  const countOf = async (id: string): Promise<number> =>
    (
      await dataSource.query<Array<{ deploy_count: number }>>(
        `SELECT deploy_count FROM rulesets.rulesets WHERE id = $1`,
        [id],
      )
    )[0].deploy_count;

  it('counts an event redelivered after it was handled (a late ack) once', async () => {
    const id = await newRuleset();
    const event = randomUUID();
    await counts.countOnce(dataSource.manager, event, id);
    await counts.countOnce(dataSource.manager, event, id);
    await counts.countOnce(dataSource.manager, randomUUID(), id);
    expect(await countOf(id)).toBe(2);
  });

  it('counts ten concurrent deliveries of one event once', async () => {
    const id = await newRuleset();
    const event = randomUUID();
    await Promise.all(Array.from({ length: 10 }, () => counts.countOnce(dataSource.manager, event, id)));
    expect(await countOf(id)).toBe(1);
  });
});
