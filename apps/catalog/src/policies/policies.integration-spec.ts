import { randomUUID } from 'node:crypto';
import { CatalogRpc } from '@pc/contracts';
import { anonymous, catalogUnderTest, codeOf } from '../testing/catalog-under-test';

// Policies at the service level: search, the vendor index, who sees an unpublished policy and its
// submission, designated reviewers and the history's pages (the routes stay in catalog-policies.e2e-spec.ts).
describe('catalog policies', () => {
  const t = catalogUnderTest();

  it('finds a policy by its words and by part of a word', async () => {
    const user = t.newUser();
    const policyId = await t.publishedPolicy(user.id, { name: 'Xylophone OAuth Bridge' });
    const ids = async (q: string) =>
      (await t.request(CatalogRpc.listPolicies, anonymous(), { q })).policies.map((p) =>
        'id' in p ? p.id : p.slug,
      );
    expect(await ids('xylophone oauth')).toContain(policyId);
    expect(await ids('ylophone')).toContain(policyId);
  });

  it('names its owner as its contributor, as a ruleset does', async () => {
    const user = t.newUser();
    const policyId = await t.publishedPolicy(user.id);
    const { policy } = await t.request(CatalogRpc.getPolicy, anonymous(), { id: policyId });
    expect(policy.owner_name).toEqual(expect.any(String));
    expect(policy.contributors).toEqual([
      { user_id: user.id, username: policy.owner_username, name: policy.owner_name },
    ]);
  });

  it('lists the vendor index and serves a vendor policy by slug; reloading is for administrators', async () => {
    const list = await t.request(CatalogRpc.listPolicies, anonymous(), { source: 'vendor', q: 'rate' });
    expect(list.policies.map((p) => p.slug)).toContain('rate-limiting');
    expect(list.policies[0]).not.toHaveProperty('body_md');
    const { policy } = await t.request(CatalogRpc.getVendorPolicy, anonymous(), { slug: 'cors' });
    expect(policy.body_md).toContain('preflight');
    expect(await codeOf(t.request(CatalogRpc.getVendorPolicy, anonymous(), { slug: 'no-such-policy' }))).toBe(
      'NOT_FOUND',
    );
    expect(await codeOf(t.request(CatalogRpc.reloadVendorIndex, t.newUser().ctx, {}))).toBe('FORBIDDEN');
    expect((await t.request(CatalogRpc.reloadVendorIndex, t.admin, {})).policies).toBeGreaterThanOrEqual(10);
  });

  it('pages the vendor index by its nextCursor, every entry exactly once, as community pages', async () => {
    const all = await t.request(CatalogRpc.listPolicies, anonymous(), { source: 'vendor', limit: 100 });
    expect(all.policies.length).toBeGreaterThan(5);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = await t.request(CatalogRpc.listPolicies, anonymous(), {
        source: 'vendor',
        limit: 4,
        cursor,
      });
      seen.push(...page.policies.map((p) => ('slug' in p ? p.slug : '')));
      expect(page.nextCursor === null).toBe(!page.hasMore);
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(all.policies.map((p) => ('slug' in p ? p.slug : '')));
    // A community cursor is no vendor cursor.
    expect(
      await codeOf(t.request(CatalogRpc.listPolicies, anonymous(), { source: 'vendor', cursor: 'bm9wZQ' })),
    ).toBe('BAD_REQUEST');
  });

  it('lists the vendor index by name in the order asked, whatever the sort, and pages it backwards by cursor', async () => {
    const slugs = (page: { policies: Array<{ slug?: string }> }) => page.policies.map((p) => p.slug);
    const ascending = slugs(await t.request(CatalogRpc.listPolicies, anonymous(), { source: 'vendor' }));
    const descending = [...ascending].reverse();
    expect(ascending.length).toBeGreaterThan(5);
    expect(
      slugs(await t.request(CatalogRpc.listPolicies, anonymous(), { source: 'vendor', order: 'desc' })),
    ).toEqual(descending);
    expect(
      slugs(await t.request(CatalogRpc.listPolicies, anonymous(), { source: 'vendor', sort: 'submitted' })),
    ).toEqual(ascending);
    expect(
      slugs(
        await t.request(CatalogRpc.listPolicies, anonymous(), { source: 'vendor', order: 'desc', offset: 2 }),
      ),
    ).toEqual(descending.slice(2));
    const seen: string[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = await t.request(CatalogRpc.listPolicies, anonymous(), {
        source: 'vendor',
        order: 'desc',
        limit: 4,
        cursor,
      });
      seen.push(...(slugs(page) as string[]));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(descending);
    // A cursor of one order is refused in the other.
    const first = await t.request(CatalogRpc.listPolicies, anonymous(), { source: 'vendor', limit: 4 });
    expect(
      await codeOf(
        t.request(CatalogRpc.listPolicies, anonymous(), {
          source: 'vendor',
          order: 'desc',
          cursor: first.nextCursor!,
        }),
      ),
    ).toBe('BAD_REQUEST');
  });

  it('shows published docs to everyone, the tabs without content to editors only', async () => {
    const owner = t.newUser();
    const { policyId } = await t.published(owner, {
      docTabs: [{ key: 'configuration', title: 'Configuration', bodyMd: 'Set `scopes`.' }],
    });
    await t.sql(
      `INSERT INTO catalog.policy_doc_tabs (policy_id, key, title, kind, body_md, sort_order)
       VALUES ($1, 'faq', 'FAQ', 'predefined', '  ', 5)`,
      [policyId],
    );
    const docs = await t.request(CatalogRpc.getPolicyDocs, anonymous(), { id: policyId });
    expect(docs.canEdit).toBe(false);
    expect(docs.tabs.map((tab) => tab.key)).toEqual(['overview', 'configuration']);
    expect(docs.tabs[0].bodyMd).toContain('OAuth token');
    const own = await t.request(CatalogRpc.getPolicyDocs, owner.ctx, { id: policyId });
    expect(own.canEdit).toBe(true);
    expect(own.tabs.map((tab) => tab.key).sort()).toEqual(['configuration', 'faq', 'overview']);
  });

  it("hides another user's unpublished policy docs, its submission and the submission's history", async () => {
    const owner = t.newUser();
    const other = t.newUser();
    const { policyId, submissionId } = await t.policyUnderReview(owner.id);
    expect((await t.request(CatalogRpc.getPolicyDocs, owner.ctx, { id: policyId })).canEdit).toBe(true);
    for (const ctx of [other.ctx, anonymous()])
      expect(await codeOf(t.request(CatalogRpc.getPolicyDocs, ctx, { id: policyId }))).toBe('NOT_FOUND');
    await t.request(CatalogRpc.getPolicyDocs, t.admin, { id: policyId });

    await t.request(CatalogRpc.getSubmission, owner.ctx, { id: submissionId });
    expect(await codeOf(t.request(CatalogRpc.getSubmission, other.ctx, { id: submissionId }))).toBe(
      'NOT_FOUND',
    );
    // Anonymous callers never reach this far: the route needs a signed-in caller (401 at the gateway).
    expect(await codeOf(t.request(CatalogRpc.getSubmission, anonymous(), { id: submissionId }))).toBe(
      'NOT_FOUND',
    );
    await t.request(CatalogRpc.getSubmission, t.admin, { id: submissionId });
    expect(await codeOf(t.request(CatalogRpc.getSubmission, owner.ctx, { id: randomUUID() }))).toBe(
      'NOT_FOUND',
    );

    const history = (ctx: typeof owner.ctx) =>
      t.request(CatalogRpc.getSubmissionHistory, ctx, { id: submissionId });
    expect((await history(owner.ctx)).entries[0].action).toBe('submitted');
    expect(await codeOf(history(other.ctx))).toBe('NOT_FOUND');
    await history(t.admin);
  });

  it('lets an administrator designate and remove a reviewer of one policy', async () => {
    const owner = t.newUser();
    const reviewer = t.newUser();
    const other = t.newUser();
    const policyId = await t.publishedPolicy(owner.id);
    const otherPolicy = await t.publishedPolicy(owner.id);
    const isReviewer = async (ctx = reviewer.ctx, id = policyId) =>
      (await t.request(CatalogRpc.getReviewerStatus, ctx, { id })).isReviewer;
    expect(await isReviewer()).toBe(false);
    const designate = (ctx: typeof owner.ctx, userId = reviewer.id) =>
      t.request(CatalogRpc.designateReviewer, ctx, { policyId, userId });
    expect(await codeOf(designate(owner.ctx))).toBe('FORBIDDEN');
    expect(await codeOf(designate(t.admin, randomUUID()))).toBe('NOT_FOUND');
    expect(await designate(t.admin)).toEqual({ ok: true });
    expect(await designate(t.admin)).toEqual({ ok: true });
    expect(await isReviewer()).toBe(true);
    expect(await isReviewer(reviewer.ctx, otherPolicy)).toBe(false);
    expect(await isReviewer(other.ctx)).toBe(false);
    expect((await t.request(CatalogRpc.getReviewerStatus, t.admin, { id: policyId })).isReviewer).toBe(true);
    const remove = (ctx: typeof owner.ctx) =>
      t.request(CatalogRpc.removeReviewer, ctx, { policyId, userId: reviewer.id });
    expect(await codeOf(remove(owner.ctx))).toBe('FORBIDDEN');
    await remove(t.admin);
    expect(await isReviewer()).toBe(false);
    expect(await codeOf(remove(t.admin))).toBe('NOT_FOUND');
  });

  it('pages a long history by numeric id, every entry exactly once, newest first; a malformed cursor is refused', async () => {
    const user = t.newUser();
    // Cross a power of ten ("99" sorts after "100" as text) whatever ran before.
    await t.sql(
      `SELECT setval('catalog.policy_history_id_seq',
         power(10, length((SELECT last_value FROM catalog.policy_history_id_seq)::text) + 1)::bigint - 6)`,
    );
    const policyId = await t.publishedPolicy(user.id);
    for (let i = 0; i < 12; i++)
      await t.request(CatalogRpc.updatePolicy, user.ctx, { id: policyId, name: `Renamed ${i}` });
    const page = (limit: number, before?: string) =>
      t.request(CatalogRpc.getPolicyHistory, anonymous(), { id: policyId, limit, before });
    const all = (await page(50)).entries.map((e) => e.id);
    expect(all).toHaveLength(12);
    expect([...all].sort((a, b) => Number(b) - Number(a))).toEqual(all);
    for (const limit of [1, 3]) {
      const seen: string[] = [];
      let before: string | undefined;
      do {
        const { entries, nextCursor } = await page(limit, before);
        seen.push(...entries.map((e) => e.id));
        before = nextCursor ?? undefined;
      } while (before);
      expect(seen).toEqual(all);
    }
    expect(await codeOf(page(10, 'garbage'))).toBe('BAD_REQUEST');
  });
});
