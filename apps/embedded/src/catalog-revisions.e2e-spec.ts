import { BUSES, catalogE2e, type Json } from './testing/catalog-e2e';

// Editing a policy: direct edits, pending revisions and repository changes.
describe.each(BUSES)('catalog revisions through the gateway over the %s bus', (kind) => {
  const t = catalogE2e(kind);
  const { newUser, newRepo, submit, published, splitRepos } = t;

  describe('editing and revisions', () => {
    it('refuses sourceRef from a non-administrator with 403 and a second pending revision with 409', async () => {
      const user = await newUser();
      const { policyId } = await published(user.token);
      expect(
        (await t.http.patch(`/api/policies/${policyId}`, { sourceRef: 'v1' }, { token: user.token })).status,
      ).toBe(403);
      expect(
        (await t.http.patch<Json>(`/api/policies/${policyId}`, { sourceRef: 'v1' }, { cookie: t.admin })).body
          .policy.source_ref,
      ).toBe('v1');
      const first = await t.http.post(
        `/api/policies/${policyId}/revisions`,
        { field: 'description', value: 'A new About text.' },
        { token: user.token },
      );
      expect(first.status).toBe(201);
      const second = await t.http.post(
        `/api/policies/${policyId}/revisions`,
        { field: 'description', value: 'Another About text.' },
        { token: user.token },
      );
      expect(second.status).toBe(409);
      const short = await t.http.post(
        `/api/policies/${policyId}/revisions`,
        { field: 'source_host_url', value: 'not a url' },
        { token: user.token },
      );
      expect(short.status).toBe(422);
    });

    it('refuses a revision value past 20000 characters, or under 10, with 422 and nothing filed', async () => {
      const user = await newUser();
      const { policyId } = await published(user.token);
      const propose = (field: string, value: string) =>
        t.http.post<Json>(`/api/policies/${policyId}/revisions`, { field, value }, { token: user.token });
      for (const [field, value] of [
        ['description', 'd'.repeat(20001)],
        ['description', 'too short'],
        ['source_host_url', `https://example.com/${'x'.repeat(20001)}`],
      ]) {
        const refused = await propose(field, value);
        expect(refused.status).toBe(422);
        expect(refused.body.details).toEqual([expect.objectContaining({ field: 'value' })]);
      }
      const listed = await t.http.get<Json>(`/api/policies/${policyId}/revisions`, { token: user.token });
      expect(listed.body.revisions).toEqual([]);
      expect((await propose('description', 'd'.repeat(20000))).status).toBe(201);
    });
  });

  describe('editing a published policy', () => {
    it('files a changed description as a pending revision: 409 for a second one, 422 for an invalid repository', async () => {
      const owner = await newUser();
      const other = await newUser();
      const { policyId } = await published(owner.token);
      const before = (await t.http.get<Json>(`/api/policies/${policyId}`)).body.policy;
      const patched = await t.http.patch<Json>(
        `/api/policies/${policyId}`,
        { description: 'A proposed About text, not live yet.', name: 'Renamed Guard' },
        { token: owner.token },
      );
      expect(patched.status).toBe(200);
      expect(patched.body.policy).toMatchObject({ name: 'Renamed Guard', description: before.description });
      const revisions = await t.http.get<Json>(`/api/policies/${policyId}/revisions`, { token: owner.token });
      expect(revisions.body.revisions).toEqual([
        expect.objectContaining({
          field: 'description',
          status: 'pending',
          proposed_value: 'A proposed About text, not live yet.',
          previous_value: before.description,
        }),
      ]);
      const again = await t.http.patch<Json>(
        `/api/policies/${policyId}`,
        { description: 'Yet another proposed About text.' },
        { token: owner.token },
      );
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('CATALOG.REVISION_PENDING');
      const { webUrl } = await t.control.createRepository({
        owner: 'community',
        name: `not-a-policy-${t.unique()}`,
        files: { 'README.md': 'nothing' },
      });
      const invalid = await t.http.patch<Json>(
        `/api/policies/${policyId}`,
        { sourceHostUrl: webUrl },
        { token: owner.token },
      );
      expect(invalid.status).toBe(422);
      expect(
        (await t.http.patch(`/api/policies/${policyId}`, { description: 'short' }, { token: owner.token }))
          .status,
      ).toBe(400);
      expect(
        (await t.http.patch(`/api/policies/${policyId}`, { name: 'Mine now' }, { token: other.token }))
          .status,
      ).toBe(403);
      expect(
        (
          await t.http.patch(
            `/api/policies/${policyId}`,
            { implementationSourceRef: 'v2' },
            { token: owner.token },
          )
        ).status,
      ).toBe(403);
    });
  });

  describe('repository changes', () => {
    it('checks every repository change and files all revisions of one PATCH, or none', async () => {
      const user = await newUser();
      const { submission } = await submit(user.token);
      const unpublished = `/api/policies/${submission.policyId}`;
      expect(
        (await t.http.patch(unpublished, { sourceHostUrl: await newRepo() }, { token: user.token })).status,
      ).toBe(422);
      expect(
        (
          await t.http.patch(
            unpublished,
            { implementationSourceHostUrl: await newRepo() },
            { token: user.token },
          )
        ).status,
      ).toBe(422);
      const revision = { field: 'description', value: 'Not published: edit the submission.' };
      expect((await t.http.post(`${unpublished}/revisions`, revision, { token: user.token })).status).toBe(
        422,
      );

      const { policyId } = await published(user.token);
      const path = `/api/policies/${policyId}`;
      const { webUrl: notPolicy } = await t.control.createRepository({
        owner: 'community',
        name: `readme-only-${t.unique()}`,
        files: { 'README.md': 'nothing' },
      });
      const both = await t.http.patch(
        path,
        {
          name: 'Half Applied',
          description: 'A valid new About text for this policy.',
          sourceHostUrl: notPolicy,
        },
        { token: user.token },
      );
      expect(both.status).toBe(422);
      expect((await t.http.get<Json>(`${path}/revisions`, { token: user.token })).body.revisions).toEqual([]);
      expect((await t.http.get<Json>(path)).body.policy.name).not.toBe('Half Applied');
      expect(
        (await t.http.patch(path, { implementationSourceHostUrl: await newRepo() }, { token: user.token }))
          .status,
      ).toBe(422);
      expect(
        (await t.http.patch(path, { description: 'An administrator rewrites it.' }, { cookie: t.admin }))
          .status,
      ).toBe(403);

      const [definition, implementation] = await splitRepos();
      const split = await published(user.token, {
        projectType: 'split',
        sourceHostUrl: definition,
        implementationSourceHostUrl: implementation,
      });
      const [, moved] = await splitRepos();
      const splitPath = `/api/policies/${split.policyId}`;
      expect(
        (await t.http.patch(splitPath, { implementationSourceHostUrl: moved }, { token: user.token })).status,
      ).toBe(200);
      expect((await t.http.get<Json>(splitPath)).body.policy.implementation_source_host_url).toBe(
        implementation,
      );
      const [pending] = (await t.http.get<Json>(`${splitPath}/revisions`, { token: user.token })).body
        .revisions;
      expect(pending).toMatchObject({
        field: 'implementation_source_host_url',
        status: 'pending',
        proposed_value: moved,
      });
      await t.http.post(
        `/api/admin/revisions/${pending.id}/reject`,
        { feedback: 'Reviewer-only note' },
        { cookie: t.admin },
      );
      const publicHistory = (await t.http.get<Json>(`${splitPath}/history`)).body.entries as Json[];
      expect(publicHistory.find((e) => e.action === 'revision_rejected')?.details).toEqual({
        field: 'implementation_source_host_url',
      });
    });
  });
});
