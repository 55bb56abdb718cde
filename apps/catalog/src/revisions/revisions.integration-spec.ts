import { CatalogRpc, type RequestContext, type RevisionField, type UpdatePolicyRequest } from '@pc/contracts';
import { RemoteError } from '@pc/platform';
import {
  anonymous,
  catalogUnderTest,
  codeOf,
  DEFINITION_FILES,
  IMPLEMENTATION_FILES,
} from '../testing/catalog-under-test';

// Editing a policy and its revisions at the service level: who may change what, what is filed as a
// revision, the limits of a value, one pending revision per field, and changes of a repository (read
// from the in-memory source host). The routes' statuses stay in catalog-policies.e2e-spec.ts.
describe('catalog policy edits and revisions', () => {
  const t = catalogUnderTest();

  it('keeps sourceRef to administrators and one pending revision per field', async () => {
    const owner = t.newUser();
    const policyId = await t.publishedPolicy(owner.id);
    expect(
      await codeOf(t.request(CatalogRpc.updatePolicy, owner.ctx, { id: policyId, sourceRef: 'v1' })),
    ).toBe('FORBIDDEN');
    expect(
      (await t.request(CatalogRpc.updatePolicy, t.admin, { id: policyId, sourceRef: 'v1' })).policy
        .source_ref,
    ).toBe('v1');
    const propose = (value: string) =>
      t.request(CatalogRpc.createRevision, owner.ctx, { policyId, field: 'description', value });
    await propose('A new About text.');
    expect(await codeOf(propose('Another About text.'))).toBe('CATALOG.REVISION_PENDING');
  });

  it('refuses a revision value past 20000 characters, or a description under 10, and files nothing', async () => {
    const owner = t.newUser();
    const policyId = await t.publishedPolicy(owner.id);
    const propose = (field: RevisionField, value: string) =>
      t.request(CatalogRpc.createRevision, owner.ctx, { policyId, field, value });
    for (const [field, value] of [
      ['description', 'd'.repeat(20001)],
      ['description', 'too short'],
      ['source_host_url', `https://example.com/${'x'.repeat(20001)}`],
    ] as const) {
      const refused = (await propose(field, value).catch((e: unknown) => e)) as RemoteError;
      expect(refused).toBeInstanceOf(RemoteError);
      expect(refused.payload.code).toBe('CATALOG.REVISION_VALUE_INVALID');
      expect(refused.payload.details).toEqual([expect.objectContaining({ field: 'value' })]);
    }
    expect((await t.request(CatalogRpc.listRevisions, owner.ctx, { id: policyId })).revisions).toEqual([]);
    await propose('description', 'd'.repeat(20000));
  });

  it('counts a revision value in characters, as the OpenAPI maxLength does: 20000 emoji are a description', async () => {
    const owner = t.newUser();
    const policyId = await t.publishedPolicy(owner.id);
    const propose = (value: string) =>
      t.request(CatalogRpc.createRevision, owner.ctx, { policyId, field: 'description', value });
    // Each is one character (one code point) and two UTF-16 code units.
    expect(await codeOf(propose('📘'.repeat(20001)))).toBe('CATALOG.REVISION_VALUE_INVALID');
    expect(await codeOf(propose('📘'.repeat(9)))).toBe('CATALOG.REVISION_VALUE_INVALID');
    const { revision } = await propose('📘'.repeat(20000));
    expect([...revision.proposed_value]).toHaveLength(20000);
  });

  it('files a changed description of a published policy as a revision and applies the rest at once', async () => {
    const owner = t.newUser();
    const other = t.newUser();
    const policyId = await t.publishedPolicy(owner.id);
    const before = (await t.request(CatalogRpc.getPolicy, anonymous(), { id: policyId })).policy;
    const { policy } = await t.request(CatalogRpc.updatePolicy, owner.ctx, {
      id: policyId,
      description: 'A proposed About text, not live yet.',
      name: 'Renamed Guard',
    });
    expect(policy).toMatchObject({ name: 'Renamed Guard', description: before.description });
    const { revisions } = await t.request(CatalogRpc.listRevisions, owner.ctx, { id: policyId });
    expect(revisions).toEqual([
      expect.objectContaining({
        field: 'description',
        status: 'pending',
        proposed_value: 'A proposed About text, not live yet.',
        previous_value: before.description,
      }),
    ]);
    const refused: Array<[RequestContext, Omit<UpdatePolicyRequest, 'id'>, string]> = [
      [owner.ctx, { description: 'Yet another proposed text.' }, 'CATALOG.REVISION_PENDING'],
      [other.ctx, { name: 'Mine now' }, 'FORBIDDEN'],
      [owner.ctx, { implementationSourceRef: 'v2' }, 'FORBIDDEN'],
      [
        owner.ctx,
        { implementationSourceHostUrl: 'https://source-host.test/community/an-implementation' },
        'CATALOG.POLICY_NOT_SPLIT',
      ],
      // Only the owner proposes a new About text: an administrator edits the rest.
      [t.admin, { description: 'An administrator rewrites it.' }, 'FORBIDDEN'],
    ];
    for (const [ctx, change, code] of refused) {
      const refusal = await codeOf(t.request(CatalogRpc.updatePolicy, ctx, { id: policyId, ...change }));
      expect({ change, code: refusal }).toEqual({ change, code });
    }
  });

  it('before publication sends repository changes to the submission and refuses revisions', async () => {
    const owner = t.newUser();
    const { policyId } = await t.policyUnderReview(owner.id);
    for (const change of [
      { sourceHostUrl: 'https://source-host.test/community/elsewhere' },
      { implementationSourceHostUrl: 'https://source-host.test/community/elsewhere-implementation' },
    ]) {
      expect(await codeOf(t.request(CatalogRpc.updatePolicy, owner.ctx, { id: policyId, ...change }))).toBe(
        'CATALOG.POLICY_REPOSITORY_VIA_SUBMISSION',
      );
    }
    expect(
      await codeOf(
        t.request(CatalogRpc.createRevision, owner.ctx, {
          policyId,
          field: 'description',
          value: 'Not published: edit the submission.',
        }),
      ),
    ).toBe('CATALOG.POLICY_NOT_PUBLISHED');
  });

  it('decides a revision once, and shows the public only which field a rejected one was about', async () => {
    const owner = t.newUser();
    const policyId = await t.publishedPolicy(owner.id);
    const { revision } = await t.request(CatalogRpc.createRevision, owner.ctx, {
      policyId,
      field: 'description',
      value: 'A better About text for everyone.',
    });
    expect(await codeOf(t.request(CatalogRpc.approveRevision, owner.ctx, { id: revision.id }))).toBe(
      'FORBIDDEN',
    );
    await t.request(CatalogRpc.rejectRevision, t.admin, { id: revision.id, feedback: 'Reviewer-only note' });
    expect(await codeOf(t.request(CatalogRpc.approveRevision, t.admin, { id: revision.id }))).toBe(
      'CATALOG.REVISION_DECIDED',
    );
    const { entries } = await t.request(CatalogRpc.getPolicyHistory, anonymous(), { id: policyId });
    expect(entries.find((e) => e.action === 'revision_rejected')?.details).toEqual({ field: 'description' });
  });

  it('checks every repository change and files all revisions of one edit, or none', async () => {
    const owner = t.newUser();
    const { policyId } = await t.published(owner);
    expect(
      await codeOf(
        t.request(CatalogRpc.updatePolicy, owner.ctx, {
          id: policyId,
          name: 'Half Applied',
          description: 'A valid new About text for this policy.',
          sourceHostUrl: t.repo({ 'README.md': 'not a policy' }),
        }),
      ),
    ).toBe('CATALOG.REVISION_REPOSITORY_INVALID');
    expect((await t.request(CatalogRpc.listRevisions, owner.ctx, { id: policyId })).revisions).toEqual([]);
    expect((await t.request(CatalogRpc.getPolicy, anonymous(), { id: policyId })).policy.name).not.toBe(
      'Half Applied',
    );
  });

  it("files a split policy's new implementation repository as a revision, the live one unchanged", async () => {
    const owner = t.newUser();
    const implementation = t.repo(IMPLEMENTATION_FILES);
    const { policyId } = await t.published(owner, {
      projectType: 'split',
      sourceHostUrl: t.repo(DEFINITION_FILES),
      implementationSourceHostUrl: implementation,
    });
    const moved = t.repo(IMPLEMENTATION_FILES);
    await t.request(CatalogRpc.updatePolicy, owner.ctx, { id: policyId, implementationSourceHostUrl: moved });
    expect(
      (await t.request(CatalogRpc.getPolicy, anonymous(), { id: policyId })).policy
        .implementation_source_host_url,
    ).toBe(implementation);
    expect((await t.request(CatalogRpc.listRevisions, owner.ctx, { id: policyId })).revisions).toEqual([
      expect.objectContaining({
        field: 'implementation_source_host_url',
        status: 'pending',
        proposed_value: moved,
      }),
    ]);
  });

  it('refuses (409) to approve a repository revision whose policy another approval moved while it was checked', async () => {
    const owner = t.newUser();
    const { policyId } = await t.published(owner, {
      projectType: 'split',
      sourceHostUrl: t.repo({ ...DEFINITION_FILES, 'README.md': 'old definition' }),
      implementationSourceHostUrl: t.repo({ ...IMPLEMENTATION_FILES, 'README.md': 'old implementation' }),
    });
    const source = t.repo({ ...DEFINITION_FILES, 'README.md': 'new definition' });
    const implementation = t.repo({ ...IMPLEMENTATION_FILES, 'README.md': 'new implementation' });
    const propose = async (field: RevisionField, value: string) =>
      (await t.request(CatalogRpc.createRevision, owner.ctx, { policyId, field, value })).revision.id;
    const sourceRevision = await propose('source_host_url', source);
    const implementationRevision = await propose('implementation_source_host_url', implementation);

    // The implementation's approval reads its new repository (held there, as a slow host would be) while
    // the source's approval is decided.
    const release = t.host.hold(implementation);
    let late: Promise<string | undefined>;
    try {
      late = codeOf(t.request(CatalogRpc.approveRevision, t.admin, { id: implementationRevision }));
      while (t.host.waiting === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      await t.request(CatalogRpc.approveRevision, t.admin, { id: sourceRevision });
    } finally {
      release();
    }
    expect(await late).toBe('CONFLICT');
    const pins = async () =>
      (
        await t.sql<{ pinned_commit: string; implementation_source_host_url: string }>(
          `SELECT pinned_commit, implementation_source_host_url FROM catalog.policies WHERE id = $1`,
          [policyId],
        )
      )[0];
    expect(await pins()).toMatchObject({ pinned_commit: t.host.commitOf(source) });
    // Approved again, it reads the policy as it is now.
    await t.request(CatalogRpc.approveRevision, t.admin, { id: implementationRevision });
    expect(await pins()).toEqual({
      pinned_commit: t.host.commitOf(source),
      implementation_source_host_url: implementation,
    });
  });

  it("moves only the pin of the repository a revision changes: the other stays at its reviewed commit, an administrator's too", async () => {
    const owner = t.newUser();
    const { policyId, source } = await t.publishedSplit(owner);
    // An administrator pins a later commit of the source; another is pushed after, never reviewed.
    t.host.push(source, { ...DEFINITION_FILES, 'README.md': 'pinned by an administrator' });
    const pinned = t.host.commitOf(source);
    await t.request(CatalogRpc.pinPolicy, t.admin, { id: policyId, commit: pinned });
    t.host.push(source, { ...DEFINITION_FILES, 'README.md': 'not reviewed' });
    const pins = async () =>
      (
        await t.sql<{ pinned_commit: string; implementation_pinned_commit: string }>(
          `SELECT pinned_commit, implementation_pinned_commit FROM catalog.policies WHERE id = $1`,
          [policyId],
        )
      )[0];
    const approved = (field: RevisionField, value: string) =>
      t.approvedRevision(owner, policyId, field, value);

    const implementation = t.repo({ ...IMPLEMENTATION_FILES, 'README.md': 'the new implementation' });
    await approved('implementation_source_host_url', implementation);
    expect(await pins()).toEqual({
      pinned_commit: pinned,
      implementation_pinned_commit: t.host.commitOf(implementation),
    });

    // The other way round: a new source repository leaves the implementation where it was reviewed.
    const reviewedImplementation = t.host.commitOf(implementation);
    t.host.push(implementation, { ...IMPLEMENTATION_FILES, 'README.md': 'not reviewed either' });
    const moved = t.repo({ ...DEFINITION_FILES, 'README.md': 'the new definition' });
    await approved('source_host_url', moved);
    expect(await pins()).toEqual({
      pinned_commit: t.host.commitOf(moved),
      implementation_pinned_commit: reviewedImplementation,
    });
  });
});
