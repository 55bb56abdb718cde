import { randomUUID } from 'node:crypto';
import { CatalogRpc, type Idea, IDEA_LIST_LIMIT, IDEA_LIST_OFFSET_MAX, type IdeaSort } from '@pc/contracts';
import { RemoteError } from '@pc/platform';
import { catalogUnderTest, codeOf } from '../testing/catalog-under-test';

// Ideas through the catalog's bus contract: the administrator's decision once, and which ideas a
// submission may declare (the submission routes' statuses stay in catalog-community.e2e-spec.ts).
describe('catalog ideas through the bus', () => {
  const t = catalogUnderTest();
  const newIdea = async (decision?: 'approve' | 'reject'): Promise<Idea> => {
    const { idea } = await t.request(CatalogRpc.submitIdea, t.newUser().ctx, {
      title: `Idea ${t.unique()}`,
      description: 'Guard every operation by the OAuth scopes it needs.',
    });
    if (decision === 'approve')
      return (await t.request(CatalogRpc.approveIdea, t.admin, { id: idea.id })).idea;
    if (decision === 'reject') return (await t.request(CatalogRpc.rejectIdea, t.admin, { id: idea.id })).idea;
    return idea;
  };

  it('lets the administrator approve or reject an idea once', async () => {
    const idea = await newIdea();
    expect(await codeOf(t.request(CatalogRpc.approveIdea, t.newUser().ctx, { id: idea.id }))).toBe(
      'FORBIDDEN',
    );
    expect((await t.request(CatalogRpc.approveIdea, t.admin, { id: idea.id })).idea.status).toBe('approved');
    expect(await codeOf(t.request(CatalogRpc.rejectIdea, t.admin, { id: idea.id }))).toBe(
      'CATALOG.IDEA_DECIDED',
    );
    expect(await codeOf(t.request(CatalogRpc.approveIdea, t.admin, { id: randomUUID() }))).toBe('NOT_FOUND');
  });

  it('refuses to declare an idea that is pending, rejected, unknown or listed twice', async () => {
    const user = t.newUser();
    const [pending, rejected, approved] = [
      await newIdea(),
      await newIdea('reject'),
      await newIdea('approve'),
    ];
    const check = (ideaIds: string[]) =>
      t.request(CatalogRpc.checkIdeas, user.ctx, { ideas: ideaIds.map((ideaId) => ({ ideaId })) });
    for (const id of [pending.id, rejected.id, randomUUID()]) {
      const refused = (await check([approved.id, id]).catch((e: unknown) => e)) as RemoteError;
      expect(refused).toBeInstanceOf(RemoteError);
      expect(refused.payload.code).toBe('CATALOG.IDEA_DECLARATION_INVALID');
      expect(refused.payload.details).toEqual([expect.objectContaining({ field: 'deliversIdeaIds' })]);
      expect(refused.payload.details![0].message).toContain(id);
    }
    expect(await codeOf(check([approved.id, approved.id]))).toBe('CATALOG.IDEA_DECLARATION_INVALID');
    expect(await check([approved.id])).toEqual({ ok: true });
  });

  it("delivers another service's resource's ideas once, however often it is asked (its retries after a lost reply)", async () => {
    const idea = await newIdea('approve');
    const rulesetId = randomUUID();
    const ref = { resourceType: 'ruleset' as const, resourceId: rulesetId };
    await t.request(CatalogRpc.declareIdeas, t.newUser().ctx, { ...ref, ideas: [{ ideaId: idea.id }] });
    const deliver = () => t.request(CatalogRpc.deliverIdeas, t.admin, { ...ref, resourceName: 'Spec Rules' });
    expect(await deliver()).toEqual({ delivered: 1 });
    expect(await deliver()).toEqual({ delivered: 0 });
    const { deliveries } = await t.request(CatalogRpc.listIdeaDeliveries, t.newUser().ctx, {
      resourceType: 'ruleset',
      resourceIds: [rulesetId],
    });
    expect(deliveries[rulesetId]).toEqual([expect.objectContaining({ id: idea.id, phase: 'delivered' })]);
    // Its submitter hears of it once.
    const announced = await t.sql(
      `SELECT 1 FROM catalog.outbox WHERE pattern = 'catalog.idea.delivered.v1' AND payload->>'ideaId' = $1`,
      [idea.id],
    );
    expect(announced).toHaveLength(1);
  });

  it('gives each idea a ruleset declares or delivers its slug: the words of its title, else its id', async () => {
    const idea = async (title: string) => {
      const { idea: submitted } = await t.request(CatalogRpc.submitIdea, t.newUser().ctx, {
        title,
        description: 'Guard every operation by the OAuth scopes it needs.',
      });
      return (await t.request(CatalogRpc.approveIdea, t.admin, { id: submitted.id })).idea;
    };
    const [worded, unworded] = [
      await idea('Rate-limit by Client ID (v2) à la carte'),
      await idea('速率限制'),
    ];
    const ref = { resourceType: 'ruleset' as const, resourceId: randomUUID() };
    await t.request(CatalogRpc.declareIdeas, t.newUser().ctx, {
      ...ref,
      ideas: [{ ideaId: worded.id }, { ideaId: unworded.id }],
    });
    const { deliveries } = await t.request(CatalogRpc.listIdeaDeliveries, t.newUser().ctx, {
      resourceType: 'ruleset',
      resourceIds: [ref.resourceId],
    });
    expect(deliveries[ref.resourceId]).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: worded.id, slug: 'rate-limit-by-client-id-v2-a-la-carte' }),
        expect.objectContaining({ id: unworded.id, slug: unworded.id }),
      ]),
    );
  });

  it('reaches every idea by cursor, past the deepest offset, in either sort, each once', async () => {
    // More approved ideas than the deepest offset reaches, made at one instant (ties on the creation
    // time, and on the votes: 0 to 2), and the other tests' ideas beside them.
    const owner = t.newUser();
    await t.sql(
      `INSERT INTO catalog.ideas (title, description, status, votes, submitter_id)
       SELECT 'Bulk idea ' || g, 'Made in bulk.', 'approved', g % 3, $1
         FROM generate_series(1, $2::int) g`,
      [owner.id, IDEA_LIST_OFFSET_MAX + 150],
    );
    const reader = t.newUser().ctx;
    const [{ visible }] = await t.sql<{ visible: number }>(
      `SELECT count(*)::int AS visible FROM catalog.ideas WHERE status IN ('approved', 'delivered')`,
    );
    const limit = IDEA_LIST_LIMIT.max;
    for (const sort of ['newest', 'votes'] as IdeaSort[]) {
      // From the deepest offset, the cursors go on to the end.
      let page = await t.request(CatalogRpc.listIdeas, reader, { sort, limit, offset: IDEA_LIST_OFFSET_MAX });
      const seen = [...page.ideas];
      while (page.nextCursor) {
        page = await t.request(CatalogRpc.listIdeas, reader, { sort, limit, cursor: page.nextCursor });
        seen.push(...page.ideas);
      }
      expect(page.hasMore).toBe(false);
      expect(seen).toHaveLength(visible - IDEA_LIST_OFFSET_MAX);
      expect(new Set(seen.map((i) => i.id)).size).toBe(seen.length);
      // In the sort's order throughout, and where the offsets left off.
      const order = (i: Idea) =>
        sort === 'votes' ? [-i.votes, -Date.parse(i.created_at)] : [-Date.parse(i.created_at)];
      const before = await t.request(CatalogRpc.listIdeas, reader, {
        sort,
        limit,
        offset: IDEA_LIST_OFFSET_MAX - limit,
      });
      const joined = [...before.ideas, ...seen];
      for (let n = 1; n < joined.length; n++) {
        const [a, b] = [order(joined[n - 1]), order(joined[n])];
        const cmp = a[0] - b[0] || (a[1] ?? 0) - (b[1] ?? 0) || (joined[n - 1].id < joined[n].id ? -1 : 1);
        expect(cmp).toBeLessThan(0);
      }
    }
  });

  it('refuses a cursor of the other sort, one it did not make, and a cursor with an offset', async () => {
    const reader = t.newUser().ctx;
    const { nextCursor } = await t.request(CatalogRpc.listIdeas, reader, { sort: 'newest', limit: 1 });
    expect(nextCursor).toEqual(expect.any(String));
    const forged = Buffer.from(JSON.stringify(['ideas-votes', 'x/y', randomUUID()])).toString('base64url');
    for (const request of [
      { sort: 'votes' as const, cursor: nextCursor! },
      { sort: 'votes' as const, cursor: forged },
      { sort: 'newest' as const, cursor: nextCursor!, offset: 0 },
    ])
      expect(await codeOf(t.request(CatalogRpc.listIdeas, reader, request))).toBe('BAD_REQUEST');
  });
});
