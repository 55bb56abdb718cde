import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadEnv, type RunningService, SERVICE_PINGS, startService } from '@pc/platform';
import { peerService, testBus } from '@pc/testing';
import { createMcpApp } from './mcp.app';
import { McpEnv } from './mcp.env';

type Service = keyof typeof SERVICE_PINGS;
/** What the tools call: tokens (identity), the catalog and rulesets, workspaces, connections, deployments. */
const NEEDED: Service[] = ['identity', 'catalog', 'rulesets', 'workspaces', 'connections', 'deployments'];

/**
 * The tool server run alone (distributed mode) is ready when every service its tools call answers; a
 * missing one is named in /health/ready, as the gateway's readiness names it.
 */
describe("the tool server's readiness", () => {
  const bus = testBus('nats');
  const services: RunningService[] = [];
  let app: NestFastifyApplication;

  const start = async (...names: Service[]) => {
    for (const name of names)
      services.push(await startService(peerService(name, SERVICE_PINGS[name], []), bus));
  };
  const ready = async () => {
    const response = await app.getHttpAdapter().getInstance().inject({ method: 'GET', url: '/health/ready' });
    return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
  };
  /** The verdicts with `missing` not answering: the bus, then each service by name. */
  const verdicts = (missing: Service[]) => ({
    bus: 'ok',
    ...Object.fromEntries(NEEDED.map((s) => [s, missing.includes(s) ? 'no answer' : 'ok'])),
  });

  beforeAll(async () => {
    app = await createMcpApp(loadEnv(McpEnv, { NATS_URL: 'set' }), bus);
    await start('identity', 'catalog', 'rulesets', 'connections');
  });
  afterAll(async () => {
    await app?.close();
    for (const service of services) await service.close();
  });

  it('is not ready while a service its tools call is missing, and names each missing one', async () => {
    // list_workspaces and plan_deployment would fail: the workspaces and deployments services are down.
    expect(await ready()).toEqual({
      status: 503,
      body: expect.objectContaining({ details: verdicts(['workspaces', 'deployments']) }),
    });
    await start('workspaces', 'deployments');
    expect(await ready()).toEqual({ status: 200, body: { ok: true, checks: verdicts([]) } });
  });
});
