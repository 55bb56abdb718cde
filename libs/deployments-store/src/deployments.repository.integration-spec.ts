import { randomUUID } from 'node:crypto';
import type { Database } from '@pc/platform';
import { openTestSchema, type TestSchema } from '@pc/testing';
import type { DataSource } from 'typeorm';
import { DeploymentsRepository, type NewDeployment } from './deployments.repository';
import { JobsRepository } from './jobs.repository';
import { newDeployment } from './testing';

/** The deployments' and jobs' state rules on real PostgreSQL, decided by indexes rather than reads. */
describe('the deployments and jobs repositories', () => {
  let schema: TestSchema;
  let dataSource: DataSource;
  let database: Database;
  const repo = new DeploymentsRepository();
  const jobs = new JobsRepository();

  beforeAll(async () => {
    schema = await openTestSchema('deployments');
    dataSource = schema.dataSource;
    database = schema.database;
  });

  afterAll(async () => {
    await schema.close();
  });

  const deployment = (key: string): NewDeployment => newDeployment({ dedupe_key: key });

  it('creates one in-flight deployment for twenty concurrent identical requests', async () => {
    const key = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        database.transaction((tx) => repo.insertOrFindInFlight(tx, deployment(key))),
      ),
    );
    expect(new Set(results.map((r) => r.row.id)).size).toBe(1);
    expect(results.filter((r) => !r.deduped)).toHaveLength(1);
  });

  it('creates one set of deployments and jobs for ten concurrent identical 50-target requests', async () => {
    const keys = Array.from({ length: 50 }, () => randomUUID());
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        database.transaction(async (tx) => {
          const placed = await repo.insertManyOrFindInFlight(
            tx,
            keys.map((key) => deployment(key)),
          );
          const fresh = [...placed.values()].filter((p) => !p.deduped).map((p) => p.row.id);
          return { placed, jobs: await jobs.insertMany(tx, fresh, 'deploy') };
        }),
      ),
    );
    for (const key of keys) {
      const rows = results.map((r) => r.placed.get(key)!);
      expect(new Set(rows.map((r) => r.row.id)).size).toBe(1);
      expect(rows.filter((r) => !r.deduped)).toHaveLength(1);
    }
    expect(results.flatMap((r) => r.jobs)).toHaveLength(50);
    const [{ n }] = await dataSource.query<Array<{ n: string }>>(
      `SELECT count(*) AS n FROM deployments.deployments WHERE dedupe_key = ANY($1)`,
      [keys],
    );
    expect(Number(n)).toBe(50);
  });

  it('allows the same request again once the first has ended', async () => {
    const key = randomUUID();
    const first = await repo.insertOrFindInFlight(database.pool, deployment(key));
    await dataSource.query(`UPDATE deployments.deployments SET status = 'failed' WHERE id = $1`, [
      first.row.id,
    ]);
    const second = await repo.insertOrFindInFlight(database.pool, deployment(key));
    expect(second.deduped).toBe(false);
    expect(second.row.id).not.toBe(first.row.id);
  });

  it('keeps one unfinished job per deployment', async () => {
    const { row } = await repo.insertOrFindInFlight(database.pool, deployment(randomUUID()));
    expect(await jobs.insert(database.pool, row.id, 'deploy')).not.toBeNull();
    expect(await jobs.insert(database.pool, row.id, 'unpublish')).toBeNull();
  });

  it('cancels a queued job and its deployment at once', async () => {
    const { row } = await repo.insertOrFindInFlight(database.pool, deployment(randomUUID()));
    await jobs.insert(database.pool, row.id, 'deploy');
    expect(await database.transaction((tx) => jobs.requestCancel(tx, row.id))).toMatchObject({
      status: 'cancelled',
      error: 'Cancelled by the user',
    });
    expect((await repo.findById(database.pool, row.id))!.status).toBe('cancelled');
    expect((await jobs.latestOf(database.pool, row.id))!.status).toBe('cancelled');
    expect(await database.transaction((tx) => jobs.requestCancel(tx, row.id))).toBeNull();
  });
});
