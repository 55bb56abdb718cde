import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ConnectionsRpc,
  DEPLOYMENT_LIMITS,
  DEPLOYMENT_QUEUE,
  type DeploymentJobMessage,
} from '@pc/contracts';
import { generateSigningKeyEntry, loadEnv, openWorkQueue } from '@pc/platform';
import { answer, peerService, ServiceUnderTest } from '@pc/testing';
import { deploymentWorker, WorkerEnv } from '../index';

jest.setTimeout(60_000);

/** What the platform stand-in answers a request with. */
interface Answer {
  status: number;
  body: string;
  headers?: Record<string, string>;
}

/**
 * A platform on a local port answering every request with what the test sets (`reply`), counting the
 * requests for an applied item: where the sandbox keeps to its contract, this one answers what a broken or
 * hostile platform (a user's custom domain) could.
 */
class PlatformStandIn {
  reply: () => Answer = () => ({ status: 200, body: '{}' });
  appliedReads = 0;
  private server?: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      request.resume();
      if (/\/applied\/[^/]+$/.test(request.url ?? '')) this.appliedReads++;
      const { status, body, headers } = this.reply();
      response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(body);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    return new Promise((resolve, reject) => this.server?.close((e) => (e ? reject(e) : resolve())));
  }
}

/** The JSON text of an applied item whose configuration nests `depth` objects. */
function appliedNested(depth: number): string {
  const configuration = `${'{"a":'.repeat(depth - 1)}{}${'}'.repeat(depth - 1)}`;
  return `{"organizationId":"org","kind":"ruleset","groupId":"g","assetId":"payments-rules","version":"1.0.0","configuration":${configuration}}`;
}

const CONFIGURATION_DEPTH_MAX = DEPLOYMENT_LIMITS.appliedConfigurationDepthMax;
const LIMIT_MESSAGE = `The platform answered an applied item whose configuration is nested more than ${CONFIGURATION_DEPTH_MAX} levels deep, the most this service reads`;

/**
 * How a deployment worker ends a job whose platform call fails, over the queue, PostgreSQL and HTTP: at
 * once, with the reason, when asking again would get the same answer; on a later delivery otherwise. The
 * job is a roll-out's deployment, whose first platform call reads what the organization runs now.
 */
describe('a deployment job whose platform call fails', () => {
  const platform = new PlatformStandIn();
  const connections = peerService('connections', ConnectionsRpc.ping, [
    answer(ConnectionsRpc.platformAccess, () => ({
      host: 'us' as const,
      custom_domain: null,
      organization_id: 'root',
      access_token: 'token',
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    })),
  ]);
  const worker = new ServiceUnderTest(
    'deployment-worker-test',
    (url, env) =>
      deploymentWorker(
        loadEnv(WorkerEnv, {
          DATABASE_URL: url,
          DB_POOL_SIZE: '5',
          PROVENANCE_SIGNING_KEYS: generateSigningKeyEntry('worker-test'),
          PLATFORM_US_URL: platform.url,
          PLATFORM_EU_URL: platform.url,
          ...env,
        }),
      ),
    [connections],
  );

  beforeAll(async () => {
    await platform.start();
    await worker.start();
  });

  afterAll(async () => {
    await worker.close();
    await platform.close();
  });

  beforeEach(() => {
    platform.appliedReads = 0;
  });

  /** A roll-out's deployment of a ruleset with its job, handed to the queue as the deployments service does. */
  async function queueRolloutJob(): Promise<{ deploymentId: string; jobId: string }> {
    const [ids, author] = [{ workspace: randomUUID(), connection: randomUUID() }, randomUUID()];
    const [rollout] = await worker.sql<{ id: string }>(
      `INSERT INTO deployments.rollouts (asset_type, ruleset_id, asset_name, asset_slug, workspace_id, connection_id,
         created_by, template, step_count, bake_seconds, health_timeout_seconds)
       VALUES ('ruleset', $1, 'Payments Rules', 'payments-rules', $2, $3, $4, '{}', 1, 0, 5) RETURNING id`,
      [randomUUID(), ids.workspace, ids.connection, author],
    );
    const [deployment] = await worker.sql<{ id: string }>(
      `INSERT INTO deployments.deployments (asset_type, ruleset_id, asset_name, asset_slug, connection_id, workspace_id,
         created_by, platform_org_id, source, dedupe_key, do_release, requested_version, rollout_id)
       VALUES ('ruleset', $1, 'Payments Rules', 'payments-rules', $2, $3, $4, 'org', '{}', $5, true, '1.0.0', $6)
       RETURNING id`,
      [randomUUID(), ids.connection, ids.workspace, author, randomUUID(), rollout.id],
    );
    const [job] = await worker.sql<{ id: string }>(
      `INSERT INTO deployments.jobs (deployment_id, kind, released_at) VALUES ($1, 'deploy', now()) RETURNING id`,
      [deployment.id],
    );
    const queue = await openWorkQueue<DeploymentJobMessage>(worker.busConfig, 'deployments-test', {
      ...DEPLOYMENT_QUEUE,
      ackWaitMs: 30_000,
    });
    await queue.enqueue(job.id, { jobId: job.id, deploymentId: deployment.id, kind: 'deploy' });
    return { deploymentId: deployment.id, jobId: job.id };
  }

  /** The job once it has ended (after `timeoutMs`, as it stands). */
  async function ended(
    jobId: string,
    timeoutMs = 20_000,
  ): Promise<{ status: string; error: string | null; attempts: number }> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const [job] = await worker.sql<{ status: string; error: string | null; attempts: number }>(
        `SELECT status, error, attempts FROM deployments.jobs WHERE id = $1`,
        [jobId],
      );
      if (!['queued', 'running'].includes(job.status) || Date.now() > until) return job;
      await sleep(50);
    }
  }

  /** The deployment's log as its reader sees it: `level text`, in order. */
  async function logOf(jobId: string): Promise<string[]> {
    const lines = await worker.sql<{ level: string; text: string }>(
      `SELECT level, text FROM deployments.logs WHERE job_id = $1 ORDER BY seq`,
      [jobId],
    );
    return lines.map((line) => `${line.level} ${line.text}`);
  }

  async function deploymentOf(id: string): Promise<{ status: string; error: string | null }> {
    const [deployment] = await worker.sql<{ status: string; error: string | null }>(
      `SELECT status, error FROM deployments.deployments WHERE id = $1`,
      [id],
    );
    return deployment;
  }

  it(`fails on its first delivery, naming the limit, when the platform answers a configuration nested past ${CONFIGURATION_DEPTH_MAX} levels`, async () => {
    platform.reply = () => ({ status: 200, body: appliedNested(CONFIGURATION_DEPTH_MAX + 1) });
    const { deploymentId, jobId } = await queueRolloutJob();

    expect(await ended(jobId)).toEqual({ status: 'failed', error: LIMIT_MESSAGE, attempts: 1 });
    expect(await deploymentOf(deploymentId)).toEqual({ status: 'failed', error: LIMIT_MESSAGE });
    expect(await logOf(jobId)).toEqual([
      'info Deploying ruleset Payments Rules to organization org (release)',
      `error Failed: ${LIMIT_MESSAGE}`,
    ]);
    expect(platform.appliedReads).toBe(1);
  });

  it("fails on its first delivery with the platform's answer when it refuses the request (410)", async () => {
    const refusal = 'This organization was moved to another control plane';
    platform.reply = () => ({ status: 410, body: JSON.stringify({ message: refusal }) });
    const { deploymentId, jobId } = await queueRolloutJob();

    const job = await ended(jobId);
    expect(job).toMatchObject({ status: 'failed', attempts: 1 });
    expect(job.error).toContain('410');
    expect(job.error).toContain(refusal);
    expect(await deploymentOf(deploymentId)).toEqual({ status: 'failed', error: job.error });
    expect(await logOf(jobId)).toEqual([
      'info Deploying ruleset Payments Rules to organization org (release)',
      `error Failed: ${job.error}`,
    ]);
    expect(platform.appliedReads).toBe(1);
  });

  it('is tried again when the platform fails on its side (503), and says so in its log', async () => {
    platform.reply = () => ({ status: 503, body: JSON.stringify({ message: 'Try again later' }) });
    const { jobId } = await queueRolloutJob();

    // Once the first delivery has given up, the platform answers what ends the job.
    const retried = (lines: string[]) => lines.some((line) => line.includes('it will be tried again'));
    while (!retried(await logOf(jobId))) await sleep(25);
    platform.reply = () => ({ status: 200, body: appliedNested(CONFIGURATION_DEPTH_MAX + 1) });

    const job = await ended(jobId);
    expect(job).toMatchObject({ status: 'failed', error: LIMIT_MESSAGE });
    expect(job.attempts).toBeGreaterThanOrEqual(2);
    const log = await logOf(jobId);
    expect(log[1]).toMatch(/^warn Attempt 1 failed \(.*503.*Try again later\); it will be tried again$/);
    expect(log).toContain('warn Attempt 2: resuming after the last completed step');
    expect(log.at(-1)).toBe(`error Failed: ${LIMIT_MESSAGE}`);
  });
});
