import { type ListRulesetsRequest, RulesetsRpc } from '@pc/contracts';
import { anonymous, codeOf, rulesetsUnderTest, type TestUser } from '../testing/rulesets-under-test';

const UNKNOWN = '7d4f3b0e-1c2a-4b5c-8d9e-0f1a2b3c4d5e';
const AGENT_PROFILE =
  '#%Validation Profile 1.0\nprofile: Agents\nviolation: [a]\nvalidations:\n  a:\n    targetClass: agent.AgentCard\n    propertyConstraints:\n      core.name:\n        minCount: 1\n';

/** Listing, searching and reading rulesets, their links, likes and the caller's standing, through the bus contract. */
describe('rulesets (service level, PostgreSQL)', () => {
  const h = rulesetsUnderTest();
  let owner: TestUser;
  let other: TestUser;
  let rulesetId: string;
  const word = `quetzal${Date.now().toString(36)}`;

  beforeAll(async () => {
    owner = h.user();
    other = h.user();
    ({ rulesetId } = await h.published(owner, { name: `Alpha ${word} Guard`, category: 'Security' }));
  });

  const ids = async (query: ListRulesetsRequest, who = anonymous()) =>
    (await h.request(RulesetsRpc.list, who, query)).rulesets.map((r) =>
      r.source === 'vendor' ? r.slug : r.id,
    );

  describe('list', () => {
    it('finds by a prefix of a word, by part of the name, by category (All Categories = none) and by scope', async () => {
      expect(await ids({ q: word.slice(0, 6) })).toContain(rulesetId);
      expect(await ids({ q: `alph ${word.slice(0, 5)}` })).toContain(rulesetId);
      expect(await ids({ q: `alph ${word.slice(0, 5)}`, sort: 'submitted' })).toContain(rulesetId);
      expect(await ids({ q: word.slice(2, 9) })).toContain(rulesetId);
      expect(await ids({ q: `${word.slice(0, 4)}${word.slice(0, 4)}` })).not.toContain(rulesetId);
      expect(await ids({ q: 'unrelatedwords' })).not.toContain(rulesetId);
      expect(await ids({ category: 'Security' })).toContain(rulesetId);
      expect(await ids({ category: 'Compliance' })).not.toContain(rulesetId);
      expect(await ids({ category: 'All Categories' })).toContain(rulesetId);
      expect(await ids({ scope: 'rest-api' })).toContain(rulesetId);
      expect(await ids({ scope: 'grpc-api' })).not.toContain(rulesetId);
    });

    it('shows a ruleset under review to its owner only', async () => {
      const { submission } = await h.submit(owner, { name: `Beta ${word} Pending` });
      expect(await ids({ q: word })).not.toContain(submission.ruleset_id);
      expect(await ids({ q: word }, other.ctx)).not.toContain(submission.ruleset_id);
      expect(await ids({ q: word }, owner.ctx)).toContain(submission.ruleset_id);
    });

    it('takes agent-network as an alias of agent', async () => {
      const { rulesetId: agentId } = await h.published(owner, {
        repoUrl: h.repo({ 'ruleset.yaml': AGENT_PROFILE }),
      });
      expect(await ids({ scope: 'agent' })).toContain(agentId);
      expect(await ids({ scope: 'agent-network' })).toContain(agentId);
    });

    it('pages with limit and offset and says hasMore correctly; sorts by name either way, by likes and by views', async () => {
      const all = await h.request(RulesetsRpc.list, anonymous(), { limit: 200 });
      const total = all.rulesets.length;
      expect(total).toBeGreaterThanOrEqual(2);
      expect(all.hasMore).toBe(false);
      const first = await h.request(RulesetsRpc.list, anonymous(), { limit: 1 });
      expect(first).toMatchObject({ hasMore: true, rulesets: [expect.anything()] });
      const last = await h.request(RulesetsRpc.list, anonymous(), { limit: 1, offset: total - 1 });
      expect(last.hasMore).toBe(false);
      expect(await h.request(RulesetsRpc.list, anonymous(), { offset: total })).toEqual({
        rulesets: [],
        hasMore: false,
      });
      expect(await ids({ sort: 'alpha', order: 'desc', limit: 200 })).toEqual(
        all.rulesets.map((r) => (r.source === 'vendor' ? r.slug : r.id)).reverse(),
      );
      await h.request(RulesetsRpc.toggleLike, other.ctx, { id: rulesetId });
      expect((await ids({ sort: 'likes' }))[0]).toBe(rulesetId);
      await h.request(RulesetsRpc.toggleLike, other.ctx, { id: rulesetId });
      expect(
        await h.request(RulesetsRpc.countViews, anonymous(), {
          views: [
            { id: rulesetId, count: 3 },
            { id: UNKNOWN, count: 1 },
          ],
        }),
      ).toEqual({
        counted: 1,
      });
      expect((await ids({ sort: 'views', order: 'desc' }))[0]).toBe(rulesetId);
    });

    it('lists vendor rulesets from the vendor index, filtered by q, exact category and scope, by name in either order', async () => {
      const vendor = await h.request(RulesetsRpc.list, anonymous(), { source: 'vendor' });
      expect(vendor.rulesets.length).toBeGreaterThanOrEqual(3);
      expect(vendor.rulesets[0]).toMatchObject({ source: 'vendor' });
      expect(vendor.rulesets[0]).not.toHaveProperty('body_md');
      expect(await ids({ source: 'vendor', q: 'owasp' })).toEqual(['owasp-api-top-ten']);
      expect(await ids({ source: 'vendor', category: 'Documentation' })).toEqual([
        'api-documentation-basics',
      ]);
      expect(await ids({ source: 'vendor', category: 'documentation' })).toEqual([]);
      expect(await ids({ source: 'vendor', scope: 'mcp' })).toEqual(['mcp-server-hygiene']);
      expect(await ids({ source: 'vendor', scope: 'agent-network' })).toEqual(['mcp-server-hygiene']);
      expect((await h.request(RulesetsRpc.list, anonymous(), { source: 'vendor', limit: 1 })).hasMore).toBe(
        true,
      );
      const ascending = await ids({ source: 'vendor' });
      expect(await ids({ source: 'vendor', order: 'desc' })).toEqual([...ascending].reverse());
      expect(await ids({ source: 'vendor', order: 'desc', offset: 1, limit: 1 })).toEqual([ascending.at(-2)]);
      // Vendor rulesets have no submission date, likes or views: every sort lists them by name.
      expect(await ids({ source: 'vendor', sort: 'likes' })).toEqual(ascending);
      const one = await h.request(RulesetsRpc.getVendorRuleset, anonymous(), { slug: 'owasp-api-top-ten' });
      expect(one.ruleset.body_md).toContain('security');
      expect(
        await codeOf(h.request(RulesetsRpc.getVendorRuleset, anonymous(), { slug: 'no-such-ruleset' })),
      ).toBe('NOT_FOUND');
      expect(await codeOf(h.request(RulesetsRpc.reloadVendorIndex, owner.ctx, {}))).toBe('FORBIDDEN');
      expect(await h.request(RulesetsRpc.reloadVendorIndex, h.admin.ctx, {})).toEqual({
        rulesets: 3,
        errors: [],
      });
    });
  });

  describe('read and edit one', () => {
    it('is public once published and hidden (404) before, but to its owner and administrators', async () => {
      expect((await h.request(RulesetsRpc.get, anonymous(), { id: rulesetId })).ruleset).toMatchObject({
        id: rulesetId,
        owner_username: expect.any(String),
        lifecycle_status: 'published',
      });
      expect(await codeOf(h.request(RulesetsRpc.get, anonymous(), { id: UNKNOWN }))).toBe('NOT_FOUND');
      const { submission } = await h.submit(owner);
      expect(await codeOf(h.request(RulesetsRpc.get, other.ctx, { id: submission.ruleset_id }))).toBe(
        'NOT_FOUND',
      );
      for (const who of [owner, h.admin])
        expect((await h.request(RulesetsRpc.get, who.ctx, { id: submission.ruleset_id })).ruleset.id).toBe(
          submission.ruleset_id,
        );
    });

    it('names its owner as its contributor, as a policy does', async () => {
      const { ruleset } = await h.request(RulesetsRpc.get, anonymous(), { id: rulesetId });
      expect(ruleset.owner_name).toEqual(expect.any(String));
      expect(ruleset.contributors).toEqual([
        { user_id: owner.id, username: ruleset.owner_username, name: ruleset.owner_name },
      ]);
    });

    it('sets and clears the two links for the owner and administrators; 403 for others, 404 unknown', async () => {
      const set = await h.request(RulesetsRpc.update, owner.ctx, {
        id: rulesetId,
        videoTutorialUrl: 'https://video.example/v',
        examplesUrl: 'https://examples.example/e',
      });
      expect(set.ruleset).toMatchObject({
        video_tutorial_url: 'https://video.example/v',
        examples_url: 'https://examples.example/e',
      });
      const cleared = await h.request(RulesetsRpc.update, h.admin.ctx, {
        id: rulesetId,
        videoTutorialUrl: '',
      });
      expect(cleared.ruleset).toMatchObject({
        video_tutorial_url: null,
        examples_url: 'https://examples.example/e',
      });
      expect(await codeOf(h.request(RulesetsRpc.update, other.ctx, { id: rulesetId, examplesUrl: '' }))).toBe(
        'FORBIDDEN',
      );
      expect(await codeOf(h.request(RulesetsRpc.update, owner.ctx, { id: UNKNOWN, examplesUrl: '' }))).toBe(
        'NOT_FOUND',
      );
    });
  });

  describe('likes and the caller standing', () => {
    it('toggles a like and counts it; anonymous callers cannot like; 404 unknown', async () => {
      expect(await h.request(RulesetsRpc.getLike, other.ctx, { id: rulesetId })).toEqual({ liked: false });
      expect(await h.request(RulesetsRpc.toggleLike, other.ctx, { id: rulesetId })).toEqual({ liked: true });
      expect((await h.request(RulesetsRpc.get, other.ctx, { id: rulesetId })).ruleset).toMatchObject({
        likes: 1,
        liked: true,
      });
      expect(await h.request(RulesetsRpc.toggleLike, other.ctx, { id: rulesetId })).toEqual({ liked: false });
      expect((await h.request(RulesetsRpc.get, anonymous(), { id: rulesetId })).ruleset.likes).toBe(0);
      expect(await codeOf(h.request(RulesetsRpc.toggleLike, anonymous(), { id: rulesetId }))).toBe(
        'UNAUTHENTICATED',
      );
      expect(await codeOf(h.request(RulesetsRpc.toggleLike, other.ctx, { id: UNKNOWN }))).toBe('NOT_FOUND');
    });

    it('keeps the count equal to the likes under concurrent toggles', async () => {
      const users = Array.from({ length: 6 }, () => h.user());
      await Promise.all(users.map((u) => h.request(RulesetsRpc.toggleLike, u.ctx, { id: rulesetId })));
      const [row] = await h.sql<{ like_count: number; n: number }>(
        `SELECT like_count, (SELECT count(*)::int FROM rulesets.ruleset_likes WHERE ruleset_id = $1) AS n
           FROM rulesets.rulesets WHERE id = $1`,
        [rulesetId],
      );
      expect(row).toEqual({ like_count: 6, n: 6 });
    });

    it('says who is a reviewer and with which role', async () => {
      const me = (who: TestUser) => h.request(RulesetsRpc.getReviewerStatus, who.ctx, { id: rulesetId });
      expect(await me(h.admin)).toEqual({ isReviewer: true, role: 'editor' });
      expect(await me(owner)).toEqual({ isReviewer: false, role: 'editor' });
      expect(await me(other)).toEqual({ isReviewer: false, role: 'viewer' });
      expect(await codeOf(h.request(RulesetsRpc.getReviewerStatus, other.ctx, { id: UNKNOWN }))).toBe(
        'NOT_FOUND',
      );
    });
  });
});
