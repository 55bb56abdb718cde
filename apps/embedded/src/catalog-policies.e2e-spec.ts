import { REFS_LISTED_MAX } from '@pc/contracts';
import { BUSES, catalogE2e, type Json } from './testing/catalog-e2e';

// A policy from sign-up to publication; listing, search and the vendor index; visibility of documentation
// and submissions; designated reviewers; history; edits and revisions; what the catalog reads from the source host (issues,
// branches, downloads) and the statuses it answers when the host fails.
describe.each(BUSES)('catalog policies through the gateway over the %s bus', (kind) => {
  const t = catalogE2e(kind);
  const { newUser, newRepo, submit, published } = t;

  describe('a new user, from sign-up to a published policy', () => {
    it('validates, submits, is reviewed, found by a word, revised and transferred', async () => {
      const owner = await newUser();
      const other = await newUser();
      const url = await newRepo();

      const validation = await t.http.post<Json>(
        '/api/submissions/validate',
        { sourceHostUrl: url },
        { token: owner.token },
      );
      expect(validation.status).toBe(200);
      expect(validation.body.validation).toMatchObject({
        ok: true,
        errors: [],
        version: '1.2.3',
        kitVersion: '1.4.0',
        defaultBranch: 'main',
        definition: { path: 'definition/gcl.yaml', name: 'oauth-scopes' },
      });

      const created = await t.http.post<Json>(
        '/api/submissions',
        {
          name: 'Zebra Scope Guard',
          description: 'Rejects requests whose token lacks the quokkascope an operation needs.',
          sourceHostUrl: url,
          docTabs: [{ key: 'faq', title: 'FAQ', bodyMd: 'Q and A' }],
        },
        { token: owner.token },
      );
      expect(created.status).toBe(201);
      const policyId: string = created.body.submission.policyId;

      const mine = await t.http.get<Json>(`/api/policies/${policyId}`, { token: owner.token });
      expect(mine.status).toBe(200);
      expect(mine.body.policy.status).toBe('under_review');
      expect((await t.http.get(`/api/policies/${policyId}`, { token: other.token })).status).toBe(404);
      expect((await t.http.get(`/api/policies/${policyId}`)).status).toBe(404);

      const queue = await t.http.get<Json>('/api/admin/queue', { cookie: t.admin });
      expect(queue.body.submissions.map((s: Json) => s.id)).toContain(created.body.submission.id);
      expect(queue.body.rulesetSubmissions).toEqual([]);

      const approve = await t.http.post<Json>(
        `/api/admin/submissions/${created.body.submission.id}/approve`,
        {},
        { cookie: t.admin },
      );
      expect(approve.status).toBe(200);

      const found = await t.http.get<Json>('/api/policies?q=quokkascope');
      expect(found.body.policies.map((p: Json) => p.id)).toEqual([policyId]);
      const docs = await t.http.get<Json>(`/api/policies/${policyId}/docs`);
      expect(docs.body.tabs.map((t: Json) => t.key)).toEqual(['overview', 'faq']);
      expect(docs.body.tabs[0].bodyMd).toContain('quokkascope');

      const revision = await t.http.post<Json>(
        `/api/policies/${policyId}/revisions`,
        { field: 'description', value: 'Now guards the wombatscope of every operation.' },
        { token: owner.token },
      );
      expect(revision.status).toBe(201);
      expect((await t.http.get<Json>('/api/policies?q=wombatscope')).body.policies).toEqual([]);
      await t.http.post(`/api/admin/revisions/${revision.body.revision.id}/approve`, {}, { cookie: t.admin });
      expect((await t.http.get<Json>('/api/policies?q=wombatscope')).body.policies[0].id).toBe(policyId);

      await t.transfer('policy', policyId, owner, other);
      const after = await t.http.get<Json>(`/api/policies/${policyId}`);
      expect(after.body.policy.owner_id).toBe(other.id);

      const history = await t.http.get<Json>(`/api/policies/${policyId}/history?limit=2`, {
        token: other.token,
      });
      expect(history.body.entries.map((e: Json) => e.action)).toEqual(['transferred', 'transfer_offered']);
      const older = await t.http.get<Json>(
        `/api/policies/${policyId}/history?limit=50&before=${history.body.nextCursor}`,
        { token: other.token },
      );
      expect(older.body.entries.map((e: Json) => e.action)).toEqual([
        'revision_approved',
        'revision_proposed',
        'approved',
        'submitted',
      ]);
      expect(older.body.nextCursor).toBeNull();
    });
  });

  // Search, the vendor index, visibility, designated reviewers and history paging are tested at the
  // service level (apps/catalog/src/policies/policies.integration-spec.ts); here each route's classes.
  it('lists, searches and pages policies: 200 with hasMore; 400 for a limit above 200, an unknown sort or a huge offset', async () => {
    const user = await newUser();
    const { policyId } = await published(user.token, { name: 'Xylophone OAuth Bridge' });
    const found = await t.http.get<Json>('/api/policies?q=ylophone&limit=1');
    expect(found.status).toBe(200);
    expect(found.body.policies.map((p: Json) => p.id)).toEqual([policyId]);
    expect(typeof found.body.hasMore).toBe('boolean');
    expect((await t.http.get('/api/policies?limit=201')).status).toBe(400);
    expect((await t.http.get('/api/policies?sort=random')).status).toBe(400);
    expect((await t.http.get('/api/policies?offset=1000001')).status).toBe(400);
  });

  it('serves the vendor index: 200 by slug, 404 for an unknown one, 200 on reload by an administrator', async () => {
    const list = await t.http.get<Json>('/api/policies?source=vendor&q=rate');
    expect(list.body.policies.map((p: Json) => p.slug)).toContain('rate-limiting');
    const one = await t.http.get<Json>('/api/vendor-policies/cors');
    expect(one.status).toBe(200);
    expect(one.body.policy.body_md).toContain('preflight');
    expect((await t.http.get('/api/vendor-policies/no-such-policy')).status).toBe(404);
    const reload = await t.http.post<Json>('/api/admin/vendor-index/reload', {}, { cookie: t.admin });
    expect(reload.status).toBe(200);
  });

  it('docs and submissions of an unpublished policy: 200 for the owner, 404 for others, 401 signed out', async () => {
    const owner = await newUser();
    const other = await newUser();
    const { submission } = await submit(owner.token);
    const docs = `/api/policies/${submission.policyId}/docs`;
    expect((await t.http.get<Json>(docs, { token: owner.token })).body.canEdit).toBe(true);
    expect((await t.http.get(docs, { token: other.token })).status).toBe(404);
    const detail = await t.http.get<Json>(`/api/submissions/${submission.id}`, { token: owner.token });
    expect(detail.status).toBe(200);
    expect(detail.body.docTabs.map((t: Json) => t.key)).toEqual(['configuration']);
    expect((await t.http.get(`/api/submissions/${submission.id}`, { token: other.token })).status).toBe(404);
    expect((await t.http.get(`/api/submissions/${submission.id}`)).status).toBe(401);
    const history = `/api/submissions/${submission.id}/history`;
    expect((await t.http.get<Json>(history, { token: owner.token })).body.entries[0].action).toBe(
      'submitted',
    );
    expect((await t.http.get(history)).status).toBe(404);
  });

  it('designates reviewers: 200; 400 for a malformed user id, 403 for a non-administrator, 404 for an unknown user', async () => {
    const owner = await newUser();
    const reviewer = await newUser();
    const { policyId } = await published(owner.token);
    const path = `/api/admin/policies/${policyId}/reviewers`;
    expect((await t.http.post(path, { userId: reviewer.id }, { token: owner.token })).status).toBe(403);
    expect((await t.http.post(path, { userId: 'nobody' }, { cookie: t.admin })).status).toBe(400);
    const unknown = '00000000-0000-4000-8000-000000000002';
    expect((await t.http.post(path, { userId: unknown }, { cookie: t.admin })).status).toBe(404);
    expect((await t.http.post<Json>(path, { userId: reviewer.id }, { cookie: t.admin })).body).toEqual({
      ok: true,
    });
    const me = await t.http.get<Json>(`/api/policies/${policyId}/reviewers/me`, { token: reviewer.token });
    expect(me.body.isReviewer).toBe(true);
    expect((await t.http.delete(`${path}/${reviewer.id}`, { cookie: t.admin })).status).toBe(200);
  });

  it('pages the history: 200 with nextCursor, 400 for a malformed cursor', async () => {
    const user = await newUser();
    const { policyId } = await published(user.token);
    const page = await t.http.get<Json>(`/api/policies/${policyId}/history?limit=1`);
    expect(page.status).toBe(200);
    expect(page.body.entries).toHaveLength(1);
    expect(page.body.nextCursor).toEqual(expect.any(String));
    expect((await t.http.get(`/api/policies/${policyId}/history?before=garbage`)).status).toBe(400);
  });

  // Who may edit what, the value limits, one pending revision per field and the checks of a changed
  // repository (all revisions of one PATCH or none, a split policy's implementation) are tested at the
  // service level (apps/catalog/src/revisions/revisions.integration-spec.ts); here the routes' statuses.
  it('PATCH a policy and POST a revision: 200, 201; 400, 403, 409 and 422 (an invalid repository)', async () => {
    const owner = await newUser();
    const other = await newUser();
    const { policyId } = await published(owner.token);
    const path = `/api/policies/${policyId}`;
    const patched = await t.http.patch<Json>(
      path,
      { description: 'A proposed About text, not live yet.', name: 'Renamed Guard' },
      { token: owner.token },
    );
    expect(patched.status).toBe(200);
    expect(patched.body.policy.name).toBe('Renamed Guard');
    const again = await t.http.patch<Json>(
      path,
      { description: 'Yet another proposed About text.' },
      { token: owner.token },
    );
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('CATALOG.REVISION_PENDING');
    expect((await t.http.patch(path, { description: 'short' }, { token: owner.token })).status).toBe(400);
    expect((await t.http.patch(path, { name: 'Mine now' }, { token: other.token })).status).toBe(403);
    const invalid = await t.http.patch<Json>(
      path,
      { sourceHostUrl: await t.readmeOnlyRepo('not-a-policy') },
      { token: owner.token },
    );
    expect(invalid.status).toBe(422);
    expect(invalid.body.code).toBe('CATALOG.REVISION_REPOSITORY_INVALID');

    const revisions = `${path}/revisions`;
    const url = await t.http.post<Json>(
      revisions,
      { field: 'source_host_url', value: await newRepo() },
      { token: owner.token },
    );
    expect(url.status).toBe(201);
    expect(
      (await t.http.post(revisions, { field: 'source_host_url', value: 'not a url' }, { token: owner.token }))
        .status,
    ).toBe(422);
    const listed = await t.http.get<Json>(revisions, { token: owner.token });
    expect(listed.status).toBe(200);
    expect(listed.body.revisions).toHaveLength(2);
    const approved = await t.http.post<Json>(
      `/api/admin/revisions/${url.body.revision.id}/approve`,
      {},
      { cookie: t.admin },
    );
    expect(approved.status).toBe(200);
    expect((await t.http.get<Json>(path)).body.policy.source_host_url).toBe(url.body.revision.proposed_value);
  });

  // Each fault kind, a repository made private and the remembered issue check are tested at the service
  // level (apps/catalog/src/submissions/submissions.integration-spec.ts, "when the source host fails").
  describe('the source host', () => {
    afterEach(() => t.control.clearFaults());

    it('reports issues, branches, downloads, reviewer status, and 404 for the orgs of a connection that does not exist', async () => {
      const user = await newUser();
      const { policyId } = await published(user.token);
      expect((await t.http.get<Json>(`/api/policies/${policyId}/issues-enabled`)).body).toEqual({
        enabled: true,
      });
      const branches = await t.http.get<Json>(`/api/policies/${policyId}/branches`, { token: user.token });
      expect(branches.body).toMatchObject({ defaultBranch: 'main', truncated: false });
      expect(
        (await t.http.post(`/api/policies/${policyId}/download`, {}, { token: user.token })).status,
      ).toBe(200);
      expect(
        (await t.http.get<Json>(`/api/policies/${policyId}/reviewers/me`, { token: user.token })).body,
      ).toEqual({ isReviewer: false });
      expect(
        (await t.http.get<Json>(`/api/policies/${policyId}/reviewers/me`, { cookie: t.admin })).body,
      ).toEqual({ isReviewer: true });
      const orgs = await t.http.get<Json>(`/api/policies/${policyId}/orgs?connectionId=${user.id}`, {
        token: user.token,
      });
      expect(orgs.status).toBe(404);
    });

    it(`lists at most ${REFS_LISTED_MAX} tags of a repository that has more, answering truncated: true`, async () => {
      const user = await newUser();
      const tags = Object.fromEntries(
        Array.from({ length: REFS_LISTED_MAX + 1 }, (_, i) => [`v1.0.${i}`, {}]),
      );
      const { policyId } = await published(user.token, { sourceHostUrl: await newRepo({}, { tags }) });
      const res = await t.http.get<Json>(`/api/policies/${policyId}/branches`, { token: user.token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ defaultBranch: 'main', truncated: true });
      expect(res.body.branches.map((b: Json) => b.name)).toEqual(['main']);
      expect(res.body.tags).toHaveLength(REFS_LISTED_MAX);
    });

    it('answers 502 UPSTREAM_UNAVAILABLE with Retry-After when the host rate limits, 502 to a validation then', async () => {
      const user = await newUser();
      const { policyId } = await published(user.token);
      const url = await newRepo();
      await t.control.injectFault({ system: 'source_host', kind: 'rate_limit' });
      const res = await t.http.get<Json>(`/api/policies/${policyId}/branches`, { token: user.token });
      expect(res.status).toBe(502);
      expect(res.body).toMatchObject({ statusCode: 502, code: 'UPSTREAM_UNAVAILABLE' });
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      const validate = await t.http.post(
        '/api/submissions/validate',
        { sourceHostUrl: url },
        { token: user.token },
      );
      expect(validate.status).toBe(502);
      await t.control.clearFaults();
      expect((await t.http.get(`/api/policies/${policyId}/branches`, { token: user.token })).status).toBe(
        200,
      );
    });

    it('answers 404 CATALOG.REPOSITORY_GONE when the repository was deleted', async () => {
      const user = await newUser();
      const { policyId } = await published(user.token);
      const url = (await t.http.get<Json>(`/api/policies/${policyId}`)).body.policy.source_host_url as string;
      await t.control.deleteRepository('community', new URL(url).pathname.split('/').pop()!);
      const res = await t.http.get<Json>(`/api/policies/${policyId}/branches`, { token: user.token });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('CATALOG.REPOSITORY_GONE');
      expect((await t.http.get(`/api/policies/${policyId}`)).status).toBe(200);
    });
  });
});
