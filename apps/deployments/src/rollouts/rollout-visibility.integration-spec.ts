import { DeploymentsRpc, type Rollout } from '@pc/contracts';
import { serviceUnderTest } from '@pc/testing';
import { codeOf, type Deployer, DeploymentsUnderTest } from '../testing/deployments-under-test';

jest.setTimeout(60_000);

/**
 * What an author removed from a workspace still sees of the roll-outs they started there: nothing, in the
 * lists as by id. No worker: the roll-outs' deployments stay queued, which is all the rules need.
 */
describe('the lists of an author removed from a roll-out’s workspace', () => {
  const service = serviceUnderTest(new DeploymentsUnderTest());
  let d: Deployer;

  beforeAll(async () => {
    d = await service.deployer(2);
  });

  /** A roll-out of a new ruleset in `workspaceId` to one organization, once its deployment is made. */
  async function rollOutIn(workspaceId: string, organizationId: string): Promise<Rollout> {
    const ruleset = await service.ruleset(d.user);
    const { rollout } = await service.rollOut(d, {
      assetType: 'ruleset',
      rulesetId: ruleset.id,
      workspaceId,
      version: '1.0.0',
      steps: [[organizationId]],
    });
    return service.rollout(d.user.ctx, rollout.id, (r) => r.steps[0].organizations[0].deployment_id !== null);
  }

  /** Every page of a list, `limit` at a time. */
  async function pages<T>(
    read: (cursor?: string) => Promise<{ items: T[]; next: string | null }>,
  ): Promise<T[][]> {
    const all: T[][] = [];
    let cursor: string | undefined;
    do {
      const page = await read(cursor);
      all.push(page.items);
      cursor = page.next ?? undefined;
    } while (cursor);
    return all;
  }

  it('lists neither the roll-outs nor their deployments, and pages what is left exactly', async () => {
    // Ordinary deployments of the author, then (newer) a roll-out in a workspace they will leave and one
    // in a workspace they stay in.
    const ordinary: string[] = [];
    for (let i = 0; i < 3; i++) {
      const ruleset = await service.ruleset(d.user);
      const res = await service.deploy(d, { assetType: 'ruleset', rulesetId: ruleset.id, version: '1.0.0' });
      ordinary.push(res.results[0].deployment!.id);
    }
    const left = service.workspace(service.user());
    service.member(left, d.user);
    const kept = service.workspace(d.user);
    const gone = await rollOutIn(left, d.tenant.teamIds[0]);
    const stays = await rollOutIn(kept, d.tenant.teamIds[1]);
    const goneDeployment = gone.steps[0].organizations[0].deployment_id!;
    const staysDeployment = stays.steps[0].organizations[0].deployment_id!;

    const deploymentPages = () =>
      pages(async (cursor) => {
        const res = await service.request(DeploymentsRpc.list, d.user.ctx, { limit: 2, cursor });
        return { items: res.deployments.map((x) => x.id), next: res.pagination.next_cursor };
      });
    const rolloutPages = () =>
      pages(async (cursor) => {
        const res = await service.request(DeploymentsRpc.listRollouts, d.user.ctx, { limit: 1, cursor });
        return { items: res.rollouts.map((x) => x.id), next: res.nextCursor };
      });
    expect((await deploymentPages()).flat()).toContain(goneDeployment);
    expect((await rolloutPages()).flat()).toEqual([stays.id, gone.id]);

    service.removeMember(left, d.user);
    // By id: gone, as designed.
    expect(await codeOf(service.request(DeploymentsRpc.getRollout, d.user.ctx, { id: gone.id }))).toBe(
      'NOT_FOUND',
    );
    expect(await codeOf(service.request(DeploymentsRpc.get, d.user.ctx, { id: goneDeployment }))).toBe(
      'NOT_FOUND',
    );
    // In the lists too, every page full but the last: the filter is the query's, not a cut of its rows.
    expect(await deploymentPages()).toEqual([
      [staysDeployment, ordinary[2]],
      [ordinary[1], ordinary[0]],
    ]);
    expect(await rolloutPages()).toEqual([[stays.id]]);
    // A list of one item's deployments keeps the rule as well.
    const ofGone = await service.request(DeploymentsRpc.list, d.user.ctx, { rulesetId: gone.ruleset_id! });
    expect(ofGone.deployments).toEqual([]);

    // Back in the workspace, they are listed again.
    service.member(left, d.user);
    expect((await rolloutPages()).flat()).toEqual([stays.id, gone.id]);
  });
});
