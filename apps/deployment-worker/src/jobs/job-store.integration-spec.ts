import { randomUUID } from 'node:crypto';
import {
  type DeploymentRow,
  DeploymentsRepository,
  type JobRow,
  JobsRepository,
  LogsRepository,
  OutboxRepository,
  ProvenanceRepository,
  RolloutProgressRepository,
} from '@pc/deployments-store';
import { openTestSchema, type TestSchema } from '@pc/testing';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { JobStore } from './job-store';

/** A pooled connection of the driver, as the run lock uses it. */
interface PgSession {
  query(sql: string, parameters?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>;
  on(event: 'error', listener: (error: Error) => void): unknown;
  removeListener(event: 'error', listener: (error: Error) => void): unknown;
}

/** The worker's state rules on real PostgreSQL: one runner per job, gapless logs, one outcome. */
describe('the job store', () => {
  let schema: TestSchema;
  let dataSource: DataSource;
  let store: JobStore;

  beforeAll(async () => {
    schema = await openTestSchema('deployments', 8);
    dataSource = schema.dataSource;
    const database = schema.database;
    store = new JobStore(
      database,
      new JobsRepository(),
      new DeploymentsRepository(),
      new LogsRepository(),
      new ProvenanceRepository(),
      new RolloutProgressRepository(),
      new OutboxRepository(database),
    );
  });

  afterAll(async () => {
    await schema.close();
  });

  async function newJob(): Promise<{ job: JobRow; deployment: DeploymentRow }> {
    const [deployment] = await dataSource.query<Array<{ id: string }>>(
      `INSERT INTO deployments.deployments (asset_type, policy_id, asset_name, asset_slug, connection_id, workspace_id,
         created_by, platform_org_id, source, dedupe_key)
       VALUES ('policy', $1, 'P', 'p', $1, $1, $1, 'org', '{}', $2) RETURNING id`,
      [randomUUID(), randomUUID()],
    );
    const [job] = await dataSource.query<Array<{ id: string }>>(
      `INSERT INTO deployments.jobs (deployment_id, kind) VALUES ($1, 'deploy') RETURNING id`,
      [deployment.id],
    );
    const loaded = await store.load(job.id);
    return loaded!;
  }

  it('lets one worker at a time hold a job; the lock is free again once released', async () => {
    const { job } = await newJob();
    const first = await store.lock(job.id);
    expect(first).not.toBeNull();
    expect(await store.lock(job.id)).toBeNull();
    await first!.release();
    const again = await store.lock(job.id);
    expect(again).not.toBeNull();
    await again!.release();
  });

  it('closes the connection of a run lock whose unlock failed: the job is not left locked by a pooled connection', async () => {
    const { job } = await newJob();
    // The unlock fails (a statement timeout, say) on the lock's own connection.
    const driver = dataSource.driver as PostgresDriver;
    const obtain = driver.obtainMasterConnection.bind(driver);
    const spy = jest.spyOn(driver, 'obtainMasterConnection').mockImplementationOnce(async () => {
      const [session, giveBack] = (await obtain()) as [PgSession, (error?: Error) => void];
      const failingUnlock: PgSession = {
        query: (sql, parameters) =>
          sql.includes('pg_advisory_unlock')
            ? Promise.reject(new Error('canceling statement due to statement timeout'))
            : session.query(sql, parameters),
        on: (event, listener) => session.on(event, listener),
        removeListener: (event, listener) => session.removeListener(event, listener),
      };
      return [failingUnlock, giveBack];
    });
    const lock = await store.lock(job.id);
    spy.mockRestore();
    expect(lock).not.toBeNull();
    await lock!.release();

    // Another worker, on a connection of its own, takes the job (once the server has ended the closed
    // session: within moments, where a pooled one would hold it until the pool let it go).
    const other = new Client({ connectionString: (dataSource.options as { url: string }).url });
    await other.connect();
    try {
      let locked = false;
      for (let i = 0; i < 20 && !locked; i++) {
        if (i > 0) await new Promise((r) => setTimeout(r, 100));
        const { rows } = await other.query<{ locked: boolean }>(
          `SELECT pg_try_advisory_lock(hashtext('deployment-job'), hashtext($1)) AS locked`,
          [job.id],
        );
        locked = rows[0].locked;
      }
      expect(locked).toBe(true);
    } finally {
      await other.end();
    }
  });

  it("hears the server end a run lock's connection: no crash, its release resolves, and the job is free", async () => {
    const { job } = await newJob();
    const lock = await store.lock(job.id);
    expect(lock).not.toBeNull();
    // The server ends the lock's session (a restart, a failover, an operator): the connection, checked out
    // of the pool for as long as the job runs, gets an error event with no query of its own running. Unheard,
    // it crashed the worker (Jest reports it as an unhandled error of this test).
    const [ended] = await dataSource.query<Array<{ n: number }>>(
      `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_locks
        WHERE locktype = 'advisory' AND granted
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    expect(ended.n).toBe(1);
    await new Promise((r) => setTimeout(r, 300));
    await lock!.release();
    const again = await store.lock(job.id);
    expect(again).not.toBeNull();
    await again!.release();
  });

  it('numbers log lines without gaps and writes a repeated line (same key) once, even concurrently', async () => {
    const { job } = await newJob();
    const keys = Array.from({ length: 30 }, (_, i) => `build:${(i % 10) + 1}`);
    const written = await Promise.all(keys.map((key) => store.appendLog(job, key, 'build', 'info', key)));
    expect(written.filter((c) => c !== null)).toHaveLength(10);
    const rows = await dataSource.query<Array<{ seq: number; line_key: string }>>(
      `SELECT seq, line_key FROM deployments.logs WHERE job_id = $1 ORDER BY seq`,
      [job.id],
    );
    expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    expect(new Set(rows.map((r) => r.line_key)).size).toBe(10);
  });

  it('ends a job once: a second outcome (a late redelivery) changes nothing and writes no second event', async () => {
    const { job, deployment } = await newJob();
    const outcome = {
      commit_sha: 'a'.repeat(40),
      implementation_commit_sha: null,
      version: '1.0.0',
      group_id: 'g',
      definition_asset_version: '1.0.0',
      implementation_asset_version: '1.0.0',
      applied_version: '1.0.0',
      dev_versions: [],
      home_doc_status: 'published',
      governance_profile_result: null,
    };
    expect(await store.finish(job, deployment, 'succeeded', null, outcome)).not.toBeNull();
    expect(await store.finish(job, deployment, 'failed', 'late')).toBeNull();
    const [row] = await dataSource.query<Array<{ status: string; error: string | null }>>(
      `SELECT status, error FROM deployments.deployments WHERE id = $1`,
      [deployment.id],
    );
    expect(row).toEqual({ status: 'succeeded', error: null });
    const events = await dataSource.query<unknown[]>(
      `SELECT 1 FROM deployments.outbox WHERE payload->>'deployment_id' = $1`,
      [deployment.id],
    );
    expect(events).toHaveLength(1);
  });

  it('keeps each step result, so a redelivered job knows where it stopped', async () => {
    const { job } = await newJob();
    await store.saveStep(job.id, 'resolve', { commit: 'c' });
    await store.saveStep(job.id, 'publish', { version: '1.0.0' });
    const loaded = await store.load(job.id);
    expect(loaded!.job.steps).toEqual({ resolve: { commit: 'c' }, publish: { version: '1.0.0' } });
    expect(loaded!.job.step).toBe('publish');
  });
});
