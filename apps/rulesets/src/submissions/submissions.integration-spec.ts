import { randomUUID } from 'node:crypto';
import {
  RULESET_LIMITS,
  type RpcDescriptor,
  RulesetsRpc,
  type UpdateRulesetSubmissionRequest,
} from '@pc/contracts';
import { holdRowLock } from '@pc/testing';
import {
  PROFILE,
  RULESET_FILES,
  codeOf,
  errorOf,
  rulesetsUnderTest,
  type TestUser,
} from '../testing/rulesets-under-test';

/** Submitting, editing, resubmitting and withdrawing a ruleset: the rules, through the service's bus contract. */
describe('ruleset submissions (service level, PostgreSQL)', () => {
  const h = rulesetsUnderTest();
  let owner: TestUser;
  let stranger: TestUser;

  beforeAll(() => {
    owner = h.user();
    stranger = h.user();
  });

  const update = (who: TestUser, data: UpdateRulesetSubmissionRequest) =>
    h.request(RulesetsRpc.updateSubmission, who.ctx, data);
  const sendBack = (id: string) =>
    h.request(RulesetsRpc.requestImprovement, h.admin.ctx, { id, feedback: 'More.' });
  const needsImprovement = async (fields: Parameters<typeof h.submit>[1] = {}) => {
    const { submission } = await h.submit(owner, fields);
    await sendBack(submission.id);
    return submission;
  };
  const history = async (id: string) =>
    (await h.request(RulesetsRpc.getSubmissionHistory, owner.ctx, { id })).entries;
  const ruleset = async (id: string) => (await h.request(RulesetsRpc.get, h.admin.ctx, { id })).ruleset;

  it('refuses a submission or a rejection whose data breaks the schema before any write, naming each field (BUS.MESSAGE_INVALID)', async () => {
    const newcomer = h.user();
    const bad = await errorOf(
      h.request(RulesetsRpc.createSubmission, newcomer.ctx, {
        name: 'x',
        description: 'A fine description.',
        repoUrl: 'ftp://x',
        targetScopes: ['soap'],
      } as never),
    );
    expect(bad.code).toBe('BUS.MESSAGE_INVALID');
    expect(bad.details?.map((d) => d.field).sort()).toEqual([
      'data.name',
      'data.repoUrl',
      'data.targetScopes.0',
    ]);
    expect(await h.request(RulesetsRpc.listSubmissions, newcomer.ctx, {})).toEqual({
      submissions: [],
      hasMore: false,
      nextCursor: null,
    });
    const silent = await errorOf(h.request(RulesetsRpc.rejectSubmission, h.admin.ctx, { id: randomUUID() }));
    expect(silent).toMatchObject({ code: 'BUS.MESSAGE_INVALID', details: [{ field: 'data.feedback' }] });
  });

  describe('validation of the repository (nothing saved)', () => {
    it('takes ref and rulesetPath: another branch, and an explicit path that skips discovery', async () => {
      const repoUrl = h.repo(
        {
          'rules/custom.yaml': '#%Validation Profile 1.0\nprofile: Custom\nviolation: []\nvalidations: {}\n',
        },
        { next: { 'ruleset.yaml': '#%Validation Profile 1.0\nprofile: Next\n' } },
      );
      const validate = (extra: object) =>
        h.request(RulesetsRpc.validate, owner.ctx, { repoUrl, ...extra }).then((r) => r.validation);
      expect(await validate({ ref: 'next' })).toMatchObject({
        ref: 'next',
        rulesetPathSource: 'conventional',
        profile: { profileName: 'Next' },
      });
      expect(await validate({ rulesetPath: 'rules/custom.yaml' })).toMatchObject({
        rulesetPath: 'rules/custom.yaml',
        rulesetPathSource: 'explicit',
        profile: { profileName: 'Custom' },
      });
      expect((await validate({ rulesetPath: 'nope.yaml' })).errors).toEqual([
        'rulesetPath: nope.yaml does not exist at main',
      ]);
      expect(
        (await h.request(RulesetsRpc.validate, owner.ctx, { repoUrl, ref: 'next' })).branchInfo,
      ).toBeUndefined();
      const valid = h.repo(undefined, { next: { 'ruleset.yaml': PROFILE } });
      const withBranches = await h.request(RulesetsRpc.validate, owner.ctx, {
        repoUrl: valid,
        includeBranches: true,
      });
      expect(withBranches.branchInfo?.branches.map((b) => b.name).sort()).toEqual(['main', 'next']);
      expect(await h.sql(`SELECT 1 FROM rulesets.rulesets WHERE source_url = $1`, [repoUrl])).toEqual([]);
    });
  });

  describe('create', () => {
    it('defaults the category, the scopes the profile targets and the icon in the repository; explicit values win', async () => {
      const { submission } = await h.submit(owner);
      expect(submission).toMatchObject({
        status: 'submitted',
        category: 'Other',
        target_scopes: ['rest-api'],
      });
      expect(submission.icon_url).toContain('icon.svg');
      const chosen = await h.submit(owner, {
        category: 'Compliance',
        targetScopes: ['async-api'],
        iconUrl: 'https://icons.example/x.png',
        registryAssetId: 'my.asset-1',
        tags: [' a ', 'b', 'a', ''],
      });
      expect(chosen.submission).toMatchObject({
        category: 'Compliance',
        target_scopes: ['async-api'],
        icon_url: 'https://icons.example/x.png',
        registry_asset_id: 'my.asset-1',
        tags: ['a', 'b'],
      });
      const noIcon = await h.submit(owner, { iconUrl: 'https://icons.example/x.png', iconDisabled: true });
      expect(noIcon.submission.icon_url).toBeNull();
    });

    it('stages 50 tabs as sent, the four predefined added on top; a blank overview takes the description', async () => {
      const custom = Array.from({ length: 50 }, (_, i) => ({ key: `k${i}`, title: 'T', bodyMd: 'b' }));
      const { submission } = await h.submit(owner, { docTabs: custom });
      const { docTabs } = await h.request(RulesetsRpc.getSubmission, owner.ctx, { id: submission.id });
      expect(docTabs).toHaveLength(54);
      expect(docTabs.find((t) => t.key === 'overview')?.bodyMd).toBe('A ruleset for the tests.');
    });

    it('refuses a repository that fails validation with the whole report, and writes nothing (422)', async () => {
      const before = await h.sql(`SELECT count(*)::int AS n FROM rulesets.rulesets`);
      const error = await errorOf(
        h.submit(owner, { repoUrl: h.repo({ 'ruleset.yaml': 'profile: nope\n' }) }),
      );
      expect(error).toMatchObject({
        code: 'RULESETS.VALIDATION_FAILED',
        extra: { validation: { ok: false } },
      });
      expect(await h.sql(`SELECT count(*)::int AS n FROM rulesets.rulesets`)).toEqual(before);
    });

    it('validates the named ref, not the default branch, and records its commit and content digest', async () => {
      const repoUrl = h.repo({ 'README.md': 'no profile here' }, { next: { 'ruleset.yaml': PROFILE } });
      expect(await codeOf(h.submit(owner, { repoUrl }))).toBe('RULESETS.VALIDATION_FAILED');
      const { submission } = await h.submit(owner, { repoUrl, sourceRef: 'next' });
      expect(submission).toMatchObject({
        source_ref: 'next',
        source_commit: h.host.commitOf(repoUrl, 'next'),
        content_digest: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
      });
    });

    it('refuses an idea that is not approved or is listed twice (422), and a tab key listed twice', async () => {
      const idea = h.idea();
      const unknown = '7d4f3b0e-1c2a-4b5c-8d9e-0f1a2b3c4d5e';
      for (const ideas of [[unknown], [idea, idea]])
        expect(await codeOf(h.submit(owner, { deliversIdeaIds: ideas.map((ideaId) => ({ ideaId })) }))).toBe(
          'UNPROCESSABLE',
        );
      const twice = [
        { key: 'faq', title: 'FAQ', bodyMd: 'a' },
        { key: 'faq', title: 'FAQ', bodyMd: 'b' },
      ];
      expect(await codeOf(h.submit(owner, { docTabs: twice }))).toBe('RULESETS.TAB_KEY_REPEATED');
      const { submission } = await h.submit(owner, { deliversIdeaIds: [{ ideaId: idea }] });
      expect(h.peers.declared.get(submission.ruleset_id)?.map((d) => d.ideaId)).toEqual([idea]);
    });

    it('answers 502 UPSTREAM_UNAVAILABLE when the source host cannot answer', async () => {
      const repoUrl = h.repo();
      h.host.down = true;
      try {
        expect(await codeOf(h.submit(owner, { repoUrl }))).toBe('UPSTREAM_UNAVAILABLE');
      } finally {
        h.host.down = false;
      }
    });
  });

  describe('read, list and withdraw', () => {
    it("pages the caller's submissions newest first by cursor, past the 100 newest, each page within the reply budget", async () => {
      const author = h.user();
      const { submission: newest } = await h.submit(author);
      // 120 older submissions of 20,000-character descriptions: about 25 fill a reply's 512 KiB. Sent back
      // for improvement, so that they stay out of the review queue the other tests read. Older than the
      // newest by whole seconds from its own time: a submission's validation can take over a second on a
      // busy machine, and then rows dated from this statement's now() were newer than it.
      await h.sql(
        `WITH made AS (
           INSERT INTO rulesets.rulesets (name, description, owner_id, submitted_by, source_url, lifecycle_status)
           SELECT 'Bulk ' || i, 'd', $1, $1, 'https://source-host.example/o/r', 'needs_improvement'
             FROM generate_series(1, 120) AS i
           RETURNING id, name)
         INSERT INTO rulesets.ruleset_submissions (ruleset_id, submitted_by, status, name, description, category,
                                                   source_url, rule_counts, created_at)
         SELECT id, $1, 'needs_improvement', name, $2, 'Other', 'https://source-host.example/o/r', '{}',
                (SELECT created_at FROM rulesets.ruleset_submissions WHERE id = $3)
                  - make_interval(secs => substring(name FROM 6)::int)
           FROM made`,
        [author.id, 'x'.repeat(20_000), newest.id],
      );
      const list = (page: { limit?: number; cursor?: string }) =>
        h.request(RulesetsRpc.listSubmissions, author.ctx, page);

      const walked: string[] = [];
      let page = await list({});
      expect(page.submissions[0].id).toBe(newest.id);
      expect(page.submissions.length).toBeLessThan(50);
      expect(page.hasMore).toBe(true);
      walked.push(...page.submissions.map((s) => s.name));
      while (page.nextCursor !== null) {
        page = await list({ cursor: page.nextCursor });
        walked.push(...page.submissions.map((s) => s.name));
      }
      expect(page.hasMore).toBe(false);
      expect(walked).toEqual([newest.name, ...Array.from({ length: 120 }, (_, i) => `Bulk ${i + 1}`)]);

      const two = await list({ limit: 2 });
      expect(two.submissions.map((s) => s.name)).toEqual([newest.name, 'Bulk 1']);
      expect((await list({ limit: 2, cursor: two.nextCursor! })).submissions.map((s) => s.name)).toEqual([
        'Bulk 2',
        'Bulk 3',
      ]);
      expect(await codeOf(list({ cursor: 'not-a-cursor' }))).toBe('BAD_REQUEST');
      expect(await codeOf(list({ limit: 101 }))).toBe('BUS.MESSAGE_INVALID');
    });

    it("lists only the caller's own; hides a submission from anyone but its owner and administrators (404)", async () => {
      const { submission } = await h.submit(owner);
      const mine = await h.request(RulesetsRpc.listSubmissions, owner.ctx, {});
      expect(mine.submissions.map((s) => s.id)).toContain(submission.id);
      expect((await h.request(RulesetsRpc.listSubmissions, stranger.ctx, {})).submissions).toEqual([]);
      const byId: Array<RpcDescriptor<{ id: string }, unknown>> = [
        RulesetsRpc.getSubmission,
        RulesetsRpc.getSubmissionHistory,
        RulesetsRpc.deleteSubmission,
      ];
      for (const rpc of byId)
        expect(await codeOf(h.request(rpc, stranger.ctx, { id: submission.id }))).toBe('NOT_FOUND');
      expect(await codeOf(update(stranger, { id: submission.id, resubmit: true }))).toBe('NOT_FOUND');
      expect(
        (await h.request(RulesetsRpc.getSubmission, h.admin.ctx, { id: submission.id })).submission.id,
      ).toBe(submission.id);
    });

    it('lists each submission with when its ruleset was published: what withdrawing it does', async () => {
      const never = (await h.submit(owner)).submission;
      const published = await h.published(owner);
      await h.request(RulesetsRpc.updateSubmission, owner.ctx, { id: published.submissionId, tags: ['x'] });
      const { submissions } = await h.request(RulesetsRpc.listSubmissions, owner.ctx, {});
      const listed = (id: string) => submissions.find((s) => s.id === id)!;
      expect(listed(never.id).ruleset_published_at).toBeNull();
      expect(listed(published.submissionId).ruleset_published_at).toBe(
        (await ruleset(published.rulesetId)).published_at,
      );
      expect(listed(published.submissionId).status).toBe('submitted');
    });

    it('withdraws an unpublished submission with its ruleset and ideas; a published ruleset stays', async () => {
      const idea = h.idea();
      const { submission } = await h.submit(owner, { deliversIdeaIds: [{ ideaId: idea }] });
      expect(await h.request(RulesetsRpc.deleteSubmission, owner.ctx, { id: submission.id })).toEqual({
        ok: true,
      });
      expect(await codeOf(h.request(RulesetsRpc.get, owner.ctx, { id: submission.ruleset_id }))).toBe(
        'NOT_FOUND',
      );
      expect(h.peers.declared.get(submission.ruleset_id)).toEqual([]);
      const published = await h.published(owner);
      await h.request(RulesetsRpc.deleteSubmission, owner.ctx, { id: published.submissionId });
      expect((await ruleset(published.rulesetId)).lifecycle_status).toBe('published');
      // The catalog hears that the ruleset is gone (its transfers end), not of a published one that stays.
      const withdrawals = await h.sql<{ payload: Record<string, unknown> }>(
        `SELECT payload FROM rulesets.outbox WHERE pattern = 'rulesets.ruleset.withdrawn.v1'
            AND payload->>'ruleset_id' = ANY($1)`,
        [[submission.ruleset_id, published.rulesetId]],
      );
      expect(withdrawals.map((w) => w.payload)).toEqual([
        { ruleset_id: submission.ruleset_id, ruleset_name: submission.name, owner_id: owner.id },
      ]);
    });
  });

  describe('edit (PATCH)', () => {
    it('refuses content edits by the owner while under review, not by an administrator', async () => {
      const { submission } = await h.submit(owner);
      expect(await codeOf(update(owner, { id: submission.id, name: 'New name' }))).toBe(
        'RULESETS.UNDER_REVIEW',
      );
      expect((await update(h.admin, { id: submission.id, name: 'New name' })).submission.name).toBe(
        'New name',
      );
    });

    it('lets the owner replace declared ideas alone while under review, without resubmitting; [] clears', async () => {
      const idea = h.idea();
      const { submission } = await h.submit(owner);
      const changed = await update(owner, { id: submission.id, deliversIdeaIds: [{ ideaId: idea }] });
      expect(changed.submission).toMatchObject({ status: 'submitted', revision_count: 0 });
      expect(h.peers.declared.get(submission.ruleset_id)?.map((d) => d.ideaId)).toEqual([idea]);
      await update(owner, { id: submission.id, deliversIdeaIds: [] });
      expect(h.peers.declared.get(submission.ruleset_id)).toEqual([]);
      expect((await history(submission.id)).map((e) => e.action)).toEqual([
        'ideas_changed',
        'ideas_changed',
        'submitted',
      ]);
    });

    it('keeps the declared ideas when the edit is refused', async () => {
      const idea = h.idea();
      const { submission } = await h.submit(owner, { deliversIdeaIds: [{ ideaId: idea }] });
      expect(await codeOf(update(owner, { id: submission.id, name: 'Renamed', deliversIdeaIds: [] }))).toBe(
        'RULESETS.UNDER_REVIEW',
      );
      const unapproved = '11111111-1111-4111-8111-111111111111';
      expect(
        await codeOf(update(owner, { id: submission.id, deliversIdeaIds: [{ ideaId: unapproved }] })),
      ).toBe('UNPROCESSABLE');
      expect(h.peers.declared.get(submission.ruleset_id)?.map((d) => d.ideaId)).toEqual([idea]);
    });

    it('keeps a needs_improvement submission there until resubmit, counting revisions with the previous snapshot', async () => {
      const s = await needsImprovement({ tags: ['a'] });
      const edited = await update(owner, { id: s.id, tags: ['b'], category: 'Security' });
      expect(edited.submission).toMatchObject({
        status: 'needs_improvement',
        revision_count: 1,
        tags: ['b'],
      });
      expect(edited.submission.previous_snapshot).toMatchObject({ tags: ['a'], category: 'Other' });
      const again = await update(owner, { id: s.id, resubmit: true });
      expect(again.submission).toMatchObject({ status: 'submitted', revision_count: 1 });
      expect((await history(s.id)).map((e) => [e.action, e.revision_count])).toEqual([
        ['resubmitted', 1],
        ['edited', 1],
        ['needs_improvement', 0],
        ['submitted', 0],
      ]);
    });

    it('writes nothing for an edit that changes nothing (resubmit of a waiting submission)', async () => {
      const { submission } = await h.submit(owner);
      const same = await update(owner, { id: submission.id, resubmit: true });
      expect(same.submission).toMatchObject({
        status: 'submitted',
        revision_count: 0,
        updated_at: submission.updated_at,
      });
      expect((await history(submission.id)).map((e) => e.action)).toEqual(['submitted']);
    });

    it('clears optional fields with an empty string; iconDisabled wins over iconUrl', async () => {
      const s = await needsImprovement({
        videoTutorialUrl: 'https://v.example/1',
        registryAssetId: 'asset',
        rulesetPath: 'ruleset.yaml',
      });
      const { submission } = await update(owner, {
        id: s.id,
        videoTutorialUrl: '',
        registryAssetId: '',
        iconUrl: 'https://i.example/x.png',
        iconDisabled: true,
      });
      expect(submission).toMatchObject({ video_tutorial_url: null, registry_asset_id: null, icon_url: null });
    });

    it('replaces the staged tabs, adding the missing predefined ones; a never-published ruleset shows them', async () => {
      const s = await needsImprovement({ docTabs: [{ key: 'custom', title: 'C', bodyMd: 'c' }] });
      await update(owner, { id: s.id, docTabs: [{ key: 'faq', title: '', bodyMd: 'q' }] });
      const { docTabs } = await h.request(RulesetsRpc.getSubmission, owner.ctx, { id: s.id });
      expect(docTabs.map((t) => t.key)).toEqual(['overview', 'rules', 'examples', 'faq']);
      expect(docTabs[0].bodyMd).toBe('A ruleset for the tests.');
      const docs = await h.request(RulesetsRpc.getDocs, owner.ctx, { id: s.ruleset_id });
      expect(docs.tabs.find((t) => t.key === 'faq')?.bodyMd).toBe('q');
    });

    it('reopens an approved submission on an edit, the published ruleset unchanged until approved; ideas refused then', async () => {
      const { submissionId, rulesetId } = await h.published(owner, { name: 'Published name' });
      expect(await codeOf(update(owner, { id: submissionId, deliversIdeaIds: [] }))).toBe(
        'RULESETS.IDEAS_LOCKED',
      );
      const reopened = await update(owner, { id: submissionId, name: 'Renamed for review' });
      expect(reopened.submission.status).toBe('submitted');
      expect(await ruleset(rulesetId)).toMatchObject({
        name: 'Published name',
        lifecycle_status: 'under_review',
      });
      await h.request(RulesetsRpc.approveSubmission, h.admin.ctx, { id: submissionId });
      expect(await ruleset(rulesetId)).toMatchObject({
        name: 'Renamed for review',
        lifecycle_status: 'published',
      });
      expect((await history(submissionId)).map((e) => e.action).slice(0, 2)).toEqual([
        'approved',
        'update_submitted',
      ]);
    });

    it('makes a rejected submission final', async () => {
      const { submission } = await h.submit(owner);
      await h.request(RulesetsRpc.rejectSubmission, h.admin.ctx, { id: submission.id, feedback: 'No.' });
      for (const change of [{ resubmit: true }, { name: 'Again' }, { deliversIdeaIds: [] }])
        expect(await codeOf(update(owner, { id: submission.id, ...change }))).toBe(
          'RULESETS.SUBMISSION_REJECTED',
        );
    });

    it('validates a changed repository again and refuses a broken or missing one with the report (422)', async () => {
      const s = await needsImprovement();
      const broken = await errorOf(
        update(owner, { id: s.id, repoUrl: h.repo({ 'ruleset.yaml': 'profile: nope\n' }) }),
      );
      expect(broken).toMatchObject({
        code: 'RULESETS.VALIDATION_FAILED',
        extra: { validation: { ok: false } },
      });
      const gone = await errorOf(
        update(owner, { id: s.id, repoUrl: 'https://source-host.example/o/missing' }),
      );
      expect(gone.details).toEqual([{ field: 'repoUrl', message: 'repoUrl: the repository does not exist' }]);
      const other = h.repo({
        'ruleset.yaml':
          '#%Validation Profile 1.0\nprofile: Other Rules\nviolation: [a]\nvalidations:\n  a:\n    targetClass: async.Channel\n    propertyConstraints:\n      core.name:\n        minCount: 1\n',
      });
      const moved = await update(owner, { id: s.id, repoUrl: other });
      expect(moved.submission).toMatchObject({
        source_url: other,
        profile_name: 'Other Rules',
        rule_counts: { violation: 1, warning: 0, info: 0 },
        target_scopes: ['async-api'],
      });
    });
  });

  describe('the warnings validation found, kept for the review', () => {
    const queued = async (id: string) =>
      (await h.request(RulesetsRpc.reviewQueue, h.admin.ctx, {})).rulesetSubmissions.find((q) => q.id === id);
    /** The profile with a description: its only warning is then the missing registry.json. */
    const WITH_DESCRIPTION = PROFILE.replace(
      'profile: Spec Rules\n',
      'profile: Spec Rules\ndescription: Checked.\n',
    );
    const registryOnly = ['registry.json: not found; the registry fields stay empty'];

    it('keeps the warnings validation found at the commit with the submission: its owner and the review queue read them', async () => {
      const created = await h.submit(owner);
      expect(created.warnings).toContainEqual(expect.stringContaining('description is missing'));
      const kept = { validation_warnings: created.warnings, validation_warnings_omitted: 0 };
      expect(created.submission).toMatchObject(kept);
      const { submission } = await h.request(RulesetsRpc.getSubmission, owner.ctx, {
        id: created.submission.id,
      });
      expect(submission).toMatchObject(kept);
      expect(await queued(submission.id)).toMatchObject(kept);
    });

    it('replaces them when an edit validates the repository again, and keeps them when an edit does not', async () => {
      const repoUrl = h.repo(RULESET_FILES, { next: { ...RULESET_FILES, 'ruleset.yaml': WITH_DESCRIPTION } });
      const s = await needsImprovement({ repoUrl });
      const before = s.validation_warnings;
      expect(before).toContainEqual(expect.stringContaining('description is missing'));
      const described = await update(owner, { id: s.id, description: 'Other words, same repository.' });
      expect(described.submission.validation_warnings).toEqual(before);
      const moved = await update(owner, { id: s.id, sourceRef: 'next', resubmit: true });
      expect(moved.submission).toMatchObject({
        source_commit: h.host.commitOf(repoUrl, 'next'),
        validation_warnings: registryOnly,
        validation_warnings_omitted: 0,
      });
      expect(await queued(s.id)).toMatchObject({ validation_warnings: registryOnly });
      // Back to the default branch: its warnings again, found at its commit.
      const back = await update(h.admin, { id: s.id, sourceRef: '' });
      expect(back.submission.validation_warnings).toEqual(before);
    });

    it('keeps the first warnings, each cut to its limit, and counts the ones left out', async () => {
      const { maxItems, maxLength } = RULESET_LIMITS.warningsKept;
      // A rule listed again and again: a warning each, every one naming a file whose path is longer than
      // a kept warning may be (registry.json's missing is short).
      const rulesetPath = `${'d'.repeat(200)}/${'e'.repeat(200)}/${'f'.repeat(100)}/ruleset.yaml`;
      const again = '  - operation-summary\n'.repeat(maxItems + 9);
      const profile = PROFILE.replace(
        'violation: [operation-summary]\n',
        `violation:\n  - operation-summary\n${again}`,
      );
      const created = await h.submit(owner, {
        repoUrl: h.repo({ 'icon.svg': '<svg/>', [rulesetPath]: profile }),
        rulesetPath,
      });
      const all = created.warnings;
      expect(all).toHaveLength(maxItems + 11);
      expect(all).toContainEqual(expect.stringMatching(/^registry\.json: not found/));
      const cut = (w: string) => (w.length > maxLength ? `${w.slice(0, maxLength - 1)}…` : w);
      expect(created.submission).toMatchObject({
        validation_warnings: all.slice(0, maxItems).map(cut),
        validation_warnings_omitted: 11,
      });
      expect(created.submission.validation_warnings!.filter((w) => w.endsWith('…'))).toHaveLength(
        maxItems - 1,
      );
      expect(Math.max(...created.submission.validation_warnings!.map((w) => w.length))).toBe(maxLength);
    });
  });

  describe('defaults on a repository validated again', () => {
    /** A repository whose branch `next` targets channels (async-api) and has no icon. */
    const withNextBranch = () =>
      h.repo(RULESET_FILES, {
        next: {
          'ruleset.yaml':
            '#%Validation Profile 1.0\nprofile: Next Rules\nviolation: [a]\nvalidations:\n  a:\n    targetClass: async.Channel\n    propertyConstraints:\n      core.name:\n        minCount: 1\n',
        },
      });

    it('keeps the scopes and icon the submitter chose when only the ref changes', async () => {
      const s = await needsImprovement({
        repoUrl: withNextBranch(),
        targetScopes: ['agent'],
        iconUrl: 'https://icons.example/custom.png',
      });
      const { submission } = await update(owner, { id: s.id, sourceRef: 'next' });
      expect(submission).toMatchObject({
        source_ref: 'next',
        profile_name: 'Next Rules',
        target_scopes: ['agent'],
        icon_url: 'https://icons.example/custom.png',
      });
      expect(await ruleset(s.ruleset_id)).toMatchObject({
        target_scopes: ['agent'],
        icon_url: 'https://icons.example/custom.png',
      });
    });

    it('lets the scopes and icon that were defaults follow the repository', async () => {
      const defaults = await needsImprovement({ repoUrl: withNextBranch() });
      expect(defaults).toMatchObject({
        target_scopes: ['rest-api'],
        icon_url: expect.stringContaining('icon.svg'),
      });
      const moved = await update(owner, { id: defaults.id, sourceRef: 'next' });
      expect(moved.submission).toMatchObject({ target_scopes: ['async-api'], icon_url: null });
    });

    it("keeps a disabled icon disabled until iconDisabled false brings the repository's back", async () => {
      const disabled = await needsImprovement({ repoUrl: withNextBranch(), iconDisabled: true });
      expect((await update(owner, { id: disabled.id, sourceRef: 'next' })).submission.icon_url).toBeNull();
      expect((await update(owner, { id: disabled.id, sourceRef: '' })).submission.icon_url).toBeNull();
      const back = await update(owner, { id: disabled.id, sourceRef: '', iconDisabled: false });
      expect(back.submission.icon_url).toContain('icon.svg');
    });
  });

  describe('the reviewed commit', () => {
    it('records the commit validation read; approval pins it and its digest with the reviewer', async () => {
      const { submission } = await h.submit(owner);
      expect(submission.source_commit).toBe(h.host.commitOf(submission.source_url));
      expect((await ruleset(submission.ruleset_id)).pin).toBeNull();
      await h.request(RulesetsRpc.approveSubmission, h.admin.ctx, { id: submission.id });
      expect((await ruleset(submission.ruleset_id)).pin).toMatchObject({
        commit: submission.source_commit,
        content_digest: submission.content_digest,
        reviewed_by: h.admin.id,
        how: 'review',
      });
    });

    it('validates a changed ref of an approved ruleset at its new commit; the pin moves only on approval', async () => {
      const { submission, submissionId, rulesetId } = await h.published(owner);
      h.host.push(submission.source_url, { 'ruleset.yaml': PROFILE.replace('Spec Rules', 'Spec Rules v2') });
      const now = h.host.commitOf(submission.source_url);
      const edited = await update(owner, { id: submissionId, sourceRef: 'main' });
      expect(edited.submission).toMatchObject({ status: 'submitted', source_commit: now });
      const { rulesetSubmissions } = await h.request(RulesetsRpc.reviewQueue, h.admin.ctx, {});
      expect(rulesetSubmissions.find((q) => q.id === submissionId)?.source_commit).toBe(now);
      expect((await ruleset(rulesetId)).pin?.commit).toBe(submission.source_commit);
      await h.request(RulesetsRpc.approveSubmission, h.admin.ctx, { id: submissionId });
      expect((await ruleset(rulesetId)).pin).toMatchObject({
        commit: now,
        content_digest: edited.submission.content_digest,
      });
    });

    it('never shows a ref with the commit validated for another: an edit validated against a source changed meanwhile is refused (409)', async () => {
      const repoUrl = h.repo(RULESET_FILES, {
        next: { ...RULESET_FILES, 'ruleset.yaml': PROFILE.replace('Spec Rules', 'Spec Rules next') },
      });
      const { submission } = await h.submit(owner, { repoUrl });
      const atNext = h.host.commitOf(repoUrl, 'next');
      // The submission's row stays locked while two edits validate: the ref's, then one of the same URL
      // validated at the ref the submission had then.
      const lock = await holdRowLock(
        h.db.url,
        'SELECT 1 FROM rulesets.ruleset_submissions WHERE id = $1 FOR UPDATE',
        [submission.id],
      );
      const toNext = update(h.admin, { id: submission.id, sourceRef: 'next' });
      await lock.waiters(1);
      const sameUrl = codeOf(update(h.admin, { id: submission.id, repoUrl }));
      await lock.waiters(2);
      await lock.release();
      expect((await toNext).submission).toMatchObject({ source_ref: 'next', source_commit: atNext });
      expect(await sameUrl).toBe('CONFLICT');
      const { rulesetSubmissions } = await h.request(RulesetsRpc.reviewQueue, h.admin.ctx, {});
      expect(rulesetSubmissions.find((q) => q.id === submission.id)).toMatchObject({
        source_ref: 'next',
        source_commit: atNext,
      });
    });

    it('keeps the pinned commit when an approved edit does not touch the repository', async () => {
      const { submission, submissionId, rulesetId } = await h.published(owner);
      h.host.push(submission.source_url, { 'ruleset.yaml': `${PROFILE}# pushed after the review\n` });
      const edited = await update(owner, { id: submissionId, description: 'Better words for the review.' });
      expect(edited.submission.source_commit).toBe(submission.source_commit);
      await h.request(RulesetsRpc.approveSubmission, h.admin.ctx, { id: submissionId });
      expect((await ruleset(rulesetId)).pin?.commit).toBe(submission.source_commit);
    });

    const versionsPublished = async (rulesetId: string) =>
      (
        await h.sql<{ commit: string; how: string }>(
          `SELECT payload->>'commit' AS commit, payload->>'how' AS how FROM rulesets.outbox
            WHERE pattern = 'rulesets.ruleset.version-published.v1' AND payload->>'ruleset_id' = $1
            ORDER BY created_at`,
          [rulesetId],
        )
      ).map((v) => [v.how, v.commit]);

    it("keeps an administrator's later pin when an update that did not touch the repository is approved", async () => {
      const { submission, submissionId, rulesetId } = await h.published(owner);
      const reviewed = submission.source_commit!;
      h.host.push(submission.source_url, { 'ruleset.yaml': PROFILE.replace('Spec Rules', 'Spec Rules v2') });
      const later = h.host.commitOf(submission.source_url);
      await h.request(RulesetsRpc.pin, h.admin.ctx, { id: rulesetId, commit: later });
      const pinned = (await ruleset(rulesetId)).pin!;
      expect(pinned).toMatchObject({ commit: later, how: 'admin' });

      // The owner's update changes only tags: the repository is not read again, nor reviewed.
      const edited = await update(owner, { id: submissionId, tags: ['style'] });
      expect(edited.submission).toMatchObject({ status: 'submitted', source_commit: reviewed });
      await h.request(RulesetsRpc.approveSubmission, h.admin.ctx, { id: submissionId });
      const approved = await ruleset(rulesetId);
      expect(approved.tags).toEqual(['style']);
      expect(approved.pin).toEqual(pinned);
      // No new reviewed version either: those who deployed it hear of none.
      expect(await versionsPublished(rulesetId)).toEqual([
        ['review', reviewed],
        ['admin', later],
      ]);
    });

    it("moves an administrator's pin to the commit an approved update validated, its ref unchanged", async () => {
      const { submission, submissionId, rulesetId } = await h.published(owner);
      h.host.push(submission.source_url, { 'ruleset.yaml': PROFILE.replace('Spec Rules', 'Spec Rules v2') });
      const later = h.host.commitOf(submission.source_url);
      await h.request(RulesetsRpc.pin, h.admin.ctx, { id: rulesetId, commit: later });
      h.host.push(submission.source_url, { 'ruleset.yaml': PROFILE.replace('Spec Rules', 'Spec Rules v3') });
      const head = h.host.commitOf(submission.source_url);
      const edited = await update(owner, { id: submissionId, sourceRef: 'main', tags: ['style'] });
      expect(edited.submission.source_commit).toBe(head);
      await h.request(RulesetsRpc.approveSubmission, h.admin.ctx, { id: submissionId });
      expect((await ruleset(rulesetId)).pin).toMatchObject({
        commit: head,
        content_digest: edited.submission.content_digest,
        how: 'review',
      });
      expect((await versionsPublished(rulesetId)).at(-1)).toEqual(['review', head]);
    });
  });
});
