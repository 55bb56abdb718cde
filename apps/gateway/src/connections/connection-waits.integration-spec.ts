import { randomUUID } from 'node:crypto';
import { ConnectionsRpc, DeploymentsRpc, type Rollout, type RpcDescriptor } from '@pc/contracts';
import { gatewayUnderTest } from '../testing/gateway-under-test';

/** The gateway's default wait on the bus here; the stand-in answers after it. */
const BUS_TIMEOUT_MS = 300;
const ANSWER_AFTER_MS = 900;

const credentials = {
  host: 'us',
  clientId: 'client',
  clientSecret: 'client-secret',
  organizationId: '3f1f4d3e-2f5c-4a8e-9d7b-0c6a2b1e9f00',
};

/**
 * The routes that reach the platform wait past the connections service's own deadlines (a credential
 * check's, the deployments sweep's), not the bus's default: the service's answer reaches the caller
 * rather than a 504 while it is still at work. So do the routes that ask which organizations a connection
 * may deploy to (a read of the platform within a credential check's deadline): the eligible list, and a
 * deployment request, plan or roll-out (whose service waits that long for the list). With stand-ins for
 * the services that answer after the default wait.
 */
describe('routes that reach the platform wait for their answer (stand-ins for the services)', () => {
  const slow: Array<RpcDescriptor<unknown, unknown>> = [
    ConnectionsRpc.validate,
    ConnectionsRpc.create,
    ConnectionsRpc.update,
    ConnectionsRpc.discoverOrgs,
    ConnectionsRpc.listOrgs,
    ConnectionsRpc.sync,
    ConnectionsRpc.refresh,
  ];
  const eligible = [
    ConnectionsRpc.listEligibleOrgs,
    DeploymentsRpc.create,
    DeploymentsRpc.plan,
    DeploymentsRpc.createRollout,
  ];
  const gateway = gatewayUnderTest(
    [...slow, ConnectionsRpc.impact, ...eligible],
    {},
    { timeoutMs: BUS_TIMEOUT_MS },
  );
  const later =
    <T>(answer: T) =>
    async (): Promise<T> => {
      await new Promise((resolve) => setTimeout(resolve, ANSWER_AFTER_MS));
      return answer;
    };
  const ids = { policyId: randomUUID(), connectionId: randomUUID(), workspaceId: randomUUID() };

  beforeAll(() => {
    for (const descriptor of [...slow, ConnectionsRpc.impact])
      gateway.reply(descriptor, later({ connection: { id: randomUUID() }, ok: true }));
    gateway.reply(ConnectionsRpc.listEligibleOrgs, later({ orgs: [], truncated: false }));
    gateway.reply(DeploymentsRpc.create, later({ status: 207, results: [] }));
    gateway.reply(DeploymentsRpc.plan, later({ dryRun: true, assetId: 'asset', targets: [] }));
    gateway.reply(
      DeploymentsRpc.createRollout,
      later({ rollout: { id: randomUUID(), workspace_id: ids.workspaceId } as Rollout }),
    );
  });

  const id = randomUUID();
  const { host: _host, ...newCredentials } = credentials;
  const routes: Array<[string, string, unknown, number]> = [
    ['POST', '/api/connections/validate', credentials, 200],
    ['POST', '/api/connections', { name: 'Slow', ...credentials }, 200],
    ['PATCH', `/api/connections/${id}`, newCredentials, 200],
    [
      'POST',
      '/api/connections/organizations',
      { host: 'us', clientId: 'client', clientSecret: 'secret' },
      200,
    ],
    ['GET', `/api/connections/${id}/orgs`, undefined, 200],
    ['POST', `/api/connections/${id}/sync`, undefined, 200],
    ['POST', `/api/connections/${id}/refresh`, undefined, 200],
    ['GET', `/api/policies/${ids.policyId}/orgs?connectionId=${ids.connectionId}`, undefined, 200],
    ['POST', '/api/deployments', { ...ids, targetOrganizationIds: ['org'] }, 207],
    ['POST', '/api/deployments', { ...ids, targetOrganizationIds: ['org'], dryRun: true }, 200],
    ['POST', '/api/rollouts', { ...ids, version: '1.0.0', steps: [['org']] }, 201],
  ];

  it.each(routes)(
    '%s %s answers what the service answers after the bus default',
    async (method, url, body, status) => {
      const { token } = gateway.user();
      const res = await gateway.fetch(method, url, { token, body });
      expect(res.status).toBe(status);
    },
  );

  it('answers 504 past the default on a route that does not reach the platform', async () => {
    const { token } = gateway.user();
    expect((await gateway.fetch('GET', `/api/connections/${id}/impact`, { token })).status).toBe(504);
  });
});
