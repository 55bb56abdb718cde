import { type Json, PROFILE, RulesetsHarness, type TestUser } from './testing/rulesets-e2e';

const UNKNOWN = '7d4f3b0e-1c2a-4b5c-8d9e-0f1a2b3c4d5e';

/**
 * The ruleset journey as a new user tries it, through the gateway over NATS on real PostgreSQL: a
 * repository in the sandbox validates; a broken one says what is wrong and where; it is submitted with
 * tabs, sent back, fixed, resubmitted, approved, found, documented, liked and transferred. Then the wire
 * of submissions and review: each route's success and each of its error classes (every answer checked
 * against the served document). The rules behind them are tested at the service level
 * (apps/rulesets/src/submissions, review), the limits of every field in
 * apps/gateway/src/rulesets/ruleset-schemas.spec.ts.
 */
describe('rulesets: the journey, submissions and review through the gateway over NATS', () => {
  const h = new RulesetsHarness();

  beforeAll(() => h.start({ seed: true }), 60_000);
  afterAll(() => h.stop());

  it('validates a sandbox repository with the right counts, names, scopes, registry fields and icon', async () => {
    const user = await h.newUser();
    const repoUrl = await h.newRepo();
    const res = await h.validate(user.token, { repoUrl, includeBranches: true });
    expect(res.status).toBe(200);
    const v = res.body.validation;
    expect(v).toMatchObject({
      ok: true,
      errors: [],
      ref: 'main',
      subPath: null,
      rulesetPath: 'ruleset.yaml',
      rulesetPathSource: 'registry',
      profile: {
        profileName: 'Payments API Rules',
        ruleNames: [
          'operations-are-secured',
          'amounts-are-decimal',
          'operations-have-descriptions',
          'tools-are-described',
        ],
        ruleCounts: { violation: 2, warning: 1, info: 1 },
        targetClasses: ['apiContract.Operation', 'shapes.ScalarShape', 'mcp.Tool'],
        dialectVersion: '1.0',
      },
      registry: { assetId: 'payments-api-rules', name: 'Payments API Rules', main: 'ruleset.yaml' },
      targetScopes: ['rest-api', 'mcp'],
    });
    expect(v.iconUrl).toContain('icon.svg');
    expect(res.body.branchInfo).toMatchObject({ defaultBranch: 'main', truncated: false });
    expect(res.body.branchInfo.branches.map((b: Json) => b.name)).toContain('main');
  });

  // The demo repositories that validate are validated in rulesets-evaluations.e2e-spec.ts: the REST
  // demo's profile is one the engine checks, and only that file loads the engine.
  it('gives each error of the broken demo repositories with its file and line', async () => {
    const user = await h.newUser();
    const errorsOf = async (repoUrl: string, body: Json = {}): Promise<string[]> => {
      const res = await h.validate(user.token, { repoUrl, includeBranches: true, ...body });
      expect(res.status).toBe(200);
      expect(res.body.validation.ok).toBe(false);
      expect(res.body).not.toHaveProperty('branchInfo');
      return res.body.validation.errors;
    };
    const [notProfile, badYaml, badRules, noProfile] = h.sandbox.demo.repositories.brokenRulesets;
    expect(await errorsOf(notProfile)).toEqual([
      'ruleset.yaml:1: not a validation profile: the first line must be "#%Validation Profile 1.0"',
    ]);
    const yaml = await errorsOf(badYaml);
    expect(yaml.length).toBeGreaterThan(0);
    expect(yaml[0]).toMatch(/^ruleset\.yaml:\d+:\d+: YAML does not parse: /);
    expect(await errorsOf(badRules)).toEqual([
      'ruleset.yaml:7: rule "operations-are-secured" is listed under both violation and warning',
      'ruleset.yaml:8: rule "undefined-rule" is listed under warning but validations does not define it',
    ]);
    const none = await errorsOf(noProfile);
    expect(none[0]).toMatch(/^\/: no validation profile found/);
    expect(await errorsOf(h.sandbox.demo.repositories.rulesets[0], { ref: 'no-such-branch' })).toEqual([
      'ref: the branch, tag or commit "no-such-branch" does not exist in the repository',
    ]);
    const gone = `${h.sandbox.urls.sourceHostWeb}/governance/never-created`;
    expect(await errorsOf(gone)).toEqual(['repoUrl: the repository does not exist']);
  });

  it('submits with tabs, is sent back, fixed and resubmitted, approved, found by q and scope, and transferred', async () => {
    const owner = await h.newUser();
    const repoUrl = await h.newRepo();
    const name = `Zanzibar Payments ${h.next()}`;
    const created = await h.http.post<Json>(
      '/api/ruleset-submissions',
      {
        name,
        description: 'Payments API rules: secured operations and decimal amounts.',
        repoUrl,
        docTabs: [
          { key: 'rules', title: 'Rules', bodyMd: 'Two violations, one warning.' },
          { key: 'configuration', title: 'Configuration', bodyMd: 'Nothing to configure.' },
        ],
      },
      { token: owner.token },
    );
    expect(created.status).toBe(201);
    const { submission } = created.body;
    expect(submission).toMatchObject({
      status: 'submitted',
      category: 'Other',
      profile_name: 'Payments API Rules',
      rule_counts: { violation: 2, warning: 1, info: 1 },
      target_scopes: ['rest-api', 'mcp'],
      registry_asset_id: 'payments-api-rules',
      revision_count: 0,
      previous_snapshot: null,
    });
    const detail = await h.http.get<Json>(`/api/ruleset-submissions/${submission.id}`, {
      token: owner.token,
    });
    expect(detail.body.docTabs.map((t: Json) => t.key)).toContain('configuration');

    // Under review: the owner sees it, the public does not; the owner cannot edit it now.
    expect((await h.http.get(`/api/rulesets/${submission.ruleset_id}`)).status).toBe(404);
    const own = await h.http.get<Json>(`/api/rulesets/${submission.ruleset_id}`, { token: owner.token });
    expect(own.body.ruleset.lifecycle_status).toBe('under_review');
    const locked = await h.http.patch(
      `/api/ruleset-submissions/${submission.id}`,
      { name: 'Nope' },
      { token: owner.token },
    );
    expect(locked.status).toBe(403);

    // In the administrator's queue, next to policy submissions, saying its kind.
    const queue = await h.http.get<Json>('/api/admin/queue', { cookie: h.admin });
    expect(queue.status).toBe(200);
    expect(queue.body.rulesetSubmissions.map((s: Json) => [s.id, s.kind])).toContainEqual([
      submission.id,
      'ruleset',
    ]);
    expect(Array.isArray(queue.body.submissions)).toBe(true);

    const sentBack = await h.http.post<Json>(
      `/api/admin/ruleset-submissions/${submission.id}/needs-improvement`,
      { feedback: 'Add examples.' },
      { cookie: h.admin },
    );
    expect(sentBack.status).toBe(200);
    expect(sentBack.body.submission).toMatchObject({
      status: 'needs_improvement',
      review_feedback: 'Add examples.',
    });

    const fixed = await h.http.patch<Json>(
      `/api/ruleset-submissions/${submission.id}`,
      {
        category: 'Security',
        tags: ['payments'],
        docTabs: [{ key: 'examples', title: '', bodyMd: 'An example.' }],
      },
      { token: owner.token },
    );
    expect(fixed.status).toBe(200);
    expect(fixed.body.submission).toMatchObject({
      status: 'needs_improvement',
      category: 'Security',
      revision_count: 1,
    });
    expect(fixed.body.submission.previous_snapshot).toMatchObject({ category: 'Other', tags: [] });

    const resubmitted = await h.http.patch<Json>(
      `/api/ruleset-submissions/${submission.id}`,
      { resubmit: true },
      { token: owner.token },
    );
    expect(resubmitted.body.submission.status).toBe('submitted');

    const approved = await h.http.post<Json>(
      `/api/admin/ruleset-submissions/${submission.id}/approve`,
      {},
      { cookie: h.admin },
    );
    expect(approved.status).toBe(200);
    expect(approved.body.submission.status).toBe('approved');

    const history = await h.http.get<Json>(`/api/ruleset-submissions/${submission.id}/history`, {
      token: owner.token,
    });
    expect(history.body.entries.map((e: Json) => e.action)).toEqual([
      'approved',
      'resubmitted',
      'edited',
      'needs_improvement',
      'submitted',
    ]);

    // Public now, found by q (how q, scopes and categories match: the service level).
    const ruleset = await h.http.get<Json>(`/api/rulesets/${submission.ruleset_id}`);
    expect(ruleset.status).toBe(200);
    expect(ruleset.body.ruleset).toMatchObject({
      source: 'community',
      name,
      category: 'Security',
      lifecycle_status: 'published',
      owner_username: owner.username,
      rule_names: submission.rule_names,
    });
    const byQ = await h.http.get<Json>('/api/rulesets?q=zanzib');
    expect(byQ.body.rulesets.map((r: Json) => r.id)).toContain(submission.ruleset_id);

    // Published with its tabs; the public sees only the overview and tabs with content.
    const docs = await h.http.get<Json>(`/api/rulesets/${submission.ruleset_id}/docs`);
    expect(docs.body.canEdit).toBe(false);
    expect(docs.body.tabs.map((t: Json) => t.key)).toEqual(['overview', 'examples']);

    // Transferred: the catalog asks this service whose it is; accepting moves it.
    const recipient = await h.newUser();
    const stranger = await h.newUser();
    const refused = await h.http.post(
      `/api/rulesets/${submission.ruleset_id}/transfers`,
      { recipientUsername: recipient.username },
      { token: stranger.token },
    );
    expect(refused.status).toBe(403);
    await h.transfer('ruleset', submission.ruleset_id, owner, recipient);
    const moved = await h.http.get<Json>(`/api/rulesets/${submission.ruleset_id}`);
    expect(moved.body.ruleset.owner_username).toBe(recipient.username);
    expect(
      (await h.http.get(`/api/ruleset-submissions/${submission.id}`, { token: recipient.token })).status,
    ).toBe(200);
    expect(
      (await h.http.get(`/api/ruleset-submissions/${submission.id}`, { token: owner.token })).status,
    ).toBe(404);
    const patched = await h.http.patch<Json>(
      `/api/rulesets/${submission.ruleset_id}`,
      { examplesUrl: 'https://examples.example/payments' },
      { token: recipient.token },
    );
    expect(patched.status).toBe(200);
    expect(patched.body.ruleset.examples_url).toBe('https://examples.example/payments');
    expect(
      (
        await h.http.patch(
          `/api/rulesets/${submission.ruleset_id}`,
          { examplesUrl: '' },
          { token: owner.token },
        )
      ).status,
    ).toBe(403);
  });

  it('keeps a broken repository out with 422 and the whole report', async () => {
    const user = await h.newUser();
    const repoUrl = await h.newRepo({ 'ruleset.yaml': PROFILE.replace('#%Validation Profile 1.0\n', '') });
    const res = await h.http.post<Json>(
      '/api/ruleset-submissions',
      { name: 'Broken', description: 'A profile without its header line.', repoUrl },
      { token: user.token },
    );
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('RULESETS.VALIDATION_FAILED');
    expect(res.body.validation.errors[0]).toMatch(/^ruleset\.yaml:1: not a validation profile/);
    expect(
      (await h.http.get<Json>('/api/ruleset-submissions', { token: user.token })).body.submissions,
    ).toEqual([]);
  });

  describe("submissions and review: each route's statuses", () => {
    let owner: TestUser;
    let other: TestUser;

    beforeAll(async () => {
      owner = await h.newUser();
      other = await h.newUser();
    });

    const patch = (id: string, body: Json, token = owner.token) =>
      h.http.patch<Json>(`/api/ruleset-submissions/${id}`, body, { token });
    const decide = (id: string, action: string, body: Json = {}, auth: Json = { cookie: h.admin }) =>
      h.http.post<Json>(`/api/admin/ruleset-submissions/${id}/${action}`, body, auth);

    it('POST /ruleset-submissions/validate: 200 with the report, 400 malformed, 401 without a token, 502 host down', async () => {
      const repoUrl = await h.newRepo();
      const ok = await h.validate(owner.token, { repoUrl, includeBranches: true });
      expect(ok.status).toBe(200);
      expect(ok.body.validation).toMatchObject({ ok: true, errors: [] });
      expect(ok.body.branchInfo.defaultBranch).toBe('main');
      expect((await h.validate(owner.token, { repoUrl: 42 })).status).toBe(400);
      expect((await h.http.post('/api/ruleset-submissions/validate', { repoUrl })).status).toBe(401);
      await h.control.injectFault({ system: 'source_host', kind: 'error' });
      try {
        expect((await h.validate(owner.token, { repoUrl })).status).toBe(502);
      } finally {
        await h.control.clearFaults();
      }
    });

    it('POST /ruleset-submissions: 201, 400 for a field out of its limits, 401, 403 read-only, 422 for an idea not approved', async () => {
      const created = await h.http.post<Json>(
        '/api/ruleset-submissions',
        { name: 'Wire ruleset', description: 'Submitted over the wire.', repoUrl: await h.newRepo() },
        { token: owner.token },
      );
      expect(created.status).toBe(201);
      expect(created.body.submission).toMatchObject({ status: 'submitted', category: 'Other' });
      const body = { name: 'x', description: 'A fine description.', repoUrl: await h.newRepo() };
      const refused = await h.http.post<Json>('/api/ruleset-submissions', body, { token: owner.token });
      expect(refused.status).toBe(400);
      expect(refused.body.details).toEqual([expect.objectContaining({ field: 'name' })]);
      const fine = { ...body, name: 'Fine name' };
      expect((await h.http.post('/api/ruleset-submissions', fine)).status).toBe(401);
      const reader = await h.newUser(['api:read']);
      expect((await h.http.post('/api/ruleset-submissions', fine, { token: reader.token })).status).toBe(403);
      const pending = await h.newIdea(owner.id, false);
      const unapproved = await h.http.post<Json>(
        '/api/ruleset-submissions',
        { ...fine, deliversIdeaIds: [pending.id] },
        { token: owner.token },
      );
      expect(unapproved.status).toBe(422);
    });

    it('GET, history and DELETE: 200 for the owner, 404 for another user, 400 for a malformed id', async () => {
      const { submission } = await h.submit(owner.token);
      const mine = await h.http.get<Json>('/api/ruleset-submissions', { token: owner.token });
      expect(mine.body.submissions.map((s: Json) => s.id)).toContain(submission.id);
      for (const path of ['', '/history']) {
        const url = `/api/ruleset-submissions/${submission.id}${path}`;
        expect((await h.http.get(url, { token: owner.token })).status).toBe(200);
        expect((await h.http.get(url, { token: other.token })).status).toBe(404);
        expect(
          (await h.http.get(`/api/ruleset-submissions/not-a-uuid${path}`, { token: owner.token })).status,
        ).toBe(400);
      }
      const url = `/api/ruleset-submissions/${submission.id}`;
      expect((await h.http.delete(url, { token: other.token })).status).toBe(404);
      expect((await h.http.delete<Json>(url, { token: owner.token })).body).toEqual({ ok: true });
    });

    it('GET /ruleset-submissions pages by limit and cursor: 200 with hasMore and nextCursor; 400 for a limit above 100 or a forged cursor', async () => {
      const author = await h.newUser();
      const older = (await h.submit(author.token)).submission;
      const newer = (await h.submit(author.token)).submission;
      const list = (query: string) =>
        h.http.get<Json>(`/api/ruleset-submissions${query}`, { token: author.token });
      const whole = await list('');
      expect(whole.body.submissions.map((s: Json) => s.id)).toEqual([newer.id, older.id]);
      expect(whole.body).toMatchObject({ hasMore: false, nextCursor: null });
      const first = await list('?limit=1');
      expect(first.body.submissions.map((s: Json) => s.id)).toEqual([newer.id]);
      expect(first.body.hasMore).toBe(true);
      const rest = await list(`?limit=1&cursor=${encodeURIComponent(first.body.nextCursor)}`);
      expect(rest.body.submissions.map((s: Json) => s.id)).toEqual([older.id]);
      expect(rest.body).toMatchObject({ hasMore: false, nextCursor: null });
      expect((await list('?limit=101')).status).toBe(400);
      expect((await list('?cursor=forged')).status).toBe(400);
    });

    it('PATCH: 200, 400 for null, 403 under review, 404 another user, 409 rejected, 422 a broken repository', async () => {
      const { submission } = await h.submit(owner.token);
      expect((await patch(submission.id, { name: null })).status).toBe(400);
      const underReview = await patch(submission.id, { description: 'A new description here.' });
      expect(underReview.status).toBe(403);
      expect(underReview.body.code).toBe('RULESETS.UNDER_REVIEW');
      expect((await patch(submission.id, { resubmit: true }, other.token)).status).toBe(404);
      await decide(submission.id, 'needs-improvement', { feedback: 'Please improve.' });
      const edited = await patch(submission.id, { tags: ['wire'] });
      expect(edited.status).toBe(200);
      expect(edited.body.submission).toMatchObject({ status: 'needs_improvement', tags: ['wire'] });
      const broken = await patch(submission.id, {
        repoUrl: await h.newRepo({ 'ruleset.yaml': 'profile: x\n' }),
      });
      expect(broken.status).toBe(422);
      expect(broken.body).toMatchObject({ code: 'RULESETS.VALIDATION_FAILED', validation: { ok: false } });
      expect((await patch(submission.id, { resubmit: true })).body.submission.status).toBe('submitted');
      expect((await decide(submission.id, 'reject', { feedback: 'Not a ruleset we can list.' })).status).toBe(
        200,
      );
      const final = await patch(submission.id, { name: 'Again' });
      expect(final.status).toBe(409);
      expect(final.body.code).toBe('RULESETS.SUBMISSION_REJECTED');
    });

    it('review routes are for administrators: 401, 403, 400 without feedback to send back, 404, 200, 409 once decided', async () => {
      const { submission } = await h.submit(owner.token);
      expect((await decide(submission.id, 'approve', {}, {})).status).toBe(401);
      expect((await decide(submission.id, 'approve', {}, { token: owner.token })).status).toBe(403);
      expect((await h.http.get('/api/admin/queue', { token: owner.token })).status).toBe(403);
      for (const action of ['needs-improvement', 'reject'])
        expect((await decide(submission.id, action, { feedback: '' })).status).toBe(400);
      expect((await decide(UNKNOWN, 'approve')).status).toBe(404);
      expect(
        (await h.http.post('/api/admin/ruleset-submissions/x/approve', {}, { cookie: h.admin })).status,
      ).toBe(400);
      const queued = await h.http.get<Json>('/api/admin/queue', { cookie: h.admin });
      expect(queued.body.rulesetSubmissions.map((s: Json) => s.id)).toContain(submission.id);
      expect((await decide(submission.id, 'approve', { feedback: 'Great.' })).status).toBe(200);
      const again = await decide(submission.id, 'approve');
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('RULESETS.NOT_WAITING');
    });

    it('delivers declared ideas on approval, as for policies: the idea is delivered (named by its slug) and its submitter notified', async () => {
      const ideaAuthor = await h.newUser();
      const idea = await h.newIdea(ideaAuthor.id);
      const { rulesetId } = await h.published(owner.token, { deliversIdeaIds: [idea.id] });
      // Delivered by the catalog after the approval's commit: the ruleset shows it once it is.
      const ruleset = await h.eventually(
        async () => (await h.http.get<Json>(`/api/rulesets/${rulesetId}`)).body,
        (body) => body.ruleset.delivers_ideas.some((d: Json) => d.phase === 'delivered'),
        10_000,
      );
      // `Ruleset idea 7` is `ruleset-idea-7`.
      const slug = idea.title.toLowerCase().replaceAll(' ', '-');
      expect(ruleset.ruleset.delivers_ideas).toEqual([
        expect.objectContaining({ id: idea.id, slug, phase: 'delivered', coverage: 'full' }),
      ]);
      const inbox = await h.eventually(
        async () => (await h.http.get<Json>('/api/me/notifications', { token: ideaAuthor.token })).body,
        (body) => body.notifications?.length > 0,
      );
      expect(JSON.stringify(inbox.notifications[0])).toContain(rulesetId);
    });
  });
});
