import { CatalogRpc, type CreateSubmissionRequest } from '@pc/contracts';
import { errorOf, holdRowLock } from '@pc/testing';
import { Client } from 'pg';
import {
  anonymous,
  CARGO,
  catalogUnderTest,
  codeOf,
  DEFINITION_FILES,
  IMPLEMENTATION_FILES,
  POLICY_FILES,
} from '../testing/catalog-under-test';

const V2 = { ...POLICY_FILES, 'Cargo.toml': CARGO.replace('1.2.3', '2.0.0') };
/** A branch whose content would never pass review: no implementation. */
const BROKEN = { 'definition/gcl.yaml': POLICY_FILES['definition/gcl.yaml'], 'Cargo.toml': CARGO };
const SHA = /^[0-9a-f]{40}$/;

// Submitting a policy repository and its review at the service level, against the in-memory source
// host: what validation reads (refs, split repositories), the review's state machine, and what the
// catalog answers when the host fails. The routes' statuses stay in catalog-submissions.e2e-spec.ts.
describe('catalog submissions', () => {
  const t = catalogUnderTest();
  const queued = async (id: string) =>
    (await t.request(CatalogRpc.reviewQueue, t.admin, {})).submissions.find((s) => s.id === id);
  const update = (user: { ctx: typeof t.admin }, id: string, fields: Partial<CreateSubmissionRequest>) =>
    t.request(CatalogRpc.updateSubmission, user.ctx, { id, ...fields });

  describe('validation of the repository', () => {
    it('refuses a repository without a definition, listing the problem, and writes nothing', async () => {
      const user = t.newUser();
      const refused = await errorOf(t.submit(user, { sourceHostUrl: t.repo({ 'README.md': 'nothing' }) }));
      expect(refused.code).toBe('CATALOG.SUBMISSION_REPOSITORY_INVALID');
      expect(refused.details!.map((d) => d.message).join(' ')).toMatch(/definition/);
      expect((await t.request(CatalogRpc.listSubmissions, user.ctx, {})).submissions).toEqual([]);
    });

    it('validates a definition and an implementation repository together', async () => {
      const user = t.newUser();
      const [definition, implementation] = [t.repo(DEFINITION_FILES), t.repo(IMPLEMENTATION_FILES)];
      const validate = (request: { sourceHostUrl: string; implementationSourceHostUrl?: string }) =>
        t.request(CatalogRpc.validateSubmission, user.ctx, { projectType: 'split', ...request });
      expect(
        (await validate({ sourceHostUrl: definition, implementationSourceHostUrl: implementation }))
          .validation,
      ).toMatchObject({
        ok: true,
        projectType: 'split',
        definition: { path: 'gcl.yaml', name: 'oauth-scopes' },
        implementation: { path: 'src/lib.rs' },
        version: '1.2.3',
        kitVersion: '1.4.0',
        defaultBranch: 'main',
      });
      const missing = (await validate({ sourceHostUrl: definition })).validation;
      expect(missing.ok).toBe(false);
      expect(missing.errors.join(' ')).toMatch(/implementationSourceHostUrl is required/);
      const swapped = (
        await validate({ sourceHostUrl: implementation, implementationSourceHostUrl: definition })
      ).validation;
      expect(swapped.ok).toBe(false);
      expect(swapped.errors.join(' ')).toMatch(/No policy definition found/);
      expect(swapped.errors.join(' ')).toMatch(/No implementation found/);

      const { submission } = await t.submit(user, {
        projectType: 'split',
        sourceHostUrl: definition,
        implementationSourceHostUrl: implementation,
      });
      expect(
        (await t.request(CatalogRpc.getPolicy, user.ctx, { id: submission.policyId })).policy,
      ).toMatchObject({ project_type: 'split', version: '1.2.3' });
    });

    it('refuses a split submission whose implementation has no Cargo.toml, carrying the validation', async () => {
      const refused = await errorOf(
        t.submit(t.newUser(), {
          projectType: 'split',
          sourceHostUrl: t.repo(DEFINITION_FILES),
          implementationSourceHostUrl: t.repo({ 'src/lib.rs': '// filter\n' }),
        }),
      );
      expect(refused.code).toBe('CATALOG.SUBMISSION_REPOSITORY_INVALID');
      expect(refused.extra?.validation).toMatchObject({
        ok: false,
        projectType: 'split',
        definition: { path: 'gcl.yaml' },
        implementation: { path: 'src/lib.rs' },
        errors: ['No Cargo.toml found: the version cannot be read'],
      });
      expect(refused.details).toEqual([
        { field: 'validation', message: 'No Cargo.toml found: the version cannot be read' },
      ]);
    });

    it('refuses staged tabs over 512 KiB together and writes nothing; reads back a set just under it', async () => {
      const user = t.newUser();
      const tabs = (n: number) =>
        Array.from({ length: n }, (_, i) => ({ key: `t${i}`, title: `T${i}`, bodyMd: 'x'.repeat(100_000) }));
      const refused = await errorOf(t.submit(user, { docTabs: tabs(6) }));
      expect(refused.details![0].field).toBe('docTabs');
      expect((await t.request(CatalogRpc.listSubmissions, user.ctx, {})).submissions).toEqual([]);
      const { submission } = await t.submit(user, { docTabs: tabs(5) });
      expect(
        (await t.request(CatalogRpc.getSubmission, user.ctx, { id: submission.id })).docTabs,
      ).toHaveLength(5);
    });

    it('refuses 50 declared ideas that are not approved ideas, and takes 50 tabs', async () => {
      const user = t.newUser();
      const idea = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
      const ideas = Array.from({ length: 50 }, (_, i) => ({ ideaId: idea(i) }));
      expect(await codeOf(t.submit(user, { deliversIdeaIds: ideas }))).toBe(
        'CATALOG.IDEA_DECLARATION_INVALID',
      );
      const tabs = Array.from({ length: 50 }, (_, i) => ({
        key: `tab-${i}`,
        title: `Tab ${i}`,
        bodyMd: 'x',
      }));
      const { submission } = await t.submit(user, { docTabs: tabs });
      expect(
        (await t.request(CatalogRpc.getSubmission, user.ctx, { id: submission.id })).docTabs.length,
      ).toBeGreaterThanOrEqual(50);
    });
  });

  it('gives each of five submissions of one name at once a slug of its own (the first the plain one, if free)', async () => {
    const name = `Same Name ${Date.now()}`;
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map(async () => (await t.submit(t.newUser(), { name })).submission.policyId),
    );
    const slugs = await t.sql<{ slug: string }>(`SELECT slug FROM catalog.policies WHERE id = ANY($1)`, [
      results,
    ]);
    expect(new Set(slugs.map((s) => s.slug)).size).toBe(5);
    expect(slugs.map((s) => s.slug)).toContain(name.toLowerCase().replace(/ /g, '-'));
  });

  describe('the ref a submission deploys', () => {
    const owner = t.newUser();
    const create = (sourceRef?: string) =>
      t.submit(owner, { sourceHostUrl: t.repo(POLICY_FILES, { v2: V2, broken: BROKEN }), sourceRef });

    it('validates the named ref, not the default branch, and records its commit', async () => {
      const named = await create('v2');
      expect(named.validation).toMatchObject({ ok: true, version: '2.0.0', ref: 'v2' });
      expect(named.submission).toMatchObject({ sourceRef: 'v2' });
      expect(named.submission.sourceCommit).toMatch(SHA);

      const onDefault = await create();
      expect(onDefault.validation.version).toBe('1.2.3');
      expect(onDefault.submission.sourceRef).toBe(onDefault.validation.defaultBranch);
      expect(onDefault.submission.sourceCommit).not.toBe(named.submission.sourceCommit);
    });

    it('refuses a named ref that does not pass validation, though the default branch would', async () => {
      const refused = await errorOf(create('broken'));
      expect(refused.code).toBe('CATALOG.SUBMISSION_REPOSITORY_INVALID');
      expect(refused.extra?.validation).toMatchObject({ ref: 'broken' });
    });

    it('shows the ref and commit in the review queue and the detail, and publishes the policy at that ref', async () => {
      const { submission } = await create('v2');
      expect(await queued(submission.id)).toMatchObject({
        sourceRef: 'v2',
        sourceCommit: submission.sourceCommit,
      });
      expect(
        (await t.request(CatalogRpc.getSubmission, owner.ctx, { id: submission.id })).submission,
      ).toMatchObject({ sourceRef: 'v2', sourceCommit: submission.sourceCommit });
      await t.request(CatalogRpc.approveSubmission, t.admin, { id: submission.id });
      expect(
        (await t.request(CatalogRpc.getPolicy, anonymous(), { id: submission.policyId })).policy.source_ref,
      ).toBe('v2');
    });

    it('validates a ref changed while waiting again, and refuses one that does not pass', async () => {
      const { submission } = await create();
      expect(await codeOf(update(owner, submission.id, { sourceRef: 'broken' }))).toBe(
        'CATALOG.SUBMISSION_REPOSITORY_INVALID',
      );
      expect((await queued(submission.id))?.sourceRef).toBe(submission.sourceRef);

      const moved = (await update(owner, submission.id, { sourceRef: 'v2' })).submission;
      expect(moved).toMatchObject({ status: 'submitted', sourceRef: 'v2' });
      expect(moved.validation.version).toBe('2.0.0');
      expect(moved.sourceCommit).not.toBe(submission.sourceCommit);
      expect(await queued(submission.id)).toMatchObject({
        sourceRef: 'v2',
        sourceCommit: moved.sourceCommit,
      });
    });

    it('sends a rejected submission whose ref changed back to review, validated at the new ref', async () => {
      const { submission } = await create();
      await t.request(CatalogRpc.rejectSubmission, t.admin, { id: submission.id, feedback: 'no' });
      await update(owner, submission.id, { sourceRef: 'v2' });
      expect(await queued(submission.id)).toMatchObject({ status: 'submitted', sourceRef: 'v2' });
    });

    it("refuses (409) an edit validated against a source that another edit changed meanwhile: the queue never shows a ref with another ref's validation", async () => {
      const url = t.repo(POLICY_FILES, { v2: V2 });
      const { submission } = await t.submit(owner, { sourceHostUrl: url });
      const lock = await holdRowLock(
        t.db.url,
        'SELECT 1 FROM catalog.policy_submissions WHERE id = $1 FOR UPDATE',
        [submission.id],
      );
      const toV2 = update(owner, submission.id, { sourceRef: 'v2' });
      await lock.waiters(1);
      const toMain = codeOf(update(owner, submission.id, { sourceRef: 'main' }));
      await lock.waiters(2);
      await lock.release();
      const moved = (await toV2).submission;
      expect(moved).toMatchObject({ sourceRef: 'v2' });
      expect(await toMain).toBe('CONFLICT');
      expect(await queued(submission.id)).toMatchObject({
        sourceRef: 'v2',
        sourceCommit: moved.sourceCommit,
      });
    });

    it('refuses to change either ref of a published policy through its submission', async () => {
      const { submission } = await create();
      await t.request(CatalogRpc.approveSubmission, t.admin, { id: submission.id });
      for (const fields of [{ sourceRef: 'broken' }, { implementationSourceRef: 'broken' }])
        expect(await codeOf(update(owner, submission.id, fields))).toBe('FORBIDDEN');
      expect(
        (await t.request(CatalogRpc.getPolicy, anonymous(), { id: submission.policyId })).policy.source_ref,
      ).toBeNull();
    });
  });

  describe('review', () => {
    it('rejects with feedback, for administrators only, and takes the edited submission back into the queue', async () => {
      const user = t.newUser();
      const { submission } = await t.submit(user);
      expect(
        await codeOf(t.request(CatalogRpc.rejectSubmission, user.ctx, { id: submission.id, feedback: 'x' })),
      ).toBe('FORBIDDEN');
      const rejected = await t.request(CatalogRpc.rejectSubmission, t.admin, {
        id: submission.id,
        feedback: 'Add examples',
      });
      expect(rejected.submission).toMatchObject({ status: 'rejected', feedback: 'Add examples' });
      const again = await update(user, submission.id, {
        docTabs: [{ key: 'examples', title: 'Examples', bodyMd: 'curl ...' }],
      });
      expect(again.submission.status).toBe('submitted');
      expect((await queued(submission.id))?.status).toBe('submitted');
    });

    it('never lets a submission edit undo an approval that committed meanwhile', async () => {
      const user = t.newUser();
      const { submission } = await t.submit(user);
      const pg = new Client({ connectionString: t.db.url });
      await pg.connect();
      try {
        await pg.query('BEGIN');
        await pg.query(`SELECT 1 FROM catalog.policy_submissions WHERE id = $1 FOR UPDATE`, [submission.id]);
        const edit = codeOf(update(user, submission.id, { name: 'Late Edit' }));
        for (let waiting = 0; waiting !== 1;) {
          await new Promise((r) => setTimeout(r, 20));
          waiting = (
            await pg.query(
              `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
            )
          ).rowCount!;
        }
        await pg.query(`UPDATE catalog.policy_submissions SET status = 'approved' WHERE id = $1`, [
          submission.id,
        ]);
        await pg.query('COMMIT');
        expect(await edit).toBe('CATALOG.SUBMISSION_DECIDED');
      } finally {
        await pg.end();
      }
      expect(
        (await t.request(CatalogRpc.getSubmission, user.ctx, { id: submission.id })).submission,
      ).toMatchObject({ status: 'approved', name: submission.name });
    });
  });

  describe('when the source host fails', () => {
    afterEach(() => {
      t.host.fail = null;
    });

    it.each(['upstream_error', 'rate_limited', 'timeout', 'unreachable'] as const)(
      'answers UPSTREAM_UNAVAILABLE for branches (%s), a retry time when rate limited',
      async (kind) => {
        const user = t.newUser();
        const { policyId } = await t.published(user);
        t.host.fail = { kind, retryAfterSeconds: 30 };
        const refused = await errorOf(t.request(CatalogRpc.getBranches, user.ctx, { id: policyId }));
        expect(refused.code).toBe('UPSTREAM_UNAVAILABLE');
        expect(refused.retryAfter).toBe(kind === 'rate_limited' ? 30 : undefined);
        t.host.fail = null;
        expect((await t.request(CatalogRpc.getBranches, user.ctx, { id: policyId })).defaultBranch).toBe(
          'main',
        );
        expect((await t.request(CatalogRpc.getIssuesEnabled, anonymous(), { id: policyId })).enabled).toBe(
          true,
        );
      },
    );

    it('answers CATALOG.REPOSITORY_GONE when the repository was deleted or made private; the policy stays', async () => {
      const user = t.newUser();
      const [gone, hidden] = [t.repo(), t.repo()];
      const policies = [
        (await t.published(user, { sourceHostUrl: gone })).policyId,
        (await t.published(user, { sourceHostUrl: hidden })).policyId,
      ];
      t.host.remove(gone);
      t.host.hide(hidden);
      for (const id of policies) {
        expect(await codeOf(t.request(CatalogRpc.getBranches, user.ctx, { id }))).toBe(
          'CATALOG.REPOSITORY_GONE',
        );
        expect((await t.request(CatalogRpc.getPolicy, anonymous(), { id })).policy.id).toBe(id);
      }
    });

    it('remembers a failed issue-tracker check for a while instead of asking the host on every request', async () => {
      const { policyId } = await t.published(t.newUser());
      t.host.fail = { kind: 'upstream_error' };
      const issues = () => t.request(CatalogRpc.getIssuesEnabled, anonymous(), { id: policyId });
      expect((await issues()).enabled).toBeNull();
      t.host.fail = null;
      const calls = t.host.calls;
      expect((await issues()).enabled).toBeNull();
      expect(t.host.calls).toBe(calls);
    });

    it('answers UPSTREAM_UNAVAILABLE (not a problem of the repository) when validating, and writes nothing', async () => {
      const user = t.newUser();
      const url = t.repo();
      t.host.fail = { kind: 'upstream_error' };
      expect(await codeOf(t.request(CatalogRpc.validateSubmission, user.ctx, { sourceHostUrl: url }))).toBe(
        'UPSTREAM_UNAVAILABLE',
      );
      expect(await codeOf(t.submit(user, { sourceHostUrl: url }))).toBe('UPSTREAM_UNAVAILABLE');
      t.host.fail = null;
      expect((await t.request(CatalogRpc.listSubmissions, user.ctx, {})).submissions).toEqual([]);
    });
  });
});
