import { randomUUID } from 'node:crypto';
import { type DeploymentDriftedEvent, DeploymentsEvents, IdentityRpc } from '@pc/contracts';
import { identityUnderTest } from '../testing/identity-under-test';

/** A deployment's drift reaching its author's inbox from the deployments service's durable event. */
describe('drift in the inbox (identity service, real PostgreSQL)', () => {
  const identity = identityUnderTest();

  it("tells a deployment's author while they are a member of its workspace, and not after", async () => {
    const author = await identity.newUser();
    const [team, left] = [randomUUID(), randomUUID()];
    identity.role(author.id, team, 'member');
    const drifted = (workspaceId: string | undefined, assetName: string): DeploymentDriftedEvent => ({
      eventId: randomUUID(),
      deployment_id: randomUUID(),
      created_by: author.id,
      ...(workspaceId ? { workspace_id: workspaceId } : {}),
      asset_name: assetName,
      platform_org_id: 'org-1',
      platform_org_name: 'Payments',
      differences: [{ field: 'presence', expected: true, actual: false }],
    });
    const publish = (event: DeploymentDriftedEvent) =>
      identity.publish(DeploymentsEvents.deploymentDrifted, event.eventId, event);

    // Of a workspace they are no longer a member of (or never were): nothing; of theirs, and an event
    // written before events named the workspace: told. The events are handled in order.
    await publish(drifted(left, 'Rate Guard in a workspace left'));
    await publish(drifted(team, 'Rate Guard'));
    await publish(drifted(undefined, 'Older Guard'));
    const deadline = Date.now() + 10_000;
    let titles: string[] = [];
    while (titles.length < 2 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      titles = (await identity.request(IdentityRpc.listNotifications, author.session, {})).notifications.map(
        (n) => n.title,
      );
    }
    await new Promise((r) => setTimeout(r, 300));
    titles = (await identity.request(IdentityRpc.listNotifications, author.session, {})).notifications.map(
      (n) => n.title,
    );
    expect(titles.sort()).toEqual(['Older Guard drifted in Payments', 'Rate Guard drifted in Payments']);
  });
});
