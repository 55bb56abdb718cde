import { randomUUID } from 'node:crypto';
import { createServiceDataSource } from '@pc/platform';
import { createTestDatabase, type TestDatabase } from '@pc/testing';
import type { DataSource } from 'typeorm';
import { IdempotencyRepository } from '../create/idempotency.repository';
import { DeploymentsRepository, type NewDeployment } from './deployments.repository';

/** The deployments' state rules on real PostgreSQL, decided by indexes rather than reads. */
describe('the deployments repository', () => {
  let db: TestDatabase;
  let dataSource: DataSource;
  let repo: DeploymentsRepository;

  beforeAll(async () => {
    db = await createTestDatabase();
    dataSource = createServiceDataSource({
      url: db.url,
      schema: 'deployments',
      entities: [],
      migrations: [],
      poolSize: 10,
    });
    await dataSource.initialize();
    repo = new DeploymentsRepository(dataSource);
  });

  afterAll(async () => {
    await dataSource.destroy();
    await db.drop();
  });

  const deployment = (key: string): NewDeployment => ({
    asset_type: 'policy',
    policy_id: randomUUID(),
    ruleset_id: null,
    asset_name: 'P',
    asset_slug: 'p',
    connection_id: randomUUID(),
    workspace_id: randomUUID(),
    created_by: randomUUID(),
    platform_org_id: 'org',
    platform_org_name: null,
    do_publish: false,
    do_release: true,
    cleanup_dev: false,
    ref: null,
    implementation_ref: null,
    requested_version: null,
    source: {
      source_host_url: 'x',
      implementation_source_host_url: null,
      source_ref: null,
      implementation_source_ref: null,
      description: '',
    },
    governance_profile: null,
    dedupe_key: key,
  });

  it('creates one in-flight deployment for twenty concurrent identical requests', async () => {
    const key = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        repo.transaction((tx) => repo.insertOrFindInFlight(tx, deployment(key))),
      ),
    );
    expect(new Set(results.map((r) => r.row.id)).size).toBe(1);
    expect(results.filter((r) => !r.deduped)).toHaveLength(1);
  });

  it('creates one set of deployments and jobs for ten concurrent identical 50-target requests', async () => {
    const keys = Array.from({ length: 50 }, () => randomUUID());
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        repo.transaction(async (tx) => {
          const placed = await repo.insertManyOrFindInFlight(
            tx,
            keys.map((key) => deployment(key)),
          );
          const fresh = [...placed.values()].filter((p) => !p.deduped).map((p) => p.row.id);
          return { placed, jobs: await repo.insertJobs(tx, fresh, 'deploy') };
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
    const first = await repo.insertOrFindInFlight(repo.db, deployment(key));
    await dataSource.query(`UPDATE deployments.deployments SET status = 'failed' WHERE id = $1`, [
      first.row.id,
    ]);
    const second = await repo.insertOrFindInFlight(repo.db, deployment(key));
    expect(second.deduped).toBe(false);
    expect(second.row.id).not.toBe(first.row.id);
  });

  it('keeps one unfinished job per deployment', async () => {
    const { row } = await repo.insertOrFindInFlight(repo.db, deployment(randomUUID()));
    expect(await repo.insertJob(repo.db, row.id, 'deploy')).not.toBeNull();
    expect(await repo.insertJob(repo.db, row.id, 'unpublish')).toBeNull();
  });

  it('cancels a queued job and its deployment at once', async () => {
    const { row } = await repo.insertOrFindInFlight(repo.db, deployment(randomUUID()));
    await repo.insertJob(repo.db, row.id, 'deploy');
    expect(await repo.transaction((tx) => repo.requestCancel(tx, row.id))).toBe(true);
    expect((await repo.findById(row.id))!.status).toBe('cancelled');
    expect((await repo.latestJob(row.id))!.status).toBe('cancelled');
    expect(await repo.transaction((tx) => repo.requestCancel(tx, row.id))).toBe(false);
  });

  it('lets twenty concurrent requests with one Idempotency-Key claim it once', async () => {
    const idempotency = new IdempotencyRepository();
    const user = randomUUID();
    const claims = await Promise.all(
      Array.from({ length: 20 }, () =>
        repo.transaction(async (tx) => {
          const claim = await idempotency.claim(tx, user, 'k', 'h');
          if (claim.claimed) await idempotency.store(tx, user, 'k', { status: 201, results: [] });
          return claim;
        }),
      ),
    );
    expect(claims.filter((c) => c.claimed)).toHaveLength(1);
    for (const c of claims.filter((c) => !c.claimed))
      expect(c).toEqual({ claimed: false, requestHash: 'h', response: { status: 201, results: [] } });
  });
});
