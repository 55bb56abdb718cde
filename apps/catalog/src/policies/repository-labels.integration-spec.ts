import { CatalogRpc, type Policy } from '@pc/contracts';
import { CARGO, catalogUnderTest, POLICY_FILES } from '../testing/catalog-under-test';

/** A policy definition labelled `category`, whose title says what it guards (the asset kinds). */
const definition = (title: string, category: string | null) => `apiVersion: gateway.vendor/v1alpha1
kind: Extension
metadata:
  name: prompt-guard
  labels:
    title: ${title}${category === null ? '' : `\n    category: ${category}`}
spec:
  properties: {}
`;

/** A unified repository of an LLM prompt guard in `category`, version 2.0.0 on kit 1.5.0. */
const promptGuard = (category: string | null = 'AI'): Record<string, string> => ({
  'definition/gcl.yaml': definition('LLM Prompt Guard', category),
  'Cargo.toml': CARGO.replace('1.2.3', '2.0.0').replace('1.4.0', '1.5.0'),
  'src/lib.rs': '// filter\n',
});

/** What the policy shows of what its repository says of itself. */
const labels = ({ category, asset_kinds, version, kit_version }: Policy) => ({
  category,
  asset_kinds,
  version,
  kit_version,
});

/** What the default test repository (OAuth Scope Guard) says: Security, an API policy, 1.2.3 on 1.4.0. */
const SCOPE_GUARD = { category: 'Security', asset_kinds: ['api'], version: '1.2.3', kit_version: '1.4.0' };
/** What `promptGuard()` says. */
const PROMPT_GUARD = { category: 'AI', asset_kinds: ['llm'], version: '2.0.0', kit_version: '1.5.0' };

// A policy's category, asset kinds, versions and issue tracker are read from its repository; when the policy is read from
// another repository or commit (an approved repository revision, an administrator's pin, a submission's
// new repository) they follow it. A category or asset kinds the user chose (other than the repository's)
// stay theirs.
describe("a policy's labels follow the repository it is read from", () => {
  const t = catalogUnderTest();
  const policyOf = async (id: string): Promise<Policy> =>
    (await t.request(CatalogRpc.getPolicy, t.admin, { id })).policy;

  const approvedRevision = t.approvedRevision;

  it("takes the new repository's category, asset kinds and versions when a repository revision is approved", async () => {
    const owner = t.newUser();
    // The dashboard's submit form sends the repository's category and inferred kinds back as it found them.
    const { policyId } = await t.published(owner, { category: 'Security', assetKinds: ['api'] });
    expect(labels(await policyOf(policyId))).toEqual(SCOPE_GUARD);
    expect((await policyOf(policyId)).source_host_has_issues).toBe(true);
    const withoutIssues = t.host.add(promptGuard(), {}, { hasIssues: false });
    await approvedRevision(owner, policyId, 'source_host_url', withoutIssues);
    expect(labels(await policyOf(policyId))).toEqual(PROMPT_GUARD);
    expect((await policyOf(policyId)).source_host_has_issues).toBe(false);
    // A repository that names no category leaves none of the old one's.
    await approvedRevision(owner, policyId, 'source_host_url', t.repo(promptGuard(null)));
    expect(labels(await policyOf(policyId))).toEqual({ ...PROMPT_GUARD, category: null });
  });

  it('keeps a category and asset kinds the user chose through a repository change, the versions following it', async () => {
    const owner = t.newUser();
    const { policyId } = await t.published(owner, { category: 'Access control', assetKinds: ['mcp', 'api'] });
    await approvedRevision(owner, policyId, 'source_host_url', t.repo(promptGuard()));
    expect(labels(await policyOf(policyId))).toEqual({
      ...PROMPT_GUARD,
      category: 'Access control',
      asset_kinds: ['mcp', 'api'],
    });
    // The owner sets the category back to the repository's: it follows the repository again.
    await t.request(CatalogRpc.updatePolicy, owner.ctx, { id: policyId, category: 'AI' });
    await approvedRevision(owner, policyId, 'source_host_url', t.repo(promptGuard('Generative AI')));
    expect(labels(await policyOf(policyId))).toMatchObject({
      category: 'Generative AI',
      asset_kinds: ['mcp', 'api'],
    });
  });

  it("takes the labels of the commit an administrator pins, and a split policy's version from its new implementation", async () => {
    const owner = t.newUser();
    const { policyId, source } = await t.publishedSplit(owner);
    expect(labels(await policyOf(policyId))).toEqual(SCOPE_GUARD);
    t.host.push(source, { 'gcl.yaml': definition('LLM Prompt Guard', 'AI') });
    await t.request(CatalogRpc.pinPolicy, t.admin, { id: policyId, commit: t.host.commitOf(source) });
    expect(labels(await policyOf(policyId))).toEqual({
      ...SCOPE_GUARD,
      category: 'AI',
      asset_kinds: ['llm'],
    });
    const { 'definition/gcl.yaml': _, ...implementation } = promptGuard();
    await approvedRevision(owner, policyId, 'implementation_source_host_url', t.repo(implementation));
    expect(labels(await policyOf(policyId))).toEqual(PROMPT_GUARD);
  });

  it("takes a submission's new repository's labels before review, unless the edit names its own", async () => {
    const owner = t.newUser();
    const { submission } = await t.submit(owner, { sourceHostUrl: t.repo(POLICY_FILES) });
    await t.request(CatalogRpc.updateSubmission, owner.ctx, {
      id: submission.id,
      sourceHostUrl: t.repo(promptGuard()),
    });
    expect(labels(await policyOf(submission.policyId))).toEqual(PROMPT_GUARD);
    await t.request(CatalogRpc.updateSubmission, owner.ctx, {
      id: submission.id,
      sourceHostUrl: t.repo(POLICY_FILES),
      category: 'Access control',
    });
    expect(labels(await policyOf(submission.policyId))).toEqual({
      ...SCOPE_GUARD,
      category: 'Access control',
    });
  });
});
