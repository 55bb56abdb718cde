import { randomUUID } from 'node:crypto';
import { RulesetOwnershipRpc, RulesetsRpc } from '@pc/contracts';
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

  /** Waits (up to 30 s) for what `done` checks: what happens after an approval's commit. */
  const eventually = async (what: string, done: () => boolean | Promise<boolean>) => {
    const deadline = Date.now() + 30_000;
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const ideasOf = async (rulesetId: string) =>
    (await h.request(RulesetsRpc.get, owner.ctx, { id: rulesetId })).ruleset.delivers_ideas;

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

  it("names each queued submission's owner and its ruleset's pin as the ruleset's detail does", async () => {
    const first = (await h.submit(owner)).submission;
    const update = await h.published(owner);
    await h.request(RulesetsRpc.updateSubmission, owner.ctx, { id: update.submissionId, tags: ['style'] });
    // The published ruleset changes hands while its update waits: the queue names its owner now.
    const recipient = h.user();
    const move = {
      transferId: randomUUID(),
      rulesetId: update.rulesetId,
      fromUserId: owner.id,
      toUserId: recipient.id,
    };
    await h.request(RulesetOwnershipRpc.move, recipient.ctx, move);
    const queue = (await h.request(RulesetsRpc.reviewQueue, h.admin.ctx, {})).rulesetSubmissions;
    const queued = (id: string) => queue.find((s) => s.id === id)!;
    for (const id of [first.id, update.submissionId]) {
      const { ruleset } = await h.request(RulesetsRpc.get, h.admin.ctx, { id: queued(id).ruleset_id });
      expect(queued(id)).toMatchObject({
        owner_id: ruleset.owner_id,
        owner_name: ruleset.owner_name,
        owner_username: ruleset.owner_username,
        pin: ruleset.pin,
      });
    }
    expect(queued(first.id)).toMatchObject({ owner_id: owner.id, owner_name: owner.name, pin: null });
    expect(queued(update.submissionId)).toMatchObject({
      submitted_by: owner.id,
      owner_id: recipient.id,
      owner_name: recipient.name,
      owner_username: expect.stringMatching(/^user\d+-/),
      pin: { commit: update.submission.source_commit, how: 'review', reviewed_by: h.admin.id },
    });
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
    // The catalog delivers the ideas after the approval's commit.
    await eventually('the idea delivered', async () =>
      (await ideasOf(submission.ruleset_id)).some((d) => d.id === idea && d.phase === 'delivered'),
    );
    expect(await ideasOf(submission.ruleset_id)).toEqual([
      expect.objectContaining({ id: idea, phase: 'delivered' }),
    ]);
    const docs = await h.request(RulesetsRpc.getDocs, h.user().ctx, { id: submission.ruleset_id });
    expect(docs.tabs.map((t) => t.key)).toEqual(['overview', 'rules']);
  });

  const tabsOf = async (rulesetId: string) =>
    (await h.request(RulesetsRpc.getDocs, owner.ctx, { id: rulesetId })).tabs.map((t) => [t.key, t.bodyMd]);
  const ownersTabs = [
    { key: 'overview', title: 'Overview', bodyMd: "The owner's overview." },
    { key: 'faq', title: 'FAQ', bodyMd: "The owner's answers." },
  ];

  it("keeps the owner's tabs and links set on a ruleset under review when it is approved", async () => {
    const { submission } = await h.submit(owner, {
      docTabs: [{ key: 'rules', title: 'Rules', bodyMd: 'The staged rules.' }],
    });
    await h.request(RulesetsRpc.replaceDocs, owner.ctx, { id: submission.ruleset_id, tabs: ownersTabs });
    await h.request(RulesetsRpc.update, owner.ctx, {
      id: submission.ruleset_id,
      examplesUrl: 'https://examples.example/set',
    });
    const before = await tabsOf(submission.ruleset_id);
    // An administrator's edit of the submission shows the field it edits, nothing else of the submission.
    await h.request(RulesetsRpc.updateSubmission, h.admin.ctx, {
      id: submission.id,
      name: 'Renamed in review',
    });
    await h.request(RulesetsRpc.approveSubmission, h.admin.ctx, { id: submission.id });
    const { ruleset } = await h.request(RulesetsRpc.get, owner.ctx, { id: submission.ruleset_id });
    expect(ruleset).toMatchObject({
      lifecycle_status: 'published',
      name: 'Renamed in review',
      examples_url: 'https://examples.example/set',
    });
    expect(await tabsOf(submission.ruleset_id)).toEqual(before);
    expect(before).toContainEqual(['faq', "The owner's answers."]);
  });

  it('applies what an approved update changed, and keeps what the owner set on the published ruleset', async () => {
    const { submissionId, rulesetId } = await h.published(owner, {
      docTabs: [{ key: 'rules', title: 'Rules', bodyMd: 'The reviewed rules.' }],
    });
    await h.request(RulesetsRpc.update, owner.ctx, {
      id: rulesetId,
      videoTutorialUrl: 'https://video.example/tour',
    });
    await h.request(RulesetsRpc.updateSubmission, owner.ctx, { id: submissionId, tags: ['style'] });
    // While the update waits, the owner edits the published ruleset's tabs and its other link.
    await h.request(RulesetsRpc.replaceDocs, owner.ctx, { id: rulesetId, tabs: ownersTabs });
    await h.request(RulesetsRpc.update, owner.ctx, {
      id: rulesetId,
      examplesUrl: 'https://examples.example/x',
    });
    const before = await tabsOf(rulesetId);
    await h.request(RulesetsRpc.approveSubmission, h.admin.ctx, { id: submissionId });
    const { ruleset } = await h.request(RulesetsRpc.get, owner.ctx, { id: rulesetId });
    expect(ruleset).toMatchObject({
      tags: ['style'],
      video_tutorial_url: 'https://video.example/tour',
      examples_url: 'https://examples.example/x',
    });
    expect(await tabsOf(rulesetId)).toEqual(before);

    // The next update stages tabs and a link: approved, those are what the ruleset shows.
    await h.request(RulesetsRpc.updateSubmission, owner.ctx, {
      id: submissionId,
      videoTutorialUrl: 'https://video.example/second',
      docTabs: [{ key: 'rules', title: 'Rules', bodyMd: 'The updated rules.' }],
    });
    await h.request(RulesetsRpc.approveSubmission, h.admin.ctx, { id: submissionId });
    const { ruleset: updated } = await h.request(RulesetsRpc.get, owner.ctx, { id: rulesetId });
    expect(updated).toMatchObject({
      tags: ['style'],
      video_tutorial_url: 'https://video.example/second',
      examples_url: 'https://examples.example/x',
    });
    expect(await tabsOf(rulesetId)).toContainEqual(['rules', 'The updated rules.']);
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

  it('approves when the catalog delivered but its reply was lost, and asks again until it answers', async () => {
    const idea = h.idea();
    const { submission } = await h.submit(owner, { deliversIdeaIds: [{ ideaId: idea }] });
    h.peers.deliveryFault = { kind: 'lost-reply', times: 1 };
    const { submission: approved } = await h.request(RulesetsRpc.approveSubmission, h.admin.ctx, {
      id: submission.id,
    });
    expect(approved.status).toBe('approved');
    const { ruleset } = await h.request(RulesetsRpc.get, owner.ctx, { id: submission.ruleset_id });
    expect(ruleset.lifecycle_status).toBe('published');
    // Asked again after the lost reply (the catalog's delivery is idempotent), then no more.
    const asked = () => h.peers.deliveryRequests.filter((id) => id === submission.ruleset_id).length;
    await eventually('the delivery asked again', () => asked() === 2);
    await eventually('the delivery no longer due', async () => {
      const due = await h.sql(`SELECT 1 FROM rulesets.idea_deliveries_due WHERE ruleset_id = $1`, [
        submission.ruleset_id,
      ]);
      return due.length === 0;
    });
    expect(h.peers.deliveredIdeas.has(idea)).toBe(true);
    expect(asked()).toBe(2);
  });

  it('delivers no idea when the approval does not commit', async () => {
    const idea = h.idea();
    const { submission } = await h.submit(owner, { deliversIdeaIds: [{ ideaId: idea }] });
    // The approval's commit fails (a deferred check, run at commit).
    await h.sql(`CREATE FUNCTION rulesets.refuse_commit() RETURNS trigger LANGUAGE plpgsql AS $$
                 BEGIN RAISE EXCEPTION 'commit refused'; END $$`);
    await h.sql(`CREATE CONSTRAINT TRIGGER refuse_commit AFTER UPDATE ON rulesets.ruleset_submissions
                 DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
                 WHEN (NEW.id = '${submission.id}' AND NEW.status = 'approved')
                 EXECUTE FUNCTION rulesets.refuse_commit()`);
    try {
      expect(await codeOf(h.request(RulesetsRpc.approveSubmission, h.admin.ctx, { id: submission.id }))).toBe(
        'INTERNAL',
      );
    } finally {
      await h.sql(`DROP TRIGGER refuse_commit ON rulesets.ruleset_submissions`);
      await h.sql(`DROP FUNCTION rulesets.refuse_commit()`);
    }
    const { submission: after } = await h.request(RulesetsRpc.getSubmission, owner.ctx, {
      id: submission.id,
    });
    expect(after.status).toBe('submitted');
    expect(h.peers.deliveryRequests).not.toContain(submission.ruleset_id);
    expect(h.peers.deliveredIdeas.has(idea)).toBe(false);
    // Approved again, its ideas are delivered once.
    await h.request(RulesetsRpc.approveSubmission, h.admin.ctx, { id: submission.id });
    await eventually('the idea delivered', () => h.peers.deliveredIdeas.has(idea));
  });

  it("delivers an approval's ideas before the ideas of the update after it change, never the update's", async () => {
    const approvedIdea = h.idea();
    const { submission } = await h.submit(owner, { deliversIdeaIds: [{ ideaId: approvedIdea }] });
    // The catalog does not answer the approval's delivery; the owner starts an update declaring another idea.
    h.peers.deliveryFault = { kind: 'down', times: 1_000 };
    await h.request(RulesetsRpc.approveSubmission, h.admin.ctx, { id: submission.id });
    await h.request(RulesetsRpc.updateSubmission, owner.ctx, {
      id: submission.id,
      description: 'An updated description.',
    });
    const updateIdea = h.idea();
    const declare = () =>
      h.request(RulesetsRpc.updateSubmission, owner.ctx, {
        id: submission.id,
        deliversIdeaIds: [{ ideaId: updateIdea }],
      });
    // While the approval's ideas cannot be delivered, the update's declaration waits (503, nothing changed).
    expect(await codeOf(declare())).toBe('SERVICE_UNAVAILABLE');
    h.peers.deliveryFault = null;
    await declare();
    expect(h.peers.deliveredIdeas.has(approvedIdea)).toBe(true);
    expect(h.peers.deliveredIdeas.has(updateIdea)).toBe(false);
    expect(h.peers.declared.get(submission.ruleset_id)).toEqual([{ ideaId: updateIdea }]);
  });
});
