import { connect, createServer, type Server, type Socket } from 'node:net';
import { DEPLOYMENT_QUEUE, type DeploymentJobMessage } from '@pc/contracts';
import { BusClient, Database, JetStreamWorkQueue, openWorkQueue, type RunningService } from '@pc/platform';
import { serviceUnderTest } from '@pc/testing';
import { DeploymentsEnv } from '../deployments.env';
import { type Deployer, DeploymentsUnderTest } from '../testing/deployments-under-test';
import { JobQueue } from './job-queue';
import { JobScheduleRepository } from './job-schedule.repository';
import { JobScheduler } from './job-scheduler';

jest.setTimeout(120_000);

/**
 * NATS coming back without its JetStream data (a new NATS, its storage lost) loses the messages of the
 * jobs released to the queue. The workers and the service declare the stream again and go on, but those
 * jobs were committed as released: nothing released them again, so they stayed queued for good, and held
 * their author's queue slots (every later deployment of theirs waited behind them) until the service
 * restarted. The service finds them missing from the queue and enqueues them again. And a replica whose
 * first use of the queue came while NATS was unreachable reaches it once NATS is back.
 */
describe('deployment jobs whose queue messages NATS lost', () => {
  const service = serviceUnderTest(new DeploymentsUnderTest({ workers: 0, bus: 'nats' }), {
    DEPLOY_QUEUE_SLOTS_PER_USER: '1',
  });
  let d: Deployer;
  let worker: RunningService | undefined;

  beforeAll(async () => {
    d = await service.deployer();
  });

  afterAll(async () => {
    await worker?.close();
  });

  it('runs them once the queue is back, and the author’s later deployment after them', async () => {
    // Released to the queue (its author's one slot), and the next one waiting for that slot.
    const first = await service.releaseRuleset(d, { organizationId: d.tenant.paymentsId });
    const second = await service.releaseRuleset(d, { organizationId: d.tenant.cardsId });
    const released = await service.sql<{ id: string }>(
      `SELECT id FROM deployments.jobs WHERE released_at IS NOT NULL AND status = 'queued'`,
    );
    expect(released).toHaveLength(1);

    // NATS loses its JetStream data: the queue's stream and what it held are gone.
    const queue = await openWorkQueue<DeploymentJobMessage>(service.busConfig, 'deployments-test', {
      ...DEPLOYMENT_QUEUE,
      ackWaitMs: 30_000,
    });
    if (!(queue instanceof JetStreamWorkQueue)) throw new Error('expected the JetStream queue');
    await queue.destroy();

    // A worker declares the queue again and pulls from it.
    worker = await service.startWorker();
    for (const { deploymentId, ruleset } of [first, second]) {
      expect((await service.settled(d.user.ctx, deploymentId, 60_000)).status).toBe('succeeded');
      const organizationId = deploymentId === first.deploymentId ? d.tenant.paymentsId : d.tenant.cardsId;
      expect(await service.applyCounts(ruleset.assetId)).toMatchObject({ [organizationId]: 1 });
    }
  });

  it('reaches the queue once NATS answers, after a first try while it did not', async () => {
    if (service.busConfig.kind !== 'nats') throw new Error('expected NATS');
    const nats = new URL(service.busConfig.url);
    // A port nothing listens on yet: NATS, as this replica reaches it, is down.
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as { port: number };
        probe.close(() => resolve(free));
      });
    });
    const queue = new JobQueue(
      { ...service.busConfig, url: `nats://127.0.0.1:${port}` },
      'deployments',
      service.get(BusClient),
      service.get(Database),
      service.get(JobScheduleRepository),
      service.get(JobScheduler),
      service.get(DeploymentsEnv),
    );
    const sockets = new Set<Socket>();
    let proxy: Server | undefined;
    try {
      await expect(queue.depth()).rejects.toThrow();
      // NATS is back: the port now leads to it.
      proxy = createServer((client) => {
        const upstream = connect(Number(nats.port || 4222), nats.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('error', () => socket.destroy());
          socket.on('close', () => sockets.delete(socket));
        }
        client.pipe(upstream).pipe(client);
      });
      await new Promise<void>((resolve) => proxy!.listen(port, '127.0.0.1', resolve));
      expect(await queue.depth()).toBeGreaterThanOrEqual(0);
    } finally {
      try {
        await queue.onApplicationShutdown();
      } finally {
        for (const socket of sockets) socket.destroy();
        await new Promise((resolve) => (proxy ? proxy.close(resolve) : resolve(undefined)));
      }
    }
  });
});
