import { CatalogCallerStateRpc, CatalogRpc } from '@pc/contracts';
import { anonymous, catalogUnderTest } from '../testing/catalog-under-test';

// A caller's own part of public policy reads, as the gateway asks for it to add it to shared answers.
describe("catalog: the caller's part of public reads", () => {
  const t = catalogUnderTest();

  it('tells the policies the caller likes and owns, and whether one they own is not published', async () => {
    const owner = t.newUser();
    const reader = t.newUser();
    const published = await t.publishedPolicy(owner.id);
    const other = await t.publishedPolicy(owner.id);
    await t.request(CatalogRpc.toggleLike, reader.ctx, { id: published });
    await t.request(CatalogRpc.toggleLike, reader.ctx, { id: other });
    await t.request(CatalogRpc.toggleLike, reader.ctx, { id: other });

    expect(await t.request(CatalogCallerStateRpc.get, reader.ctx, {})).toEqual({
      liked: [published],
      owned: [],
      ownsUnpublished: false,
      complete: true,
    });
    const owners = await t.request(CatalogCallerStateRpc.get, owner.ctx, {});
    expect(owners).toMatchObject({ liked: [], ownsUnpublished: false, complete: true });
    expect([...owners.owned].sort()).toEqual([published, other].sort());

    const { policyId: underReview } = await t.policyUnderReview(owner.id);
    const later = await t.request(CatalogCallerStateRpc.get, owner.ctx, {});
    expect(later.owned).toContain(underReview);
    expect(later.ownsUnpublished).toBe(true);
  });

  it("tells an anonymous caller's part as empty", async () => {
    expect(await t.request(CatalogCallerStateRpc.get, anonymous(), {})).toEqual({
      liked: [],
      owned: [],
      ownsUnpublished: false,
      complete: true,
    });
  });
});
