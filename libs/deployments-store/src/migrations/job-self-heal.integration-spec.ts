import { createServiceDataSource, migrateServiceSchema } from '@pc/platform';
import { createTestDatabase, type TestDatabase } from '@pc/testing';
import type { DataSource } from 'typeorm';
import { deploymentsDatabase } from '../deployments.database';
import { DeploymentsRepository } from '../deployments.repository';
import { JobsRepository } from '../jobs.repository';
import { newDeployment } from '../testing';
import { JobSelfHeal1795840000000 } from './1795840000000-job-self-heal';

/**
 * The migration that marks self-heals: the heals made before it (a deploy job after its deployment's
 * first) are marked, so that the history shows them as heals too; no other job is.
 */
describe('the job self-heal migration (PostgreSQL)', () => {
  let db: TestDatabase;
  let dataSource: DataSource;
  const deployments = new DeploymentsRepository();
  const jobs = new JobsRepository();

  beforeAll(async () => {
    db = await createTestDatabase();
    dataSource = createServiceDataSource({ ...deploymentsDatabase, url: db.url, poolSize: 2 });
    await dataSource.initialize();
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await db?.drop();
  });

  /** A job of `kind` on the deployment, ended before the next one starts (one job in flight at a time). */
  async function endedJob(deploymentId: string, kind: 'deploy' | 'unpublish'): Promise<string> {
    const job = await jobs.insert(dataSource.manager, deploymentId, kind);
    await jobs.end(dataSource.manager, job!.id, 'succeeded', null);
    return job!.id;
  }

  it('marks the deploy jobs after the first of their deployment, and no other job', async () => {
    // Back to before the migration (the template database has every migration applied).
    const at = deploymentsDatabase.migrations.indexOf(JobSelfHeal1795840000000);
    for (let i = deploymentsDatabase.migrations.length; i > at; i--)
      await dataSource.undoLastMigration({ transaction: 'each' });
    const healed = (await deployments.insertOrFindInFlight(dataSource.manager, newDeployment())).row.id;
    const deployed = await endedJob(healed, 'deploy');
    const heals = [await endedJob(healed, 'deploy'), await endedJob(healed, 'deploy')];
    const removed = (await deployments.insertOrFindInFlight(dataSource.manager, newDeployment())).row.id;
    const [deployedOnly, unpublished] = [
      await endedJob(removed, 'deploy'),
      await endedJob(removed, 'unpublish'),
    ];
    await migrateServiceSchema(dataSource, 'deployments');

    const rows = await dataSource.query<Array<{ id: string; self_heal: boolean }>>(
      `SELECT id, self_heal FROM deployments.jobs`,
    );
    expect(Object.fromEntries(rows.map((r) => [r.id, r.self_heal]))).toEqual({
      [deployed]: false,
      [heals[0]]: true,
      [heals[1]]: true,
      [deployedOnly]: false,
      [unpublished]: false,
    });
  });
});
