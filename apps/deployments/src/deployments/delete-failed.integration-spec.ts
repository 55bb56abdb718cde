import { DeploymentsRpc } from '@pc/contracts';
import { serviceUnderTest } from '@pc/testing';
import { codeOf, type Deployer, DeploymentsUnderTest } from '../testing/deployments-under-test';

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
    await service.request(DeploymentsRpc.deleteFailed, d.user.ctx, {});
  });

  it("deletes a roll-out's failed deployment as DELETE of it would: not before the roll-out ends, nor once its author left the workspace", async () => {
    const team = service.workspace(service.user());
    service.member(team, d.user);
    const policy = await service.policy(d.user);
    const { rollout } = await service.rollOut(d, {
      policyId: policy.id,
      workspaceId: team,
      version: '1.0.0',
      steps: [[d.tenant.paymentsId], [d.tenant.cardsId]],
    });
    const started = await service.rollout(
      d.user.ctx,
      rollout.id,
      (r) => r.steps[0].organizations[0].deployment_id !== null,
    );
    const id = started.steps[0].organizations[0].deployment_id!;
    // Paused, the roll-out stays as it is (a running one would halt on the failure, then end).
    await service.request(DeploymentsRpc.rolloutAction, d.user.ctx, { id: rollout.id, action: 'pause' });
    await service.sql(`UPDATE deployments.deployments SET status = 'failed' WHERE id = $1`, [id]);
    const own = await failed(policy.id, d.workspaceId);
    const failedIds = async () =>
      (await service.request(DeploymentsRpc.listFailed, d.user.ctx, {})).deployments.map((f) => f.id);

    // The roll-out has not ended (its rollback would restore the organization through this deployment).
    expect(await codeOf(service.request(DeploymentsRpc.remove, d.user.ctx, { id }))).toBe(
      'DEPLOYMENTS.NOT_DELETABLE',
    );
    expect(await failedIds()).toEqual([own]);
    expect(await service.request(DeploymentsRpc.deleteFailed, d.user.ctx, {})).toEqual({
      deletedCount: 1,
      deletedDeploymentIds: [own],
    });

    // Ended, but its author left the workspace: DELETE is a 404, and delete-failed leaves it too.
    await service.request(DeploymentsRpc.rolloutAction, d.user.ctx, { id: rollout.id, action: 'abort' });
    service.removeMember(team, d.user);
    try {
      expect(await codeOf(service.request(DeploymentsRpc.remove, d.user.ctx, { id }))).toBe('NOT_FOUND');
      expect(await failedIds()).toEqual([]);
      expect((await service.request(DeploymentsRpc.deleteFailed, d.user.ctx, {})).deletedCount).toBe(0);
    } finally {
      service.member(team, d.user);
    }
    expect(await service.count('deployments.deployments WHERE id = $1', [id])).toBe(1);

    // A member again, once the roll-out has ended: deleted.
    expect(await failedIds()).toEqual([id]);
    expect(await service.request(DeploymentsRpc.deleteFailed, d.user.ctx, {})).toEqual({
      deletedCount: 1,
      deletedDeploymentIds: [id],
    });
  });
});
