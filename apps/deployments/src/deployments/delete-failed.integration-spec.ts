import { DeploymentsRpc } from '@pc/contracts';
import { serviceUnderTest } from '@pc/testing';
import { type Deployer, DeploymentsUnderTest } from '../testing/deployments-under-test';

/**
 * Deleting the caller's failed deployments at once, and listing what that would delete with each
 * deployment's workspace (what the gateway's audit asks before the deletion, so that each workspace's
 * log shows its own). No worker: the deployments are made failed in the database.
 */
describe("deleting the caller's failed deployments", () => {
  const service = serviceUnderTest(new DeploymentsUnderTest());
  let d: Deployer;

  beforeAll(async () => {
    d = await service.deployer();
  });

  /** A deployment of `policyId` by `d` in `workspaceId`, failed. */
  async function failed(policyId: string, workspaceId: string): Promise<string> {
    const { results } = await service.deploy(d, { policyId, workspaceId });
    const id = results[0].deployment!.id;
    await service.sql(`UPDATE deployments.deployments SET status = 'failed' WHERE id = $1`, [id]);
    return id;
  }

  it('lists what it would delete with each workspace, across workspaces and by policy, then deletes exactly that', async () => {
    const team = service.workspace(service.user());
    service.member(team, d.user);
    const [policy, other] = [await service.policy(d.user), await service.policy(d.user)];
    const own = await failed(policy.id, d.workspaceId);
    const teams = await failed(policy.id, team);
    const otherPolicy = await failed(other.id, team);
    const stranger = await service.deployer();

    const all = await service.request(DeploymentsRpc.listFailed, d.user.ctx, {});
    expect(new Map(all.deployments.map((f) => [f.id, f.workspace_id]))).toEqual(
      new Map([
        [own, d.workspaceId],
        [teams, team],
        [otherPolicy, team],
      ]),
    );
    const ofPolicy = await service.request(DeploymentsRpc.listFailed, d.user.ctx, { policyId: policy.id });
    expect(ofPolicy.deployments.map((f) => f.id).sort()).toEqual([own, teams].sort());
    expect(await service.request(DeploymentsRpc.listFailed, stranger.user.ctx, {})).toEqual({
      deployments: [],
    });

    const deleted = await service.request(DeploymentsRpc.deleteFailed, d.user.ctx, { policyId: policy.id });
    expect(deleted.deletedDeploymentIds.sort()).toEqual([own, teams].sort());
    expect(await service.request(DeploymentsRpc.listFailed, d.user.ctx, {})).toEqual({
      deployments: [{ id: otherPolicy, workspace_id: team }],
    });
  });
});
