import { DEPLOYMENT_QUEUE, type DeploymentJobMessage } from '@pc/contracts';
import { JetStreamWorkQueue, openWorkQueue, type RunningService } from '@pc/platform';
import { serviceUnderTest } from '@pc/testing';
import { type Deployer, DeploymentsUnderTest } from '../testing/deployments-under-test';

jest.setTimeout(120_000);

/**
 * NATS coming back without its JetStream data (a new NATS, its storage lost) loses the messages of the
 * jobs released to the queue. The workers and the service declare the stream again and go on, but those
 * jobs were committed as released: nothing released them again, so they stayed queued for good, and held
 * their author's queue slots (every later deployment of theirs waited behind them) until the service
 * restarted. The service finds them missing from the queue and enqueues them again.
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
});
