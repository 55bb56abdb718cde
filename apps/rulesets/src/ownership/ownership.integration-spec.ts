import { randomUUID } from 'node:crypto';
import { RulesetOwnershipRpc, RulesetsRpc } from '@pc/contracts';
import { codeOf, rulesetsUnderTest, type TestUser } from '../testing/rulesets-under-test';

/** Whose a ruleset is, and its move when the catalog carries out a transfer, through the bus contract. */
describe('ruleset ownership (service level, PostgreSQL)', () => {
  const h = rulesetsUnderTest();
  let owner: TestUser;
  let recipient: TestUser;

  beforeAll(() => {
    owner = h.user();
    recipient = h.user();
  });

  it('says whose a visible ruleset is; 404 for one the caller cannot see', async () => {
    const { rulesetId } = await h.published(owner);
    expect(await h.request(RulesetOwnershipRpc.get, recipient.ctx, { id: rulesetId })).toMatchObject({
      id: rulesetId,
      ownerId: owner.id,
    });
    const { submission } = await h.submit(owner);
    expect(
      await codeOf(h.request(RulesetOwnershipRpc.get, recipient.ctx, { id: submission.ruleset_id })),
    ).toBe('NOT_FOUND');
  });

  it('moves a ruleset to the recipient once per transfer; 409 when it changed hands since the offer', async () => {
    const { rulesetId, submissionId } = await h.published(owner);
    const move = { transferId: randomUUID(), rulesetId, fromUserId: owner.id, toUserId: recipient.id };
    expect(await codeOf(h.request(RulesetOwnershipRpc.move, owner.ctx, move))).toBe('NOT_FOUND');
    expect(await h.request(RulesetOwnershipRpc.move, recipient.ctx, move)).toEqual({ ok: true });
    // A repeated call after a lost reply changes nothing.
    expect(await h.request(RulesetOwnershipRpc.move, recipient.ctx, move)).toEqual({ ok: true });
    expect((await h.request(RulesetsRpc.get, recipient.ctx, { id: rulesetId })).ruleset.owner_id).toBe(
      recipient.id,
    );
    // The submission follows its ruleset: the new owner sees it, the old one no longer does.
    expect(
      (await h.request(RulesetsRpc.getSubmission, recipient.ctx, { id: submissionId })).submission.id,
    ).toBe(submissionId);
    expect(await codeOf(h.request(RulesetsRpc.getSubmission, owner.ctx, { id: submissionId }))).toBe(
      'NOT_FOUND',
    );
    const stale = { ...move, transferId: randomUUID() };
    expect(await codeOf(h.request(RulesetOwnershipRpc.move, recipient.ctx, stale))).toBe(
      'RULESETS.OWNER_CHANGED',
    );
  });
});
