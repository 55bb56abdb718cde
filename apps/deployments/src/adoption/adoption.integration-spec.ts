import { DeploymentsRpc } from '@pc/contracts';
import { anonymous, serviceUnderTest } from '@pc/testing';
import { codeOf, DeploymentsUnderTest } from '../testing/deployments-under-test';

jest.setTimeout(120_000);

/** Adoption per version, from the ledger the workers write: counts for anyone who sees the item. */
describe('adoption per version', () => {
  const service = serviceUnderTest(new DeploymentsUnderTest({ workers: 1 }));

  it("counts each organization once, by the release its last change left, for anyone who sees the item; 404 for an item they don't", async () => {
    const d = await service.deployer(1);
    const ruleset = await service.ruleset(d.user, { published: true });
    const release = async (orgs: string[], version: string) => {
      const res = await service.deploy(d, {
        assetType: 'ruleset',
        rulesetId: ruleset.id,
        targetOrganizationIds: orgs,
        doRelease: true,
        version,
      });
      for (const r of res.results)
        expect((await service.settled(d.user.ctx, r.deployment!.id)).status).toBe('succeeded');
    };
    const adoptionAs = (ctx = service.user().ctx) =>
      service.request(DeploymentsRpc.adoption, ctx, { assetType: 'ruleset', id: ruleset.id });

    expect(await adoptionAs()).toEqual({ adoption: { versions: [], organizations: 0 } });
    const [payments, cards, team] = [d.tenant.paymentsId, d.tenant.cardsId, d.tenant.teamIds[0]];
    await release([payments, cards, team], '1.0.0');
    await release([payments, cards], '1.1.0');
    // A dev build (no release) is not adoption of a version.
    await service.deploy(d, {
      assetType: 'ruleset',
      rulesetId: ruleset.id,
      targetOrganizationIds: [team],
      doPublish: true,
    });

    const { adoption } = await adoptionAs();
    expect(adoption.versions[0]).toEqual({ version: '1.1.0', organizations: 2 });
    expect(adoption.organizations).toBe(adoption.versions.reduce((n, v) => n + v.organizations, 0));
    // Signed out: the same counts, and nothing that names an organization or a person.
    const open = await adoptionAs(anonymous());
    expect(open).toEqual({ adoption });
    expect(JSON.stringify(open)).not.toContain(payments);

    const hidden = await service.ruleset(d.user);
    expect(
      await codeOf(
        service.request(DeploymentsRpc.adoption, service.user().ctx, { assetType: 'ruleset', id: hidden.id }),
      ),
    ).toBe('NOT_FOUND');
    expect(
      (await service.request(DeploymentsRpc.adoption, d.user.ctx, { assetType: 'ruleset', id: hidden.id }))
        .adoption.organizations,
    ).toBe(0);
  });
});
