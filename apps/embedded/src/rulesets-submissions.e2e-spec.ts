import { type Json, RulesetsHarness, type TestUser } from './testing/rulesets-e2e';

/**
 * Every route of ruleset submissions and review, with each status and limit of the spec rows, through
 * the gateway over NATS on real PostgreSQL.
 */
describe('ruleset submissions and review through the gateway over NATS', () => {
  const h = new RulesetsHarness();
  let owner: TestUser;
  const long = (n: number): string => 'x'.repeat(n);

  beforeAll(async () => {
    await h.start();
    owner = await h.newUser();
  }, 60_000);
  afterAll(() => h.stop());

  const patch = (id: string, body: Json, token = owner.token) =>
    h.http.patch<Json>(`/api/ruleset-submissions/${id}`, body, { token });
  const sendBack = (id: string) =>
    h.http.post<Json>(
      `/api/admin/ruleset-submissions/${id}/needs-improvement`,
      { feedback: 'Please improve.' },
      { cookie: h.admin },
    );

  describe('POST /ruleset-submissions/validate', () => {
    it('answers 400 to a missing or malformed repoUrl and an over-long ref or rulesetPath, 401 without a token', async () => {
      const repoUrl = await h.newRepo();
      for (const body of [
        {},
        { repoUrl: null },
        { repoUrl: 42 },
        { repoUrl: 'not a url' },
        { repoUrl, ref: long(256) },
        { repoUrl, rulesetPath: long(1025) },
        { repoUrl, includeBranches: 'yes' },
      ]) {
        const res = await h.http.post('/api/ruleset-submissions/validate', body, { token: owner.token });
        expect([res.status, body]).toEqual([400, body]);
      }
      expect((await h.http.post('/api/ruleset-submissions/validate', { repoUrl })).status).toBe(401);
    });

    it('takes ref and rulesetPath: another branch, and an explicit path that skips discovery', async () => {
      const repoUrl = await h.newRepo(
        {
          'rules/custom.yaml': '#%Validation Profile 1.0\nprofile: Custom\nviolation: []\nvalidations: {}\n',
        },
        { branches: { next: { 'ruleset.yaml': '#%Validation Profile 1.0\nprofile: Next\n' } } },
      );
      const onBranch = await h.http.post<Json>(
        '/api/ruleset-submissions/validate',
        { repoUrl, ref: 'next' },
        { token: owner.token },
      );
      expect(onBranch.body.validation).toMatchObject({ ref: 'next', rulesetPathSource: 'conventional' });
      expect(onBranch.body.validation.profile.profileName).toBe('Next');
      const explicit = await h.http.post<Json>(
        '/api/ruleset-submissions/validate',
        { repoUrl, rulesetPath: 'rules/custom.yaml' },
        { token: owner.token },
      );
      expect(explicit.body.validation).toMatchObject({
        rulesetPath: 'rules/custom.yaml',
        rulesetPathSource: 'explicit',
      });
      expect(explicit.body.validation.profile.profileName).toBe('Custom');
      const missing = await h.http.post<Json>(
        '/api/ruleset-submissions/validate',
        { repoUrl, rulesetPath: 'nope.yaml' },
        { token: owner.token },
      );
      expect(missing.body.validation.errors).toEqual(['rulesetPath: nope.yaml does not exist at main']);
    });

    it('answers 502 when the source host cannot answer', async () => {
      const repoUrl = await h.newRepo();
      await h.control.injectFault({ system: 'source_host', kind: 'error' });
      try {
        const res = await h.http.post(
          '/api/ruleset-submissions/validate',
          { repoUrl },
          { token: owner.token },
        );
        expect(res.status).toBe(502);
      } finally {
        await h.control.clearFaults();
      }
    });
  });

  describe('POST /ruleset-submissions', () => {
    it('answers 400 to every field out of its limits, null or of the wrong type', async () => {
      const repoUrl = await h.newRepo();
      const base = { name: 'Fine name', description: 'A fine description.', repoUrl };
      const bad: Json[] = [
        { name: 'x' },
        { name: long(121) },
        { name: null },
        { name: 5 },
        { description: long(9) },
        { description: long(20001) },
        { repoUrl: '' },
        { repoUrl: 'ftp://x' },
        { category: 'Cooking' },
        { category: null },
        { sourceRef: long(256) },
        { rulesetPath: long(1025) },
        { targetScopes: ['rest-api', 'soap'] },
        { targetScopes: 'rest-api' },
        { registryAssetId: 'has space' },
        { registryAssetId: `a${long(255)}` },
        { iconUrl: 'nope' },
        { iconDisabled: 'true' },
        { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) },
        { tags: [long(51)] },
        { tags: [1] },
        { videoTutorialUrl: 'nope' },
        { examplesUrl: null },
        { docTabs: Array.from({ length: 51 }, (_, i) => ({ key: `k${i}`, title: 'T', bodyMd: '' })) },
        { docTabs: [{ key: 'Bad Key', title: 'T', bodyMd: '' }] },
        { docTabs: [null] },
        { deliversIdeaIds: Array.from({ length: 51 }, () => '7d4f3b0e-1c2a-4b5c-8d9e-0f1a2b3c4d5e') },
        { deliversIdeaIds: ['not-a-uuid'] },
        { deliversIdeaIds: [{ ideaId: '7d4f3b0e-1c2a-4b5c-8d9e-0f1a2b3c4d5e', scopeNote: long(1001) }] },
        { deliversIdeaId: 'not-a-uuid' },
        { repoUrl: `https://source-host.example/${long(2040)}` },
        { docTabs: [{ key: 'faq', title: long(121), bodyMd: '' }] },
        { docTabs: [{ key: 'faq', title: 'FAQ', bodyMd: long(100_001) }] },
        { docTabs: [{ key: 'faq', title: 'FAQ', bodyMd: '', sortOrder: 10_001 }] },
        { deliversIdeaIds: [{ ideaId: '7d4f3b0e-1c2a-4b5c-8d9e-0f1a2b3c4d5e', coverage: 'most' }] },
      ];
      for (const change of bad) {
        const res = await h.http.post(
          '/api/ruleset-submissions',
          { ...base, ...change },
          { token: owner.token },
        );
        expect([res.status, change]).toEqual([400, change]);
      }
      for (const field of ['name', 'description', 'repoUrl']) {
        const { [field]: _missing, ...rest } = base as Json;
        expect((await h.http.post('/api/ruleset-submissions', rest, { token: owner.token })).status).toBe(
          400,
        );
      }
      const list = await h.http.get<Json>('/api/ruleset-submissions', { token: owner.token });
      expect(list.body.submissions.filter((s: Json) => s.source_url === repoUrl)).toEqual([]);
    });

    it('accepts the limits exactly: names of 2 and 120, 20 tags, 50 tabs', async () => {
      const tabs = Array.from({ length: 50 }, (_, i) => ({
        key: i < 4 ? ['overview', 'rules', 'examples', 'faq'][i] : `k${i}`,
        title: 'T',
        bodyMd: 'b',
      }));
      const a = await h.submit(owner.token, {
        name: 'ab',
        tags: Array.from({ length: 20 }, (_, i) => `t${i}`),
        docTabs: tabs,
      });
      expect(a.submission.tags).toHaveLength(20);
      const b = await h.submit(owner.token, { name: long(120), description: long(20000) });
      expect(b.submission.name).toHaveLength(120);
    });

    it('counts the docTabs the caller sent: 50 custom tabs pass (the four predefined added on top), 51 are 400', async () => {
      const custom = (n: number) =>
        Array.from({ length: n }, (_, i) => ({ key: `k${i}`, title: 'T', bodyMd: 'b' }));
      const { submission } = await h.submit(owner.token, { docTabs: custom(50) });
      const detail = await h.http.get<Json>(`/api/ruleset-submissions/${submission.id}`, {
        token: owner.token,
      });
      expect(detail.body.docTabs).toHaveLength(54);
      const refused = await h.http.post<Json>(
        '/api/ruleset-submissions',
        {
          name: 'Fifty-one tabs',
          description: 'A fine description.',
          repoUrl: await h.newRepo(),
          docTabs: custom(51),
        },
        { token: owner.token },
      );
      expect(refused.status).toBe(400);
      expect(refused.body.details).toEqual([expect.objectContaining({ field: 'docTabs' })]);
    });

    it('defaults: category Other, scopes from the profile, the icon from the repository; explicit values win', async () => {
      const defaults = await h.submit(owner.token);
      expect(defaults.submission).toMatchObject({ category: 'Other', target_scopes: ['rest-api', 'mcp'] });
      expect(defaults.submission.icon_url).toContain('icon.svg');
      const chosen = await h.submit(owner.token, {
        category: 'Compliance',
        targetScopes: ['async-api'],
        iconUrl: 'https://icons.example/x.png',
        registryAssetId: 'my.asset-1',
      });
      expect(chosen.submission).toMatchObject({
        category: 'Compliance',
        target_scopes: ['async-api'],
        icon_url: 'https://icons.example/x.png',
        registry_asset_id: 'my.asset-1',
      });
      const noIcon = await h.submit(owner.token, {
        iconUrl: 'https://icons.example/x.png',
        iconDisabled: true,
      });
      expect(noIcon.submission.icon_url).toBeNull();
    });

    it('answers 422 for an idea that is not approved, is unknown or is listed twice, and for a tab key listed twice', async () => {
      const pending = await h.newIdea(owner.id, false);
      const approved = await h.newIdea(owner.id);
      const unknown = '7d4f3b0e-1c2a-4b5c-8d9e-0f1a2b3c4d5e';
      const repoUrl = await h.newRepo();
      const base = { name: 'With ideas', description: 'Declares some ideas.', repoUrl };
      for (const ids of [[pending.id], [unknown], [approved.id, approved.id]]) {
        const res = await h.http.post<Json>(
          '/api/ruleset-submissions',
          { ...base, deliversIdeaIds: ids },
          { token: owner.token },
        );
        expect(res.status).toBe(422);
      }
      const twice = await h.http.post<Json>(
        '/api/ruleset-submissions',
        {
          ...base,
          docTabs: [
            { key: 'faq', title: 'FAQ', bodyMd: 'a' },
            { key: 'faq', title: 'FAQ', bodyMd: 'b' },
          ],
        },
        { token: owner.token },
      );
      expect(twice.status).toBe(422);
      const ok = await h.http.post<Json>(
        '/api/ruleset-submissions',
        { ...base, deliversIdeaIds: [approved.id] },
        { token: owner.token },
      );
      expect(ok.status).toBe(201);
    });

    it('answers 401 without a token and 403 with a read-only token', async () => {
      const reader = await h.newUser(['api:read']);
      const body = { name: 'Nope', description: 'Not allowed here.', repoUrl: await h.newRepo() };
      expect((await h.http.post('/api/ruleset-submissions', body)).status).toBe(401);
      expect((await h.http.post('/api/ruleset-submissions', body, { token: reader.token })).status).toBe(403);
      expect((await h.http.get('/api/ruleset-submissions', { token: reader.token })).status).toBe(200);
    });
  });

  describe('GET, DELETE and history', () => {
    it("lists only the caller's own; another user's submission is 404; a malformed id 400", async () => {
      const { submission } = await h.submit(owner.token);
      const other = await h.newUser();
      const mine = await h.http.get<Json>('/api/ruleset-submissions', { token: owner.token });
      expect(mine.body.submissions.map((s: Json) => s.id)).toContain(submission.id);
      const theirs = await h.http.get<Json>('/api/ruleset-submissions', { token: other.token });
      expect(theirs.body.submissions).toEqual([]);
      for (const path of ['', '/history']) {
        expect(
          (await h.http.get(`/api/ruleset-submissions/${submission.id}${path}`, { token: other.token }))
            .status,
        ).toBe(404);
        expect(
          (await h.http.get(`/api/ruleset-submissions/not-a-uuid${path}`, { token: owner.token })).status,
        ).toBe(400);
        expect(
          (await h.http.get(`/api/ruleset-submissions/${submission.id}${path}`, { cookie: h.admin })).status,
        ).toBe(200);
      }
      expect(
        (await h.http.delete(`/api/ruleset-submissions/${submission.id}`, { token: other.token })).status,
      ).toBe(404);
    });

    it('deletes an unpublished submission with its ruleset; a published ruleset stays', async () => {
      const { submission } = await h.submit(owner.token);
      expect(
        (await h.http.delete<Json>(`/api/ruleset-submissions/${submission.id}`, { token: owner.token })).body,
      ).toEqual({ ok: true });
      expect(
        (await h.http.get(`/api/ruleset-submissions/${submission.id}`, { token: owner.token })).status,
      ).toBe(404);
      expect(
        (await h.http.get(`/api/rulesets/${submission.ruleset_id}`, { token: owner.token })).status,
      ).toBe(404);
      const { rulesetId, submissionId } = await h.published(owner.token);
      expect(
        (await h.http.delete(`/api/ruleset-submissions/${submissionId}`, { token: owner.token })).status,
      ).toBe(200);
      expect((await h.http.get(`/api/rulesets/${rulesetId}`)).status).toBe(200);
    });
  });

  describe('PATCH /ruleset-submissions/{id}', () => {
    it('clears optional fields with an empty string; iconDisabled wins over iconUrl; docTabs replaces the staged set', async () => {
      const { submission } = await h.submit(owner.token, {
        examplesUrl: 'https://examples.example/a',
        registryAssetId: 'asset-a',
        docTabs: [{ key: 'custom', title: 'Custom', bodyMd: 'Custom tab.' }],
      });
      await sendBack(submission.id);
      const cleared = await patch(submission.id, { examplesUrl: '', registryAssetId: '', sourceRef: '' });
      expect(cleared.status).toBe(200);
      expect(cleared.body.submission).toMatchObject({
        examples_url: null,
        registry_asset_id: null,
        source_ref: null,
      });
      const icon = await patch(submission.id, { iconUrl: 'https://icons.example/b.png', iconDisabled: true });
      expect(icon.body.submission.icon_url).toBeNull();
      const tabs = await patch(submission.id, {
        docTabs: [{ key: 'faq', title: 'FAQ', bodyMd: 'Q and A.' }],
      });
      expect(tabs.status).toBe(200);
      const detail = await h.http.get<Json>(`/api/ruleset-submissions/${submission.id}`, {
        token: owner.token,
      });
      expect(detail.body.docTabs.map((t: Json) => t.key)).toEqual(['overview', 'rules', 'examples', 'faq']);
      expect(detail.body.docTabs.find((t: Json) => t.key === 'faq').bodyMd).toBe('Q and A.');
      expect(detail.body.submission.revision_count).toBe(3);
      expect(detail.body.submission.previous_snapshot.examples_url).toBeNull();
    });

    it('validates a new repository again (422) and takes what it finds', async () => {
      const { submission } = await h.submit(owner.token);
      await sendBack(submission.id);
      const broken = await h.newRepo({ 'ruleset.yaml': 'profile: x\n' });
      const refused = await patch(submission.id, { repoUrl: broken });
      expect(refused.status).toBe(422);
      expect(refused.body.validation.ok).toBe(false);
      const other = await h.newRepo({
        'ruleset.yaml':
          '#%Validation Profile 1.0\nprofile: Other Rules\nviolation: [a]\nvalidations:\n  a:\n    targetClass: async.Channel\n    propertyConstraints:\n      core.name:\n        minCount: 1\n',
      });
      const moved = await patch(submission.id, { repoUrl: other });
      expect(moved.body.submission).toMatchObject({
        source_url: other,
        profile_name: 'Other Rules',
        rule_counts: { violation: 1, warning: 0, info: 0 },
        target_scopes: ['async-api'],
      });
    });

    it('answers 403 to the owner while under review, but lets an administrator edit', async () => {
      const { submission } = await h.submit(owner.token);
      expect((await patch(submission.id, { description: 'A new description here.' })).status).toBe(403);
      const byAdmin = await h.http.patch<Json>(
        `/api/ruleset-submissions/${submission.id}`,
        { description: 'Fixed by the administrator.' },
        { cookie: h.admin },
      );
      expect(byAdmin.status).toBe(200);
      expect(byAdmin.body.submission.status).toBe('submitted');
    });

    it('replaces declared ideas only while submitted or needs_improvement; alone they do not resubmit; [] clears', async () => {
      const first = await h.newIdea(owner.id);
      const second = await h.newIdea(owner.id);
      const pending = await h.newIdea(owner.id, false);
      const { submission } = await h.submit(owner.token, { deliversIdeaIds: [first.id] });
      const declared = async (): Promise<string[]> => {
        const r = await h.http.get<Json>(`/api/rulesets/${submission.ruleset_id}`, { token: owner.token });
        return r.body.ruleset.delivers_ideas.map((d: Json) => d.id);
      };
      expect(await declared()).toEqual([first.id]);
      // Submitted: ideas alone are allowed for the owner (no 403) and do not change the status.
      const swapped = await patch(submission.id, {
        deliversIdeaIds: [{ ideaId: second.id, coverage: 'partial' }],
      });
      expect(swapped.status).toBe(200);
      expect(swapped.body.submission.status).toBe('submitted');
      expect(await declared()).toEqual([second.id]);
      // A refused edit (an unapproved idea: 422; content while under review: 403) leaves them as they were.
      expect((await patch(submission.id, { deliversIdeaIds: [pending.id] })).status).toBe(422);
      expect((await patch(submission.id, { name: 'Renamed', deliversIdeaIds: [first.id] })).status).toBe(403);
      expect(await declared()).toEqual([second.id]);
      await sendBack(submission.id);
      const alone = await patch(submission.id, { deliversIdeaIds: [] });
      expect(alone.body.submission.status).toBe('needs_improvement');
      expect(await declared()).toEqual([]);
      await patch(submission.id, { deliversIdeaIds: [first.id], resubmit: true });
      await h.http.post(`/api/admin/ruleset-submissions/${submission.id}/approve`, {}, { cookie: h.admin });
      expect((await patch(submission.id, { deliversIdeaIds: [second.id] })).status).toBe(409);
    });

    it('delivers declared ideas on approval, as for policies: the idea is delivered and its submitter notified', async () => {
      const ideaAuthor = await h.newUser();
      const idea = await h.newIdea(ideaAuthor.id);
      const { rulesetId } = await h.published(owner.token, { deliversIdeaIds: [idea.id] });
      const ruleset = await h.http.get<Json>(`/api/rulesets/${rulesetId}`);
      expect(ruleset.body.ruleset.delivers_ideas).toEqual([
        expect.objectContaining({ id: idea.id, phase: 'delivered', coverage: 'full' }),
      ]);
      const inbox = await h.eventually(
        async () => (await h.http.get<Json>('/api/me/notifications', { token: ideaAuthor.token })).body,
        (body) => body.notifications?.length > 0,
      );
      expect(JSON.stringify(inbox.notifications[0])).toContain(rulesetId);
    });

    it('reopens an approved submission as the review of an update: the published ruleset stays until approved', async () => {
      const { rulesetId, submissionId } = await h.published(owner.token, { name: 'Before Update' });
      const reopened = await patch(submissionId, { name: 'After Update' });
      expect(reopened.body.submission.status).toBe('submitted');
      const during = await h.http.get<Json>(`/api/rulesets/${rulesetId}`);
      expect(during.body.ruleset).toMatchObject({ name: 'Before Update', lifecycle_status: 'under_review' });
      await h.http.post(`/api/admin/ruleset-submissions/${submissionId}/approve`, {}, { cookie: h.admin });
      const after = await h.http.get<Json>(`/api/rulesets/${rulesetId}`);
      expect(after.body.ruleset).toMatchObject({ name: 'After Update', lifecycle_status: 'published' });
    });

    it('answers 409 to any edit of a rejected submission, 404 to another user, 400 to null or wrong types', async () => {
      const { submission } = await h.submit(owner.token);
      for (const body of [
        { name: null },
        { resubmit: 'yes' },
        { tags: 'a' },
        { docTabs: {} },
        { iconDisabled: null },
      ]) {
        expect([(await patch(submission.id, body)).status, body]).toEqual([400, body]);
      }
      const other = await h.newUser();
      expect((await patch(submission.id, { resubmit: true }, other.token)).status).toBe(404);
      const rejected = await h.http.post<Json>(
        `/api/admin/ruleset-submissions/${submission.id}/reject`,
        { feedback: 'Not a ruleset we can list.' },
        { cookie: h.admin },
      );
      expect(rejected.body.submission).toMatchObject({
        status: 'rejected',
        review_feedback: 'Not a ruleset we can list.',
      });
      expect((await patch(submission.id, { name: 'Again' })).status).toBe(409);
      expect((await patch(submission.id, { resubmit: true })).status).toBe(409);
    });
  });

  describe('review routes', () => {
    it('are for administrators: 401 anonymous, 403 for a user; 404 unknown; 409 once decided; feedback required to send back', async () => {
      const { submission } = await h.submit(owner.token);
      const approve = `/api/admin/ruleset-submissions/${submission.id}/approve`;
      expect((await h.http.post(approve, {})).status).toBe(401);
      expect((await h.http.post(approve, {}, { token: owner.token })).status).toBe(403);
      expect((await h.http.get('/api/admin/queue', { token: owner.token })).status).toBe(403);
      for (const action of ['needs-improvement', 'reject']) {
        const path = `/api/admin/ruleset-submissions/${submission.id}/${action}`;
        expect((await h.http.post(path, {}, { cookie: h.admin })).status).toBe(400);
        expect((await h.http.post(path, { feedback: '' }, { cookie: h.admin })).status).toBe(400);
        expect((await h.http.post(path, { feedback: long(4001) }, { cookie: h.admin })).status).toBe(400);
      }
      expect((await h.http.post(approve, { feedback: long(4001) }, { cookie: h.admin })).status).toBe(400);
      const unknown = '/api/admin/ruleset-submissions/7d4f3b0e-1c2a-4b5c-8d9e-0f1a2b3c4d5e/approve';
      expect((await h.http.post(unknown, {}, { cookie: h.admin })).status).toBe(404);
      expect(
        (await h.http.post('/api/admin/ruleset-submissions/x/approve', {}, { cookie: h.admin })).status,
      ).toBe(400);
      expect((await h.http.post(approve, { feedback: 'Great.' }, { cookie: h.admin })).status).toBe(200);
      expect((await h.http.post(approve, {}, { cookie: h.admin })).status).toBe(409);
      const queue = await h.http.get<Json>('/api/admin/queue', { cookie: h.admin });
      expect(queue.body.rulesetSubmissions.map((s: Json) => s.id)).not.toContain(submission.id);
    });
  });
});
