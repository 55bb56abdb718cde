import { BUSES, catalogE2e, type Json } from './testing/catalog-e2e';

// Editing a policy: direct edits, pending revisions and repository changes.
describe.each(BUSES)('catalog revisions through the gateway over the %s bus', (kind) => {
  const t = catalogE2e(kind);
  const { newUser, newRepo, published } = t;

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
});
