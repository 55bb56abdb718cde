import { CARGO, POLICY_FILES } from '@pc/testing';
import { BUSES, catalogE2e, type Json } from './testing/catalog-e2e';

// The wire of submissions and their review: each route's success and error classes, the named ref and
// the refusal's body as a client reads them. The rules behind them (validation of refs and split
// repositories, the review's states, the tabs' budget, the row lock, a failing source host) are tested at
// the service level: apps/catalog/src/submissions/submissions.integration-spec.ts.
describe.each(BUSES)('catalog submissions through the gateway over the %s bus', (kind) => {
  const t = catalogE2e(kind);
  const { newUser, newRepo, submit, splitRepos } = t;

  it('submits at a named ref (201), rejects (200; 403 to others), resubmits (200), approves; 403 and 409 after', async () => {
    const user = await newUser();
    const v2 = { ...POLICY_FILES, 'Cargo.toml': CARGO.replace('1.2.3', '2.0.0') };
    const { submission, validation } = await submit(user.token, {
      sourceHostUrl: await newRepo({}, { branches: { v2 } }),
      sourceRef: 'v2',
    });
    expect(validation).toMatchObject({ ok: true, ref: 'v2', version: '2.0.0' });
    expect(submission).toMatchObject({
      sourceRef: 'v2',
      sourceCommit: expect.stringMatching(/^[0-9a-f]{40}$/),
    });
    const queue = await t.http.get<Json>('/api/admin/queue', { cookie: t.admin });
    expect(queue.body.submissions).toContainEqual(
      expect.objectContaining({ id: submission.id, sourceRef: 'v2', sourceCommit: submission.sourceCommit }),
    );

    const reject = `/api/admin/submissions/${submission.id}/reject`;
    expect((await t.http.post(reject, { feedback: 'x' }, { token: user.token })).status).toBe(403);
    const rejected = await t.http.post<Json>(reject, { feedback: 'Add examples' }, { cookie: t.admin });
    expect(rejected.status).toBe(200);
    expect(rejected.body.submission).toMatchObject({ status: 'rejected', feedback: 'Add examples' });
    const path = `/api/submissions/${submission.id}`;
    const again = await t.http.patch<Json>(
      path,
      { docTabs: [{ key: 'examples', title: 'Examples', bodyMd: 'curl ...' }] },
      { token: user.token },
    );
    expect(again.status).toBe(200);
    expect(again.body.submission.status).toBe('submitted');

    await t.http.post(`/api/admin/submissions/${submission.id}/approve`, {}, { cookie: t.admin });
    expect((await t.http.patch(path, { sourceRef: 'main' }, { token: user.token })).status).toBe(403);
    const decided = await t.http.patch<Json>(path, { name: 'Late Edit' }, { token: user.token });
    expect(decided.status).toBe(409);
    expect(decided.body.code).toBe('CATALOG.SUBMISSION_DECIDED');
    const policy = await t.http.get<Json>(`/api/policies/${submission.policyId}`);
    expect(policy.body.policy.source_ref).toBe('v2');
  });

  it('validates split repositories (200 with the report) and refuses an invalid one with 422 carrying the validation', async () => {
    const user = await newUser();
    const [definition, implementation] = await splitRepos();
    const ok = await t.http.post<Json>(
      '/api/submissions/validate',
      { projectType: 'split', sourceHostUrl: definition, implementationSourceHostUrl: implementation },
      { token: user.token },
    );
    expect(ok.status).toBe(200);
    expect(ok.body.validation).toMatchObject({
      ok: true,
      projectType: 'split',
      implementation: { path: 'src/lib.rs' },
    });

    const [halfDefinition, noManifest] = await splitRepos({ 'src/lib.rs': '// filter\n' });
    const res = await t.http.post<Json>(
      '/api/submissions',
      {
        name: 'Half a Policy',
        description: 'The implementation repository lacks its manifest.',
        projectType: 'split',
        sourceHostUrl: halfDefinition,
        implementationSourceHostUrl: noManifest,
      },
      { token: user.token },
    );
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ statusCode: 422, code: 'CATALOG.SUBMISSION_REPOSITORY_INVALID' });
    expect(res.body.validation).toMatchObject({
      ok: false,
      projectType: 'split',
      definition: { path: 'gcl.yaml' },
    });
    expect(res.body.validation.errors).toEqual(['No Cargo.toml found: the version cannot be read']);
    expect(res.body.details).toEqual([
      { field: 'validation', message: 'No Cargo.toml found: the version cannot be read' },
    ]);
  });

  // The limits are the gateway's validation (the service's own are tested at the service level).
  it('holds submission name 2..120, description 10..20000, docTabs and deliversIdeaIds to 50, sourceRef to 255 (400)', async () => {
    const user = await newUser();
    const url = await newRepo();
    const base = { name: 'Limits', description: 'Ten chars!', sourceHostUrl: url };
    const status = async (fields: Json): Promise<number> =>
      (await t.http.post('/api/submissions', { ...base, ...fields }, { token: user.token })).status;
    const tab = (i: number) => ({ key: `tab-${i}`, title: `Tab ${i}`, bodyMd: 'x' });
    const idea = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
    expect(await status({ name: 'x' })).toBe(400);
    expect(await status({ name: 'x'.repeat(121) })).toBe(400);
    expect(await status({ description: 'x'.repeat(9) })).toBe(400);
    expect(await status({ description: 'x'.repeat(20001) })).toBe(400);
    expect(await status({ docTabs: Array.from({ length: 51 }, (_, i) => tab(i)) })).toBe(400);
    expect(await status({ deliversIdeaIds: Array.from({ length: 51 }, (_, i) => idea(i)) })).toBe(400);
    expect(await status({ sourceRef: 'x'.repeat(256) })).toBe(400);
    expect(await status({ name: 'xy', docTabs: Array.from({ length: 50 }, (_, i) => tab(i)) })).toBe(201);
    expect(await status({ name: 'y'.repeat(120), description: 'd'.repeat(20000) })).toBe(201);
  });
});
