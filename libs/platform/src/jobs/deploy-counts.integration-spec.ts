import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DeploymentsEvents, type DeploymentSucceededEvent } from '@pc/contracts';
import { testBus } from '@pc/testing';
import { subscribeDeployCounts } from './deploy-counts';
import { DurableEventsClient } from './durable-events.client';

const succeeded = (over: Partial<DeploymentSucceededEvent>): DeploymentSucceededEvent => ({
  deployment_id: randomUUID(),
  asset_type: 'policy',
  policy_id: null,
  ruleset_id: null,
  workspace_id: randomUUID(),
  connection_id: randomUUID(),
  platform_org_id: 'org-1',
  ...over,
});

/** A service counts only its own kind of asset, by event id, over JetStream and in embedded mode. */
describe.each(['nats', 'in-process'] as const)('deploy counts from durable events on %s', (kind) => {
  let events: DurableEventsClient;

  beforeAll(() => {
    events = new DurableEventsClient(testBus(kind), 'deploy-counts-spec');
  });
  afterAll(() => events.onApplicationShutdown());

  it("hands the service's counter each event of its kind with the event id, and skips the others", async () => {
    const counted: Array<[string, string]> = [];
    subscribeDeployCounts(
      events,
      'catalog',
      (event) => (event.asset_type === 'policy' ? event.policy_id : null),
      (eventId, policyId) => Promise.resolve(void counted.push([eventId, policyId])),
    );
    const policyId = randomUUID();
    const [first, ruleset, second] = [randomUUID(), randomUUID(), randomUUID()];
    await events.publish(DeploymentsEvents.deploymentSucceeded, first, succeeded({ policy_id: policyId }));
    await events.publish(
      DeploymentsEvents.deploymentSucceeded,
      ruleset,
      succeeded({ asset_type: 'ruleset', ruleset_id: randomUUID() }),
    );
    await events.publish(DeploymentsEvents.deploymentSucceeded, second, succeeded({ policy_id: policyId }));
    const deadline = Date.now() + 10_000;
    while (counted.length < 2 && Date.now() < deadline) await sleep(20);
    await sleep(200);
    // Handled in any order (the consumer may run deliveries side by side).
    expect(counted.sort()).toEqual(
      [
        [first, policyId],
        [second, policyId],
      ].sort(),
    );
  });
});
