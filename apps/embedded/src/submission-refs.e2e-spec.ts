import { E2E_BUSES, testBus } from '@pc/testing';
import { CARGO, CatalogWorld, POLICY_FILES, type TestUser } from './testing/catalog-world';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const V2 = { ...POLICY_FILES, 'Cargo.toml': CARGO.replace('1.2.3', '2.0.0') };
/** A branch whose content would never pass review: no implementation. */
const BROKEN = { 'definition/gcl.yaml': POLICY_FILES['definition/gcl.yaml'], 'Cargo.toml': CARGO };
const SHA = /^[0-9a-f]{40}$/;

describe.each(E2E_BUSES)('the ref a submission deploys, over the %s bus', (kind) => {
  const world = new CatalogWorld();
  let owner: TestUser;

  beforeAll(async () => {
    await world.start(testBus(kind, 10000));
    owner = await world.newUser();
  });

  afterAll(() => world.stop());

  async function create(sourceRef?: string): Promise<{ res: Json; repo: Json }> {
    const repo = await world.newRepo({ v2: V2, broken: BROKEN });
    const res = await world.http.post<Json>(
      '/api/submissions',
      world.submissionBody(repo.webUrl, sourceRef ? { sourceRef } : {}),
      { token: owner.token },
    );
    return { res, repo };
  }

  async function queued(id: string): Promise<Json | undefined> {
    const queue = await world.http.get<Json>('/api/admin/queue', { cookie: world.admin });
    expect(queue.status).toBe(200);
    return (queue.body.submissions as Json[]).find((s) => s.id === id);
  }

  it('validates the named ref, not the default branch, and records its commit', async () => {
    const { res } = await create('v2');
    expect(res.status).toBe(201);
    expect(res.body.validation).toMatchObject({ ok: true, version: '2.0.0', ref: 'v2' });
    expect(res.body.submission).toMatchObject({ sourceRef: 'v2' });
    expect(res.body.submission.sourceCommit).toMatch(SHA);

    const { res: onDefault } = await create();
    expect(onDefault.body.validation.version).toBe('1.2.3');
    expect(onDefault.body.submission.sourceRef).toBe(onDefault.body.validation.defaultBranch);
    expect(onDefault.body.submission.sourceCommit).not.toBe(res.body.submission.sourceCommit);
  });

  it('refuses a submission whose named ref does not pass validation, though the default branch would (422)', async () => {
    const { res } = await create('broken');
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('CATALOG.SUBMISSION_REPOSITORY_INVALID');
    expect(res.body.validation.ref).toBe('broken');
  });

  it('shows the ref and commit in the review queue and the detail, and publishes the policy at that ref', async () => {
    const { res } = await create('v2');
    const { submission } = res.body;
    expect(await queued(submission.id)).toMatchObject({
      sourceRef: 'v2',
      sourceCommit: submission.sourceCommit,
    });
    const detail = await world.http.get<Json>(`/api/submissions/${submission.id}`, { token: owner.token });
    expect(detail.body.submission).toMatchObject({ sourceRef: 'v2', sourceCommit: submission.sourceCommit });

    await world.approve(submission.id);
    const policy = await world.http.get<Json>(`/api/policies/${submission.policyId}`);
    expect(policy.body.policy.source_ref).toBe('v2');
  });

  it('validates a ref changed while waiting again, and refuses one that does not pass (400)', async () => {
    const { res } = await create();
    const id = res.body.submission.id;
    const broken = await world.http.patch<Json>(
      `/api/submissions/${id}`,
      { sourceRef: 'broken' },
      { token: owner.token },
    );
    expect(broken.status).toBe(422);
    expect(broken.body.code).toBe('CATALOG.SUBMISSION_REPOSITORY_INVALID');
    expect((await queued(id))?.sourceRef).toBe(res.body.submission.sourceRef);

    const moved = await world.http.patch<Json>(
      `/api/submissions/${id}`,
      { sourceRef: 'v2' },
      { token: owner.token },
    );
    expect(moved.status).toBe(200);
    expect(moved.body.submission).toMatchObject({ status: 'submitted', sourceRef: 'v2' });
    expect(moved.body.submission.validation.version).toBe('2.0.0');
    expect(moved.body.submission.sourceCommit).not.toBe(res.body.submission.sourceCommit);
    expect(await queued(id)).toMatchObject({
      sourceRef: 'v2',
      sourceCommit: moved.body.submission.sourceCommit,
    });
  });

  it('sends a rejected submission whose ref changed back to review, validated at the new ref', async () => {
    const { res } = await create();
    const id = res.body.submission.id;
    const reject = await world.http.post(
      `/api/admin/submissions/${id}/reject`,
      { feedback: 'no' },
      { cookie: world.admin },
    );
    expect(reject.status).toBe(200);
    const resubmitted = await world.http.patch<Json>(
      `/api/submissions/${id}`,
      { sourceRef: 'v2' },
      { token: owner.token },
    );
    expect(resubmitted.status).toBe(200);
    expect(await queued(id)).toMatchObject({ status: 'submitted', sourceRef: 'v2' });
  });

  it('refuses to change the ref of a published policy through its submission (403), and both ref fields', async () => {
    const { res } = await create();
    const { submission } = res.body;
    await world.approve(submission.id);
    for (const body of [{ sourceRef: 'broken' }, { implementationSourceRef: 'broken' }]) {
      const patch = await world.http.patch<Json>(`/api/submissions/${submission.id}`, body, {
        token: owner.token,
      });
      expect(patch.status).toBe(403);
    }
    const policy = await world.http.get<Json>(`/api/policies/${submission.policyId}`);
    expect(policy.body.policy.source_ref).toBeNull();
  });
});
