import { type Json, RulesetsHarness, type TestUser } from './testing/rulesets-e2e';
import { waitFor } from '@pc/testing';

const UNKNOWN = '7d4f3b0e-1c2a-4b5c-8d9e-0f1a2b3c4d5e';

/**
 * Reading, listing, documentation tabs, likes, reviewers and transfers of rulesets: every route's statuses
 * and limits, through the gateway over NATS on real PostgreSQL.
 */
describe('rulesets: reading, listing, docs, likes and transfers through the gateway over NATS', () => {
  const h = new RulesetsHarness();
  let owner: TestUser;
  let other: TestUser;
  let rulesetId: string;
  const word = `quetzal${Date.now().toString(36)}`;

  beforeAll(async () => {
    await h.start();
    owner = await h.newUser();
    other = await h.newUser();
    ({ rulesetId } = await h.published(owner.token, {
      name: `Alpha ${word} Guard`,
      category: 'Security',
      docTabs: [{ key: 'rules', title: 'Rules', bodyMd: 'The rules.' }],
    }));
  }, 60_000);
  afterAll(() => h.stop());

  describe('GET /rulesets', () => {
    it('answers 400 to every query parameter out of its limits', async () => {
      for (const query of [
        'limit=0',
        'limit=201',
        'limit=abc',
        'offset=-1',
        'offset=1000001',
        `q=${'q'.repeat(201)}`,
        `category=${'c'.repeat(121)}`,
        'scope=soap',
        'sort=random',
        'order=up',
        'source=partner',
      ]) {
        expect([(await h.http.get(`/api/rulesets?${query}`)).status, query]).toEqual([400, query]);
      }
      expect((await h.http.get(`/api/rulesets?q=${'q'.repeat(200)}&limit=200&offset=0`)).status).toBe(200);
      expect((await h.http.get('/api/rulesets', { token: 'pcat_not-a-token' })).status).toBe(401);
    });

    it('finds by a prefix of a word, by part of the name, by category (All Categories = none) and by scope', async () => {
      const ids = async (query: string, token?: string): Promise<string[]> =>
        (await h.http.get<Json>(`/api/rulesets?${query}`, { token })).body.rulesets.map((r: Json) => r.id);
      expect(await ids(`q=${word.slice(0, 6)}`)).toContain(rulesetId);
      expect(await ids(`q=alph%20${word.slice(0, 5)}`)).toContain(rulesetId);
      expect(await ids(`q=alph%20${word.slice(0, 5)}&sort=submitted`)).toContain(rulesetId);
      expect(await ids(`q=${word.slice(2, 9)}`)).toContain(rulesetId);
      expect(await ids(`q=${word.slice(0, 4)}${word.slice(0, 4)}`)).not.toContain(rulesetId);
      expect(await ids('q=unrelatedwords')).not.toContain(rulesetId);
      expect(await ids('category=Security')).toContain(rulesetId);
      expect(await ids('category=Compliance')).not.toContain(rulesetId);
      expect(await ids('category=All%20Categories')).toContain(rulesetId);
      expect(await ids('scope=rest-api')).toContain(rulesetId);
      expect(await ids('scope=grpc-api')).not.toContain(rulesetId);
      // Under review: only its owner lists it.
      const { submission } = await h.submit(owner.token, { name: `Beta ${word} Pending` });
      expect(await ids(`q=${word}`)).not.toContain(submission.ruleset_id);
      expect(await ids(`q=${word}`, owner.token)).toContain(submission.ruleset_id);
    });

    it('agent-network is an alias of agent', async () => {
      const repoUrl = await h.newRepo({
        'ruleset.yaml':
          '#%Validation Profile 1.0\nprofile: Agents\nviolation: [a]\nvalidations:\n  a:\n    targetClass: agent.AgentCard\n    propertyConstraints:\n      core.name:\n        minCount: 1\n',
      });
      const { rulesetId: agentId } = await h.published(owner.token, { repoUrl });
      for (const scope of ['agent', 'agent-network']) {
        const res = await h.http.get<Json>(`/api/rulesets?scope=${scope}`);
        expect(res.body.rulesets.map((r: Json) => r.id)).toContain(agentId);
      }
    });

    it('pages with limit and offset and says hasMore correctly; sorts by likes and views', async () => {
      const all = await h.http.get<Json>('/api/rulesets?limit=200');
      const total = all.body.rulesets.length as number;
      expect(total).toBeGreaterThanOrEqual(2);
      expect(all.body.hasMore).toBe(false);
      const first = await h.http.get<Json>('/api/rulesets?limit=1');
      expect(first.body).toMatchObject({ hasMore: true });
      expect(first.body.rulesets).toHaveLength(1);
      const last = await h.http.get<Json>(`/api/rulesets?limit=1&offset=${total - 1}`);
      expect(last.body.hasMore).toBe(false);
      expect(last.body.rulesets[0].id).not.toBe(first.body.rulesets[0].id);
      const past = await h.http.get<Json>(`/api/rulesets?offset=${total}`);
      expect(past.body).toEqual({ rulesets: [], hasMore: false });
      const desc = await h.http.get<Json>('/api/rulesets?sort=alpha&order=desc&limit=200');
      expect(desc.body.rulesets.map((r: Json) => r.id)).toEqual(
        [...all.body.rulesets.map((r: Json) => r.id)].reverse(),
      );
      await h.http.post(`/api/rulesets/${rulesetId}/like`, {}, { token: other.token });
      const byLikes = await h.http.get<Json>('/api/rulesets?sort=likes');
      expect(byLikes.body.rulesets[0].id).toBe(rulesetId);
      await h.http.post(`/api/rulesets/${rulesetId}/like`, {}, { token: other.token });
      for (let i = 0; i < 3; i++) await h.http.get(`/api/rulesets/${rulesetId}`);
      // The gateway sends the views it answered about once a second.
      await waitFor(
        async () =>
          (await h.http.get<Json>('/api/rulesets?sort=views&order=desc')).body.rulesets[0].id === rulesetId,
        5000,
        'the most viewed ruleset first',
      );
    });

    it('lists vendor rulesets from the vendor index, filtered by q, exact category and scope', async () => {
      const vendor = await h.http.get<Json>('/api/rulesets?source=vendor');
      expect(vendor.status).toBe(200);
      expect(vendor.body.rulesets.length).toBeGreaterThanOrEqual(3);
      expect(vendor.body.rulesets[0]).toMatchObject({ source: 'vendor' });
      expect(vendor.body.rulesets[0]).not.toHaveProperty('body_md');
      const slugs = async (query: string): Promise<string[]> =>
        (await h.http.get<Json>(`/api/rulesets?source=vendor&${query}`)).body.rulesets.map(
          (r: Json) => r.slug,
        );
      expect(await slugs('q=owasp')).toEqual(['owasp-api-top-ten']);
      expect(await slugs('category=Documentation')).toEqual(['api-documentation-basics']);
      expect(await slugs('category=documentation')).toEqual([]);
      expect(await slugs('scope=mcp')).toEqual(['mcp-server-hygiene']);
      expect(await slugs('scope=agent-network')).toEqual(['mcp-server-hygiene']);
      const page = await h.http.get<Json>('/api/rulesets?source=vendor&limit=1');
      expect(page.body).toMatchObject({ hasMore: true });
      const one = await h.http.get<Json>('/api/vendor-rulesets/owasp-api-top-ten');
      expect(one.status).toBe(200);
      expect(one.body.ruleset.body_md).toContain('security');
      expect((await h.http.get('/api/vendor-rulesets/no-such-ruleset')).status).toBe(404);
      expect((await h.http.get('/api/vendor-rulesets/Not_A_Slug')).status).toBe(400);
      const reload = await h.http.post<Json>('/api/admin/vendor-index/reload', {}, { cookie: h.admin });
      expect(reload.body).toMatchObject({ rulesets: 3, errors: [] });
      expect(reload.body.policies).toBeGreaterThan(0);
    });
  });

  describe('GET and PATCH /rulesets/{id}', () => {
    it('is public once published, counts views, and is 404 for unknown or unpublished ones (400 for a bad id)', async () => {
      const before = (await h.http.get<Json>(`/api/rulesets/${rulesetId}`)).body.ruleset.views as number;
      await waitFor(
        async () => (await h.http.get<Json>(`/api/rulesets/${rulesetId}`)).body.ruleset.views > before,
        5000,
        'the view to be counted',
      );
      expect((await h.http.get(`/api/rulesets/${UNKNOWN}`)).status).toBe(404);
      expect((await h.http.get('/api/rulesets/not-a-uuid')).status).toBe(400);
      const { submission } = await h.submit(owner.token);
      expect(
        (await h.http.get(`/api/rulesets/${submission.ruleset_id}`, { token: other.token })).status,
      ).toBe(404);
      expect((await h.http.get(`/api/rulesets/${submission.ruleset_id}`, { cookie: h.admin })).status).toBe(
        200,
      );
    });

    it('sets and clears the two links for the owner; 400 without either, null or a bad URL; 403 others; 404 unknown', async () => {
      const set = await h.http.patch<Json>(
        `/api/rulesets/${rulesetId}`,
        { videoTutorialUrl: 'https://video.example/v', examplesUrl: 'https://examples.example/e' },
        { token: owner.token },
      );
      expect(set.body.ruleset).toMatchObject({
        video_tutorial_url: 'https://video.example/v',
        examples_url: 'https://examples.example/e',
      });
      const cleared = await h.http.patch<Json>(
        `/api/rulesets/${rulesetId}`,
        { videoTutorialUrl: '' },
        { token: owner.token },
      );
      expect(cleared.body.ruleset).toMatchObject({
        video_tutorial_url: null,
        examples_url: 'https://examples.example/e',
      });
      for (const body of [
        {},
        { name: 'ignored' },
        { examplesUrl: null },
        { examplesUrl: 'nope' },
        { videoTutorialUrl: 3 },
      ]) {
        expect([
          (await h.http.patch(`/api/rulesets/${rulesetId}`, body, { token: owner.token })).status,
          body,
        ]).toEqual([400, body]);
      }
      expect(
        (await h.http.patch(`/api/rulesets/${rulesetId}`, { examplesUrl: '' }, { token: other.token }))
          .status,
      ).toBe(403);
      expect((await h.http.patch(`/api/rulesets/${rulesetId}`, { examplesUrl: '' })).status).toBe(401);
      expect(
        (await h.http.patch(`/api/rulesets/${UNKNOWN}`, { examplesUrl: '' }, { token: owner.token })).status,
      ).toBe(404);
    });
  });

  describe('likes and reviewers/me', () => {
    it('toggles a like and counts it; 401 anonymous; 404 unknown', async () => {
      const like = `/api/rulesets/${rulesetId}/like`;
      expect((await h.http.get<Json>(like, { token: other.token })).body).toEqual({ liked: false });
      expect((await h.http.post<Json>(like, {}, { token: other.token })).body).toEqual({ liked: true });
      expect(
        (await h.http.get<Json>(`/api/rulesets/${rulesetId}`, { token: other.token })).body.ruleset,
      ).toMatchObject({
        likes: 1,
        liked: true,
      });
      expect((await h.http.post<Json>(like, {}, { token: other.token })).body).toEqual({ liked: false });
      expect((await h.http.get<Json>(`/api/rulesets/${rulesetId}`)).body.ruleset.likes).toBe(0);
      expect((await h.http.post(like, {})).status).toBe(401);
      expect((await h.http.post(`/api/rulesets/${UNKNOWN}/like`, {}, { token: other.token })).status).toBe(
        404,
      );
    });

    it('says who is a reviewer and with which role', async () => {
      const me = `/api/rulesets/${rulesetId}/reviewers/me`;
      expect((await h.http.get<Json>(me, { cookie: h.admin })).body).toEqual({
        isReviewer: true,
        role: 'editor',
      });
      expect((await h.http.get<Json>(me, { token: owner.token })).body).toEqual({
        isReviewer: false,
        role: 'editor',
      });
      expect((await h.http.get<Json>(me, { token: other.token })).body).toEqual({
        isReviewer: false,
        role: 'viewer',
      });
      expect((await h.http.get(me)).status).toBe(401);
      expect((await h.http.get(`/api/rulesets/${UNKNOWN}/reviewers/me`, { token: other.token })).status).toBe(
        404,
      );
    });
  });

  describe('documentation tabs', () => {
    const docs = (id = rulesetId) => `/api/rulesets/${id}/docs`;

    it('shows editors every tab with canEdit; others only the overview and tabs with content', async () => {
      const mine = await h.http.get<Json>(docs(), { token: owner.token });
      expect(mine.body.canEdit).toBe(true);
      expect(mine.body.tabs.map((t: Json) => t.key)).toEqual(['overview', 'rules', 'examples', 'faq']);
      const theirs = await h.http.get<Json>(docs(), { token: other.token });
      expect(theirs.body.canEdit).toBe(false);
      expect(theirs.body.tabs.map((t: Json) => t.key)).toEqual(['overview', 'rules']);
      expect(theirs.body.completeness).toEqual({ filled: 2, total: 4, ratio: 0.5 });
      expect((await h.http.get(docs(UNKNOWN))).status).toBe(404);
    });

    it('replaces the set: 1 to 50 tabs, must include overview (422), keys unique (422), predefined added', async () => {
      const tab = (key: string, bodyMd = 'Body.') => ({ key, title: key.toUpperCase(), bodyMd });
      for (const tabs of [
        [],
        Array.from({ length: 51 }, (_, i) => tab(`k${i}`)),
        [tab('Bad Key')],
        [{ key: 'overview' }],
        null,
      ]) {
        expect((await h.http.post(docs(), { tabs }, { token: owner.token })).status).toBe(400);
      }
      expect((await h.http.post(docs(), { tabs: [tab('faq')] }, { token: owner.token })).status).toBe(422);
      expect(
        (
          await h.http.post(
            docs(),
            { tabs: [tab('overview'), tab('faq'), tab('faq')] },
            { token: owner.token },
          )
        ).status,
      ).toBe(422);
      expect(
        (
          await h.http.post(
            docs(),
            {
              tabs: [
                tab('overview', 'x'.repeat(100_000)),
                ...Array.from({ length: 6 }, (_, i) => tab(`big${i}`, 'x'.repeat(100_000))),
              ],
            },
            { token: owner.token },
          )
        ).status,
      ).toBe(422);
      expect((await h.http.post(docs(), { tabs: [tab('overview')] }, { token: other.token })).status).toBe(
        403,
      );
      const replaced = await h.http.post<Json>(
        docs(),
        { tabs: [tab('overview', 'New overview.'), { ...tab('configuration'), sortOrder: 7 }] },
        { token: owner.token },
      );
      expect(replaced.status).toBe(200);
      expect(replaced.body.tabs.map((t: Json) => [t.key, t.kind])).toEqual([
        ['overview', 'predefined'],
        ['rules', 'predefined'],
        ['examples', 'predefined'],
        ['faq', 'predefined'],
        ['configuration', 'custom'],
      ]);
      expect(replaced.body.completeness).toEqual({ filled: 1, total: 4, ratio: 0.25 });
    });

    it('takes exactly 50 tabs as sent (the three predefined ones added do not count) and refuses 51 with 400', async () => {
      const tab = (key: string) => ({ key, title: key, bodyMd: 'Body.' });
      const sent = (n: number) => [tab('overview'), ...Array.from({ length: n - 1 }, (_, i) => tab(`k${i}`))];
      const fifty = await h.http.post<Json>(docs(), { tabs: sent(50) }, { token: owner.token });
      expect(fifty.status).toBe(200);
      expect(fifty.body.tabs).toHaveLength(53);
      const refused = await h.http.post<Json>(docs(), { tabs: sent(51) }, { token: owner.token });
      expect(refused.status).toBe(400);
      expect(refused.body.details).toEqual([
        expect.objectContaining({ field: 'tabs', message: expect.stringContaining('50') }),
      ]);
      expect((await h.http.get<Json>(docs(), { token: owner.token })).body.tabs).toHaveLength(53);
    });

    it('upserts one tab by key (400 for a bad key or title), and deletes one, never the overview (422)', async () => {
      await h.http.post(
        docs(),
        { tabs: [{ key: 'overview', title: 'Overview', bodyMd: 'Hello.' }] },
        { token: owner.token },
      );
      const put = await h.http.put<Json>(
        `${docs()}/faq`,
        { title: 'FAQ', bodyMd: 'Questions.' },
        { token: owner.token },
      );
      expect(put.body.tab).toMatchObject({
        key: 'faq',
        kind: 'predefined',
        bodyMd: 'Questions.',
        sortOrder: 3,
      });
      const custom = await h.http.put<Json>(
        `${docs()}/changelog`,
        { title: 'Changelog' },
        { token: owner.token },
      );
      expect(custom.body.tab).toMatchObject({ key: 'changelog', kind: 'custom', bodyMd: '' });
      expect(custom.body.tab.sortOrder).toBeGreaterThan(3);
      const moved = await h.http.put<Json>(
        `${docs()}/changelog`,
        { title: 'Changes', sortOrder: 0 },
        { token: owner.token },
      );
      expect(moved.body.tab.sortOrder).toBe(0);
      for (const [key, body] of [
        ['Bad_Key', { title: 'x' }],
        ['-dash', { title: 'x' }],
        ['ok', {}],
        ['ok', { title: '' }],
        ['ok', { title: 'x'.repeat(121) }],
        ['ok', { title: 'x', bodyMd: null }],
        ['ok', { title: 'x', sortOrder: -1 }],
        ['ok', { title: 'x', sortOrder: 10_001 }],
        ['ok', { title: 'x', bodyMd: 'x'.repeat(100_001) }],
        ['x'.repeat(65), { title: 'x' }],
      ] as const) {
        expect([
          (await h.http.put(`${docs()}/${key}`, body, { token: owner.token })).status,
          key,
          body,
        ]).toEqual([400, key, body]);
      }
      expect((await h.http.put(`${docs()}/faq`, { title: 'x' }, { token: other.token })).status).toBe(403);
      expect((await h.http.put(`${docs(UNKNOWN)}/faq`, { title: 'x' }, { token: owner.token })).status).toBe(
        404,
      );
      expect((await h.http.delete(`${docs()}/overview`, { token: owner.token })).status).toBe(422);
      expect((await h.http.delete(`${docs()}/changelog`, { token: other.token })).status).toBe(403);
      expect((await h.http.delete<Json>(`${docs()}/changelog`, { token: owner.token })).body).toEqual({
        ok: true,
      });
      expect((await h.http.delete(`${docs()}/changelog`, { token: owner.token })).status).toBe(404);
      expect((await h.http.delete(`${docs()}/Bad_Key`, { token: owner.token })).status).toBe(400);
      const after = await h.http.get<Json>(docs(), { token: owner.token });
      expect(after.body.tabs.map((t: Json) => t.key)).toEqual(['overview', 'rules', 'examples', 'faq']);
    });
  });

  describe('POST /rulesets/{id}/transfers', () => {
    it('offers to a recipient: 400 without one, 403 not the owner, 404 unknown ruleset or recipient, 409 pending, 422 self', async () => {
      const path = `/api/rulesets/${rulesetId}/transfers`;
      expect((await h.http.post(path, {}, { token: owner.token })).status).toBe(400);
      expect(
        (await h.http.post(path, { recipientEmail: 'not-an-email' }, { token: owner.token })).status,
      ).toBe(400);
      expect((await h.http.post(path, { recipientUsername: null }, { token: owner.token })).status).toBe(400);
      expect(
        (await h.http.post(path, { recipientUsername: other.username }, { token: other.token })).status,
      ).toBe(403);
      expect(
        (await h.http.post(path, { recipientUsername: 'nobody-here' }, { token: owner.token })).status,
      ).toBe(404);
      expect(
        (
          await h.http.post(
            `/api/rulesets/${UNKNOWN}/transfers`,
            { recipientUsername: other.username },
            { token: owner.token },
          )
        ).status,
      ).toBe(404);
      expect(
        (await h.http.post(path, { recipientUsername: owner.username }, { token: owner.token })).status,
      ).toBe(422);
      const offer = await h.http.post<Json>(path, { recipientEmail: other.email }, { token: owner.token });
      expect(offer.status).toBe(201);
      expect((await h.http.post(path, { recipientEmail: other.email }, { token: owner.token })).status).toBe(
        409,
      );
      const mine = await h.http.get<Json>('/api/me/transfers?role=recipient', { token: other.token });
      expect(mine.body.transfers[0]).toMatchObject({
        resource_type: 'ruleset',
        resource_id: rulesetId,
        policy_id: null,
      });
      const rejected = await h.http.post<Json>(
        `/api/transfers/${offer.body.transfer.id}/reject`,
        {},
        { token: other.token },
      );
      expect(rejected.body.transfer.status).toBe('rejected');
      expect((await h.http.get<Json>(`/api/rulesets/${rulesetId}`)).body.ruleset.owner_username).toBe(
        owner.username,
      );
    });
  });
});
