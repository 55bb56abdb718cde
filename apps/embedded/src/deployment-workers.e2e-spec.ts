import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { generateSigningKeyEntry } from '@pc/platform';
import { HttpRegistry } from '@pc/registry';
import { HttpGatewayPlatform } from '@pc/gateway-platform';
import { Client } from 'pg';
import { type Deployer, DeploymentsWorld, type Json } from './testing/deployments-e2e';

jest.setTimeout(180_000);

const SIGNING_KEYS = generateSigningKeyEntry('workers');

/**
 * Twenty deployments over real NATS, run by two deployment-worker processes; one is killed (SIGKILL)
 * while it holds jobs. Every deployment must finish exactly once, with a complete log.
 */
describe('deployment workers as separate processes over NATS', () => {
  const world = new DeploymentsWorld();
  let deployer: Deployer;
  let policyId: string;

  // Each job spends a second in its build: a worker killed mid-run holds jobs.
  const workers: ChildProcess[] = [];
  const startWorker = async (): Promise<ChildProcess> => {
    const { process } = await world.startWorkerProcess({
      DEPLOY_WORKER_CONCURRENCY: '2',
      DEPLOY_BUILD_COMMAND: 'sleep 1',
      DEPLOY_JOB_ACK_WAIT_MS: '3000',
      PROVENANCE_SIGNING_KEYS: SIGNING_KEYS,
    });
    workers.push(process);
    return process;
  };

  beforeAll(async () => {
    // One user's 20 jobs spread over both workers (2 x 2 slots): the killed one holds some.
    await world.start(
      'nats',
      {
        DEPLOY_JOB_ACK_WAIT_MS: '3000',
        DEPLOY_QUEUE_SLOTS_PER_USER: '4',
        PROVENANCE_SIGNING_KEYS: SIGNING_KEYS,
      },
      { deploymentWorkers: 0 },
    );
    deployer = await world.deployer();
    policyId = (await world.newDeployablePolicy(deployer.user)).id;
  });

  afterAll(async () => {
    await world.stop();
  });

  it('finishes every deployment exactly once, with complete logs, when a worker is killed mid-job', async () => {
    const { user, tenant } = deployer;
    const [a] = await Promise.all([startWorker(), startWorker()]);
    const ids: string[] = [];
    for (let n = 0; n < 20; n++) {
      ids.push(await world.deployedPolicy(deployer, policyId, { doPublish: true, version: `1.0.${n}` }));
    }
    // Kill one worker while jobs are running (each takes more than a second).
    for (let i = 0; i < 200; i++) {
      const list = await world.http.get<Json>('/api/deployments?limit=20', { token: user.token });
      if (list.body.deployments.filter((d: Json) => d.status === 'running').length >= 3) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    a.kill('SIGKILL');

    const done = await Promise.all(ids.map((id) => world.settled(user.token, id, 120_000)));
    expect(done.map((d) => d.status)).toEqual(ids.map(() => 'succeeded'));

    let resumed = 0;
    for (const id of ids) {
      const history = await world.http.get<Json>(`/api/deployments/${id}/history`, { token: user.token });
      const logs = history.body.logs as Json[];
      // Numbered 1..n without gap or repeat, each step's lines once.
      expect(logs.map((l) => l.seq)).toEqual(logs.map((_, i) => i + 1));
      const texts = logs.map((l) => l.text as string);
      expect(texts.filter((t) => t.startsWith('Deploying '))).toHaveLength(1);
      expect(texts.filter((t) => t.startsWith('Resolved '))).toHaveLength(1);
      expect(texts.filter((t) => t.startsWith('Published '))).toHaveLength(2);
      expect(texts.filter((t) => t.startsWith('Applied '))).toHaveLength(1);
      expect(texts.filter((t) => t === 'Succeeded')).toHaveLength(1);
      expect(history.body.jobs).toHaveLength(1);
      if (history.body.job.attempts > 1) resumed++;
    }
    // The killed worker's jobs were redelivered and resumed by the other one.
    expect(resumed).toBeGreaterThan(0);

    // Exactly one success event per deployment, and one dev version of each asset per deployment.
    const pg = new Client({ connectionString: world.db.url });
    await pg.connect();
    try {
      const { rows } = await pg.query<{ n: string }>(
        `SELECT count(*) AS n FROM deployments.outbox WHERE payload->>'deployment_id' = ANY($1)`,
        [ids],
      );
      expect(Number(rows[0].n)).toBe(20);
      // One attestation per deployment, whatever the deliveries; the registry holds that one.
      const attestations = await pg.query<{ deployment_id: string; envelope: unknown }>(
        `SELECT deployment_id, envelope FROM deployments.provenance WHERE deployment_id = ANY($1)`,
        [ids],
      );
      expect(attestations.rows.map((r) => r.deployment_id).sort()).toEqual([...ids].sort());
      const platform = HttpGatewayPlatform.fromEnv(world.sandbox.adapterEnv);
      const token = platform.tokenProvider({
        host: 'us',
        clientId: tenant.clientId,
        clientSecret: tenant.clientSecret,
      });
      const registry = HttpRegistry.fromEnv(world.sandbox.adapterEnv);
      for (const d of done) {
        const stored = attestations.rows.find((r) => r.deployment_id === d.id)!.envelope;
        const slug = (
          await pg.query<{ asset_slug: string }>(
            `SELECT asset_slug FROM deployments.deployments WHERE id = $1`,
            [d.id],
          )
        ).rows[0].asset_slug;
        const file = await registry.readFile(
          token,
          { groupId: tenant.rootId, assetId: `${slug}-implementation`, version: d.definition_asset_version },
          'provenance.intoto.json',
        );
        expect(JSON.parse(file.toString('utf8'))).toEqual(stored);
      }
    } finally {
      await pg.end();
    }
    const registry = (await world.control.platformState()).registry.filter((r) =>
      /^1\.0\.\d+-dev\./.test(r.version),
    );
    expect(registry).toHaveLength(40);
  });
  it("starts another user's deployment in the next free build slot while one user has 250 waiting (gateway, scheduler, queue, worker processes)", async () => {
    const { user, tenant } = deployer;
    // Four build slots (two workers of two; one may have been killed above), one for each job a user
    // may have out.
    while (workers.filter((w) => w.exitCode === null && w.signalCode === null).length < 2)
      await startWorker();
    const SLOTS = 4;
    const CONCURRENCY = 4;
    const busy = await world.newUser();
    // A tenant of 50 organizations: five requests of 50 targets make the 250 deployments.
    const orgs = Array.from({ length: 51 }, () => randomUUID());
    const clientId = `busy-${randomUUID()}`;
    const clientSecret = `secret-${randomUUID()}`;
    await world.control.addTenant({
      clientId,
      clientSecret,
      organizations: [
        { id: orgs[0], name: 'Busy Corp' },
        ...orgs.slice(1).map((id, i) => ({ id, name: `Team ${i}`, parentId: orgs[0] })),
      ],
    });
    const busyTenant = { ...tenant, clientId, clientSecret, rootId: orgs[0] };
    const { id: connectionId } = await world.newConnection(busy, busyTenant);
    const busyDeployer: Deployer = {
      user: busy,
      tenant: busyTenant,
      connectionId,
      workspaceId: await world.newWorkspace(busy),
    };
    const busyPolicy = (await world.newDeployablePolicy(busy)).id;
    for (let n = 0; n < 5; n++) {
      const res = await world.deployPolicy(busyDeployer, busyPolicy, {
        targetOrganizationIds: orgs.slice(1),
        doPublish: true,
        version: `3.0.${n}`,
      });
      expect([res.status, (res.body.results as Json[]).length]).toEqual([201, 50]);
    }

    const pg = new Client({ connectionString: world.db.url });
    await pg.connect();
    try {
      const count = async (where: string, params: unknown[] = []) =>
        Number(
          (
            await pg.query<{ n: string }>(
              `SELECT count(*) AS n FROM deployments.jobs j JOIN deployments.deployments d ON d.id = j.deployment_id
                WHERE d.created_by = $1 AND ${where}`,
              [busy.id, ...params],
            )
          ).rows[0].n,
        );
      // Every slot busy with that user's builds, the rest of the 250 waiting in the table.
      for (let i = 0; i < 600 && (await count(`j.status = 'running'`)) < SLOTS; i++)
        await new Promise((r) => setTimeout(r, 50));
      expect(await count(`j.status = 'running'`)).toBe(SLOTS);

      const single = await world.deployedPolicy(deployer, policyId, { doPublish: true, version: '4.0.0' });
      let job: { started_at: Date | null; released_at: Date | null } | undefined;
      for (let i = 0; i < 1200 && !job?.started_at; i++) {
        job = (
          await pg.query<{ started_at: Date | null; released_at: Date | null }>(
            `SELECT started_at, released_at FROM deployments.jobs WHERE deployment_id = $1`,
            [single],
          )
        ).rows[0];
        if (!job?.started_at) await new Promise((r) => setTimeout(r, 50));
      }
      expect(job?.started_at).not.toBeNull();
      // Ahead of it: the jobs that user had out when it came (SLOTS); and once it was in the work queue, at
      // most those that slots freeing at the same moment took (CONCURRENCY - 1). A first-come queue would
      // have put all 250 ahead. (Before its release, the scheduler's round robin: job-scheduler's spec.)
      expect(await count(`j.started_at < $2`, [job!.started_at])).toBeGreaterThanOrEqual(SLOTS);
      expect(
        await count(`j.started_at > $2 AND j.started_at < $3`, [job!.released_at, job!.started_at]),
      ).toBeLessThanOrEqual(CONCURRENCY - 1);
      expect(await count(`j.released_at IS NULL`)).toBeGreaterThan(200);
      expect(await world.settled(user.token, single, 60_000)).toMatchObject({ status: 'succeeded' });
    } finally {
      await pg.end();
    }
  });
});
