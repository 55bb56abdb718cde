import { randomUUID } from 'node:crypto';
import { DeploymentsRepository, JobsRepository, type NewDeployment } from '@pc/deployments-store';
import { newDeployment } from '@pc/deployments-store/testing';
import type { Database } from '@pc/platform';
import { openTestSchema, type TestSchema } from '@pc/testing';
import type { DataSource } from 'typeorm';
import type { DeploymentsEnv } from '../deployments.env';
import { JobScheduleRepository } from './job-schedule.repository';
import { JobScheduler } from './job-scheduler';

/** Fair release of deployment jobs to the work queue, on real PostgreSQL. */
describe('the job scheduler', () => {
  let schema: TestSchema;
  let dataSource: DataSource;
  let database: Database;
  const deployments = new DeploymentsRepository();
  const jobs = new JobsRepository();
  let scheduler: JobScheduler;
  const SLOTS = 2;

  beforeAll(async () => {
    schema = await openTestSchema('deployments');
    dataSource = schema.dataSource;
    database = schema.database;
    scheduler = new JobScheduler(database, new JobScheduleRepository(), {
      DEPLOY_QUEUE_SLOTS_PER_USER: SLOTS,
    } as DeploymentsEnv);
  });

  afterAll(async () => {
    await schema.close();
  });

  const deployment = (author: string): NewDeployment => newDeployment({ created_by: author });

  /** `count` deployments of `author`, each with its queued job, as POST /api/deployments makes them. */
  async function queue(author: string, count: number): Promise<string[]> {
    return database.transaction(async (tx) => {
      const placed = await deployments.insertManyOrFindInFlight(
        tx,
        Array.from({ length: count }, () => deployment(author)),
      );
      const inserted = await jobs.insertMany(
        tx,
        [...placed.values()].map((p) => p.row.id),
        'deploy',
      );
      return inserted.map((j) => j.id);
    });
  }

  /** A worker ends a job (the build slot frees). */
  async function finish(jobId: string): Promise<void> {
    await dataSource.query(
      `UPDATE deployments.jobs SET status = 'succeeded', finished_at = now() WHERE id = $1`,
      [jobId],
    );
  }

  const releasedOf = async (author: string): Promise<number> =>
    (
      await dataSource.query<Array<{ n: number }>>(
        `SELECT count(*)::int AS n FROM deployments.jobs j JOIN deployments.deployments d ON d.id = j.deployment_id
          WHERE d.created_by = $1 AND j.status IN ('queued', 'running') AND j.released_at IS NOT NULL`,
        [author],
      )
    )[0].n;

  it("sends another author's single deployment to the queue at once while one author has 250 queued", async () => {
    const busy = randomUUID();
    const other = randomUUID();
    const busyJobs = await queue(busy, 250);

    const first = await scheduler.releaseFree();
    expect(first).toHaveLength(SLOTS);
    expect(busyJobs).toEqual(expect.arrayContaining(first.map((j) => j.id)));
    expect(await scheduler.releaseFree()).toEqual([]);

    // The other author's job goes to the queue at once: behind at most SLOTS jobs of the busy author,
    // so it starts in the next build slot that frees up.
    const [single] = await queue(other, 1);
    expect((await scheduler.releaseFree()).map((j) => j.id)).toEqual([single]);

    // One of the busy author's builds ends: the next of theirs goes to the queue.
    await finish(first[0].id);
    const next = await scheduler.releaseFree();
    expect(next).toHaveLength(1);
    expect(busyJobs).toContain(next[0].id);
    expect(first.map((j) => j.id)).not.toContain(next[0].id);
    expect(await releasedOf(busy)).toBe(SLOTS);
  });

  it("never releases more than an author's slots when passes run at once on several replicas", async () => {
    const author = randomUUID();
    await queue(author, 20);
    await Promise.all(Array.from({ length: 5 }, () => scheduler.releaseFree()));
    expect(await releasedOf(author)).toBe(SLOTS);
  });

  it('releases round robin in one pass: the author with the fewest jobs out first, then the oldest job', async () => {
    const early = randomUUID();
    const late = randomUUID();
    // One deployment at a time, so that each job is older than the next (one POST's jobs are equally old).
    const oneByOne = async (author: string, count: number): Promise<string[]> => {
      const ids: string[] = [];
      for (let i = 0; i < count; i++) ids.push(...(await queue(author, 1)));
      return ids;
    };
    const earlyJobs = await oneByOne(early, 3);
    expect((await scheduler.releaseFree()).map((j) => j.id)).toEqual(earlyJobs.slice(0, SLOTS));
    await finish(earlyJobs[0]);
    // Now `early` has one job out and one waiting (the oldest waiting job); `late` none out, three waiting.
    const lateJobs = await oneByOne(late, 3);
    expect((await scheduler.releaseFree()).map((j) => j.id)).toEqual([
      lateJobs[0],
      earlyJobs[2],
      lateJobs[1],
    ]);
    expect(await releasedOf(early)).toBe(SLOTS);
    expect(await releasedOf(late)).toBe(SLOTS);
  });

  it("releases a 50-target deployment's jobs in one pass when the author has the slots", async () => {
    const roomy = new JobScheduler(database, new JobScheduleRepository(), {
      DEPLOY_QUEUE_SLOTS_PER_USER: 60,
    } as DeploymentsEnv);
    const author = randomUUID();
    const made = await queue(author, 50);
    const released = (await roomy.releaseFree()).map((j) => j.id);
    expect(released).toEqual(expect.arrayContaining(made));
    expect(await releasedOf(author)).toBe(50);
  });
});
