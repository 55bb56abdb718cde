import { type Json, RulesetsHarness, type TestUser } from './testing/rulesets-e2e';

const UNKNOWN = '7d4f3b0e-1c2a-4b5c-8d9e-0f1a2b3c4d5e';

/**
 * The wire of ruleset submissions and review: each route's success and each of its error classes,
 * through the gateway over NATS on real PostgreSQL (every answer checked against the served document).
 * The rules behind them are tested at the service level (apps/rulesets/src/submissions, review), the
 * limits of every field in apps/gateway/src/rulesets/ruleset-schemas.spec.ts.
 */
describe('ruleset submissions and review through the gateway over NATS', () => {
  const h = new RulesetsHarness();
  let owner: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    await h.start();
    owner = await h.newUser();
    other = await h.newUser();
  }, 60_000);
  afterAll(() => h.stop());

  const patch = (id: string, body: Json, token = owner.token) =>
    h.http.patch<Json>(`/api/ruleset-submissions/${id}`, body, { token });
  const decide = (id: string, action: string, body: Json = {}, auth: Json = { cookie: h.admin }) =>
    h.http.post<Json>(`/api/admin/ruleset-submissions/${id}/${action}`, body, auth);

  it('POST /ruleset-submissions/validate: 200 with the report, 400 malformed, 401 without a token, 502 host down', async () => {
    const repoUrl = await h.newRepo();
    const ok = await h.http.post<Json>(
      '/api/ruleset-submissions/validate',
      { repoUrl, includeBranches: true },
      { token: owner.token },
    );
    expect(ok.status).toBe(200);
    expect(ok.body.validation).toMatchObject({ ok: true, errors: [] });
    expect(ok.body.branchInfo.defaultBranch).toBe('main');
    expect(
      (await h.http.post('/api/ruleset-submissions/validate', { repoUrl: 42 }, { token: owner.token }))
        .status,
    ).toBe(400);
    expect((await h.http.post('/api/ruleset-submissions/validate', { repoUrl })).status).toBe(401);
    await h.control.injectFault({ system: 'source_host', kind: 'error' });
    try {
      expect(
        (await h.http.post('/api/ruleset-submissions/validate', { repoUrl }, { token: owner.token })).status,
      ).toBe(502);
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
});
