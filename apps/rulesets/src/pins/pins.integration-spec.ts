import { RulesetsRpc } from '@pc/contracts';
import { EvaluatorPool } from '../evaluation/evaluator.pool';
import { PROFILE, codeOf, errorOf, rulesetsUnderTest, type TestUser } from '../testing/rulesets-under-test';

/** A profile of ten rules: its check keeps the engine busy for a while (a tenth of a second or more). */
const TEN_RULES = `#%Validation Profile 1.0
profile: Ten Rules
violation: [${Array.from({ length: 10 }, (_, i) => `rule-${i}`).join(', ')}]
validations:
${Array.from(
  { length: 10 },
  (_, i) => `  rule-${i}:
    message: Operations have a name (${i + 1})
    targetClass: apiContract.Operation
    propertyConstraints:
      core.name:
        minCount: ${i + 1}
`,
).join('')}`;

/** An administrator's pin and "changes since review", through the bus contract. */
describe('ruleset pins (service level, PostgreSQL)', () => {
  const h = rulesetsUnderTest();
  let owner: TestUser;

  beforeAll(() => {
    owner = h.user();
  });

  it('pins a published ruleset at its ref now or at a commit given, records it and writes a new version', async () => {
    const { submission, rulesetId, submissionId } = await h.published(owner);
    const reviewed = submission.source_commit!;
    h.host.push(submission.source_url, { 'ruleset.yaml': PROFILE.replace('Spec Rules', 'Spec Rules v2') });
    const head = h.host.commitOf(submission.source_url);
    expect(await codeOf(h.request(RulesetsRpc.pin, owner.ctx, { id: rulesetId }))).toBe('FORBIDDEN');
    const pinned = await h.request(RulesetsRpc.pin, h.admin.ctx, { id: rulesetId });
    expect(pinned.ruleset.pin).toMatchObject({ commit: head, how: 'admin', reviewed_by: h.admin.id });
    const back = await h.request(RulesetsRpc.pin, h.admin.ctx, { id: rulesetId, commit: reviewed });
    expect(back.ruleset.pin).toMatchObject({ commit: reviewed, content_digest: submission.content_digest });
    const { entries } = await h.request(RulesetsRpc.getSubmissionHistory, owner.ctx, { id: submissionId });
    expect(entries.slice(0, 2).map((e) => [e.action, e.feedback])).toEqual([
      ['pinned', `Pinned to the reviewed commit ${reviewed}`],
      ['pinned', `Pinned to the reviewed commit ${head}`],
    ]);
    const versions = await h.sql<{ how: string }>(
      `SELECT payload->>'how' AS how FROM rulesets.outbox
        WHERE pattern = 'rulesets.ruleset.version-published.v1' AND payload->>'ruleset_id' = $1 ORDER BY created_at`,
      [rulesetId],
    );
    expect(versions.map((v) => v.how)).toEqual(['review', 'admin', 'admin']);
  });

  it('shows and keeps the rules of the commit it pins: its rule names, counts and profile name', async () => {
    const { submission, rulesetId } = await h.published(owner);
    h.host.push(submission.source_url, {
      // PROFILE with a second rule, on the API's title, as a warning.
      'ruleset.yaml': `${PROFILE.replace('profile: Spec Rules', 'profile: Spec Rules, wider').replace(
        'validations:',
        'warning: [api-title]\nvalidations:',
      )}  api-title:
    message: The API has a title
    targetClass: apiContract.WebAPI
    propertyConstraints:
      core.name:
        minCount: 1
`,
    });
    const head = h.host.commitOf(submission.source_url);
    const { ruleset } = await h.request(RulesetsRpc.pin, h.admin.ctx, { id: rulesetId });
    expect(ruleset.pin?.commit).toBe(head);
    expect(ruleset).toMatchObject({
      profile_name: 'Spec Rules, wider',
      rule_names: ['operation-summary', 'api-title'],
      rule_counts: { violation: 1, warning: 1, info: 0 },
      ruleset_format: 'amf',
    });
    // The version kept for governance profiles (their applicable rules) is the pinned commit's.
    const [version] = await h.sql<{ rule_names: string[] }>(
      'SELECT rule_names FROM rulesets.ruleset_versions WHERE ruleset_id = $1 AND commit = $2',
      [rulesetId, head],
    );
    expect(version.rule_names).toEqual(['operation-summary', 'api-title']);
  });

  it("counts an administrator's pin in their share of the evaluator: 429 with Retry-After past it, then it pins", async () => {
    const { submission, rulesetId } = await h.published(owner);
    // A new version, whose check no earlier one answers for.
    h.host.push(submission.source_url, { 'ruleset.yaml': PROFILE.replace('Spec Rules', 'Spec Rules, busy') });
    // The pin waits at the host while the administrator's own engine work takes their share: one check
    // running on the thread (a profile of ten rules), one waiting; the host answers, and the pin comes to
    // the evaluator while both still hold it (milliseconds of the event loop against the engine's check).
    const pool = h.get(EvaluatorPool);
    const release = h.host.hold();
    let refused: ReturnType<typeof errorOf>;
    let own: Array<Promise<unknown>>;
    try {
      refused = errorOf(h.request(RulesetsRpc.pin, h.admin.ctx, { id: rulesetId }));
      while (h.host.waiting === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      own = [TEN_RULES, PROFILE].map((profile) =>
        pool.run({ kind: 'check-profile', profile }, { owner: h.admin.id }).catch((error: unknown) => error),
      );
    } finally {
      release();
    }
    expect(await refused).toMatchObject({ code: 'RATE_LIMITED', retryAfter: 5 });
    expect(await Promise.all(own)).toMatchObject([{ kind: 'profile-checked' }, { kind: 'profile-checked' }]);
    const { ruleset } = await h.request(RulesetsRpc.pin, h.admin.ctx, { id: rulesetId });
    expect(ruleset.pin).toMatchObject({ commit: h.host.commitOf(submission.source_url), how: 'admin' });
  });

  it('refuses (409) a pin whose ruleset an approval moved while the pin checked its repository: the reviewed commit stays', async () => {
    const { submission, rulesetId, submissionId } = await h.published(owner);
    const moved = h.repo({
      'ruleset.yaml': PROFILE.replace('Spec Rules', 'Moved Rules'),
      'icon.svg': '<svg/>',
    });
    await h.request(RulesetsRpc.updateSubmission, owner.ctx, { id: submissionId, repoUrl: moved });
    h.host.push(submission.source_url, { 'ruleset.yaml': PROFILE.replace('Spec Rules', 'Spec Rules v2') });
    const release = h.host.hold();
    let pin: Promise<string | undefined>;
    try {
      pin = codeOf(h.request(RulesetsRpc.pin, h.admin.ctx, { id: rulesetId }));
      while (h.host.waiting === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      await h.request(RulesetsRpc.approveSubmission, h.admin.ctx, { id: submissionId });
    } finally {
      release();
    }
    expect(await pin).toBe('CONFLICT');
    const { ruleset } = await h.request(RulesetsRpc.get, owner.ctx, { id: rulesetId });
    expect([ruleset.source_url, ruleset.pin?.commit, ruleset.pin?.how]).toEqual([
      moved,
      h.host.commitOf(moved),
      'review',
    ]);
  });

  it('refuses to pin a ruleset that is not published, or a commit where the repository does not validate (422)', async () => {
    const { submission } = await h.submit(owner);
    expect(await codeOf(h.request(RulesetsRpc.pin, h.admin.ctx, { id: submission.ruleset_id }))).toBe(
      'RULESETS.NOT_PUBLISHED',
    );
    const { submission: published, rulesetId } = await h.published(owner);
    h.host.push(published.source_url, { 'README.md': 'the profile is gone' });
    expect(await codeOf(h.request(RulesetsRpc.pin, h.admin.ctx, { id: rulesetId }))).toBe(
      'RULESETS.VALIDATION_FAILED',
    );
  });

  it('says how far the source ref moved on since the pin; 404 REPOSITORY_GONE when the host no longer has it', async () => {
    const { submission, rulesetId } = await h.published(owner);
    const changes = () => h.request(RulesetsRpc.getChangesSinceReview, owner.ctx, { id: rulesetId });
    expect((await changes()).source).toMatchObject({
      ref: 'main',
      ahead_by: 0,
      files: [],
      files_truncated: false,
    });
    h.host.push(submission.source_url, { ...{ 'ruleset.yaml': PROFILE }, 'NOTES.md': 'new' });
    expect(await changes()).toMatchObject({
      pinned: true,
      source: {
        pinned_commit: submission.source_commit,
        head_commit: h.host.commitOf(submission.source_url),
        ahead_by: 1,
        files: expect.arrayContaining([{ path: 'NOTES.md', status: 'added' }]),
      },
      implementation: null,
    });
    const unpinned = await h.submit(owner);
    expect(
      await h.request(RulesetsRpc.getChangesSinceReview, owner.ctx, { id: unpinned.submission.ruleset_id }),
    ).toEqual({
      pinned: false,
      source: null,
      implementation: null,
    });
    h.host.down = true;
    try {
      expect(await codeOf(changes())).toBe('UPSTREAM_UNAVAILABLE');
    } finally {
      h.host.down = false;
    }
    await h.sql(
      `UPDATE rulesets.rulesets SET source_url = 'https://source-host.example/o/gone' WHERE id = $1`,
      [rulesetId],
    );
    expect(await codeOf(changes())).toBe('RULESETS.REPOSITORY_GONE');
  });
});
