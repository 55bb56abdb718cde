import { RulesetsRpc } from '@pc/contracts';
import { codeOf, rulesetsUnderTest, type TestUser } from '../testing/rulesets-under-test';

/** The administrator's decisions on a ruleset submission, through the service's bus contract. */
describe('ruleset review (service level, PostgreSQL)', () => {
  const h = rulesetsUnderTest();
  let owner: TestUser;

  beforeAll(() => {
    owner = h.user();
  });

  const written = (submissionId: string) =>
    h.sql<{ pattern: string; payload: Record<string, unknown> }>(
      `SELECT pattern, payload FROM rulesets.outbox WHERE payload->>'submission_id' = $1 ORDER BY created_at`,
      [submissionId],
    );

  it('is for administrators only, decides a submission once (409 after), 404 for an unknown one', async () => {
    const { submission } = await h.submit(owner);
    const unknown = '7d4f3b0e-1c2a-4b5c-8d9e-0f1a2b3c4d5e';
    for (const rpc of [
      RulesetsRpc.approveSubmission,
      RulesetsRpc.requestImprovement,
      RulesetsRpc.rejectSubmission,
    ]) {
      expect(await codeOf(h.request(rpc, owner.ctx, { id: submission.id, feedback: 'Why.' }))).toBe(
        'FORBIDDEN',
      );
      expect(await codeOf(h.request(rpc, h.admin.ctx, { id: unknown, feedback: 'Why.' }))).toBe('NOT_FOUND');
    }
    expect(await codeOf(h.request(RulesetsRpc.reviewQueue, owner.ctx, {}))).toBe('FORBIDDEN');
    await h.request(RulesetsRpc.rejectSubmission, h.admin.ctx, { id: submission.id, feedback: 'No.' });
    for (const rpc of [RulesetsRpc.approveSubmission, RulesetsRpc.rejectSubmission])
      expect(await codeOf(h.request(rpc, h.admin.ctx, { id: submission.id, feedback: 'Why.' }))).toBe(
        'RULESETS.NOT_WAITING',
      );
  });

  it('queues what waits, oldest first; a sent-back submission leaves the queue until resubmitted', async () => {
    const first = (await h.submit(owner)).submission;
    const second = (await h.submit(owner)).submission;
    const queued = async () =>
      (await h.request(RulesetsRpc.reviewQueue, h.admin.ctx, {})).rulesetSubmissions.map((s) => s.id);
    const ids = await queued();
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    await h.request(RulesetsRpc.requestImprovement, h.admin.ctx, { id: first.id, feedback: 'More.' });
    expect(await queued()).not.toContain(first.id);
    await h.request(RulesetsRpc.updateSubmission, owner.ctx, { id: first.id, resubmit: true });
    expect(await queued()).toContain(first.id);
  });

  it('publishes on approval with the staged tabs and feedback, and delivers the declared ideas', async () => {
    const idea = h.idea();
    const { submission } = await h.submit(owner, {
      deliversIdeaIds: [{ ideaId: idea }],
      docTabs: [{ key: 'rules', title: 'Rules', bodyMd: 'The rules.' }],
    });
    await h.request(RulesetsRpc.approveSubmission, h.admin.ctx, { id: submission.id, feedback: 'Good.' });
    const { ruleset } = await h.request(RulesetsRpc.get, owner.ctx, { id: submission.ruleset_id });
    expect(ruleset).toMatchObject({ lifecycle_status: 'published', review_feedback: 'Good.' });
    expect(ruleset.published_at).not.toBeNull();
    expect(ruleset.delivers_ideas).toEqual([expect.objectContaining({ id: idea, phase: 'delivered' })]);
    const docs = await h.request(RulesetsRpc.getDocs, h.user().ctx, { id: submission.ruleset_id });
    expect(docs.tabs.map((t) => t.key)).toEqual(['overview', 'rules']);
  });

  it('keeps a published ruleset as it was when an update of it is rejected', async () => {
    const { submissionId, rulesetId } = await h.published(owner, { name: 'As reviewed' });
    await h.request(RulesetsRpc.updateSubmission, owner.ctx, { id: submissionId, name: 'Not reviewed' });
    await h.request(RulesetsRpc.rejectSubmission, h.admin.ctx, { id: submissionId, feedback: 'No.' });
    const { ruleset } = await h.request(RulesetsRpc.get, owner.ctx, { id: rulesetId });
    expect(ruleset).toMatchObject({ name: 'As reviewed', lifecycle_status: 'published' });
  });

  it('writes each decision to the outbox for its author, and an approval as a new version, once', async () => {
    const improved = (await h.submit(owner)).submission;
    await h.request(RulesetsRpc.requestImprovement, h.admin.ctx, { id: improved.id, feedback: 'More.' });
    const approved = (await h.submit(owner)).submission;
    await h.request(RulesetsRpc.approveSubmission, h.admin.ctx, { id: approved.id, feedback: 'Good.' });
    const rejected = (await h.submit(owner)).submission;
    await h.request(RulesetsRpc.rejectSubmission, h.admin.ctx, { id: rejected.id, feedback: 'No.' });
    expect(await written(improved.id)).toEqual([
      {
        pattern: 'rulesets.review.decided.v1',
        payload: expect.objectContaining({
          decision: 'needs_improvement',
          author_id: owner.id,
          ruleset_id: improved.ruleset_id,
          feedback: 'More.',
        }),
      },
    ]);
    expect((await written(approved.id)).map((e) => [e.pattern, e.payload.decision])).toEqual([
      ['rulesets.review.decided.v1', 'approved'],
      ['rulesets.ruleset.version-published.v1', undefined],
    ]);
    expect(
      await codeOf(
        h.request(RulesetsRpc.rejectSubmission, h.admin.ctx, { id: rejected.id, feedback: 'No.' }),
      ),
    ).toBe('RULESETS.NOT_WAITING');
    expect((await written(rejected.id)).map((e) => e.payload.decision)).toEqual(['rejected']);
  });
});
