import {
  CatalogRpc,
  type EndRulesetTransferRequest,
  RulesetOwnershipRpc,
  RulesetsRpc,
  type Transfer,
} from '@pc/contracts';
import { startService } from '@pc/platform';
import { answer, peerService } from '@pc/testing';
import { anonymous, catalogUnderTest, codeOf, type TestUser } from '../testing/catalog-under-test';

const unknownId = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

// Transfers of ownership at the service level: offers, decisions once, expiry, races and what moves
// with a policy (the routes' statuses stay in the end-to-end file).
describe('catalog transfers', () => {
  const t = catalogUnderTest();
  const offer = (
    from: ReturnType<typeof t.newUser>,
    policyId: string,
    to: { recipientUsername?: string; recipientEmail?: string },
  ) =>
    t.request(CatalogRpc.createTransfer, from.ctx, { resourceType: 'policy', resourceId: policyId, ...to });

  it('refuses an offer to oneself or to nobody, a second pending offer, and decides once', async () => {
    const owner = t.newUser();
    const other = t.newUser();
    const policyId = await t.publishedPolicy(owner.id);
    expect(await codeOf(offer(owner, policyId, { recipientEmail: owner.email }))).toBe(
      'CATALOG.TRANSFER_RECIPIENT_INVALID',
    );
    expect(await codeOf(offer(owner, policyId, {}))).toBe('CATALOG.TRANSFER_RECIPIENT_INVALID');
    expect(await codeOf(offer(owner, policyId, { recipientEmail: 'nobody@example.com' }))).toBe('NOT_FOUND');
    const { transfer } = await offer(owner, policyId, { recipientEmail: other.email });
    expect(await codeOf(offer(owner, policyId, { recipientUsername: `@${other.username}` }))).toBe(
      'CATALOG.TRANSFER_PENDING',
    );
    expect(await codeOf(t.request(CatalogRpc.acceptTransfer, owner.ctx, { id: transfer.id }))).toBe(
      'FORBIDDEN',
    );
    // codeOf fails on a success: that one is the decision.
    const outcomes = await Promise.all([
      codeOf(
        t.request(CatalogRpc.rejectTransfer, other.ctx, { id: transfer.id, feedback: 'no thanks' }),
      ).catch(() => 'decided'),
      codeOf(
        t.request(CatalogRpc.rejectTransfer, other.ctx, { id: transfer.id, feedback: 'no thanks' }),
      ).catch(() => 'decided'),
    ]);
    expect(outcomes.sort()).toEqual(['CATALOG.TRANSFER_DECIDED', 'decided']);
    const mine = await t.request(CatalogRpc.listMyTransfers, other.ctx, { role: 'recipient' });
    expect(mine.transfers[0]).toMatchObject({
      id: transfer.id,
      status: 'rejected',
      feedback: 'no thanks',
      role: 'recipient',
    });
  });

  it('refuses to accept an expired transfer', async () => {
    const owner = t.newUser();
    const other = t.newUser();
    const policyId = await t.publishedPolicy(owner.id);
    const { transfer } = await offer(owner, policyId, { recipientUsername: other.username });
    await t.sql(`UPDATE catalog.transfers SET expires_at = now() - interval '1 minute' WHERE id = $1`, [
      transfer.id,
    ]);
    expect(await codeOf(t.request(CatalogRpc.acceptTransfer, other.ctx, { id: transfer.id }))).toBe(
      'CATALOG.TRANSFER_EXPIRED',
    );
  });

  it('lets exactly one of several concurrent accepts succeed, and moves ownership once', async () => {
    const owner = t.newUser();
    const other = t.newUser();
    const policyId = await t.publishedPolicy(owner.id);
    const { transfer } = await offer(owner, policyId, { recipientUsername: other.username });
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () => t.request(CatalogRpc.acceptTransfer, other.ctx, { id: transfer.id })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await codeOf(t.request(CatalogRpc.cancelTransfer, owner.ctx, { id: transfer.id }))).toBe(
      'CATALOG.TRANSFER_DECIDED',
    );
    expect((await t.request(CatalogRpc.getPolicy, anonymous(), { id: policyId })).policy.owner_id).toBe(
      other.id,
    );
    const history = await t.request(CatalogRpc.getPolicyHistory, anonymous(), { id: policyId });
    expect(history.entries.filter((e) => e.action === 'transferred')).toHaveLength(1);
  });

  it('answers many concurrent no-op decisions without starving the connection pool', async () => {
    const owner = t.newUser();
    const other = t.newUser();
    const policyId = await t.publishedPolicy(owner.id);
    const { transfer } = await offer(owner, policyId, { recipientUsername: other.username });
    await t.request(CatalogRpc.cancelTransfer, owner.ctx, { id: transfer.id });
    const codes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        codeOf(
          i % 2 === 0
            ? t.request(CatalogRpc.cancelTransfer, owner.ctx, { id: unknownId(i) })
            : t.request(CatalogRpc.acceptTransfer, other.ctx, { id: transfer.id }),
        ),
      ),
    );
    expect(codes.sort()).toEqual([
      ...Array<string>(10).fill('CATALOG.TRANSFER_DECIDED'),
      ...Array<string>(10).fill('NOT_FOUND'),
    ]);
    const started = Date.now();
    await t.request(CatalogRpc.getPolicy, anonymous(), { id: policyId });
    expect(Date.now() - started).toBeLessThan(2000);
  }, 30000);

  it('hands the submission, the pending revisions and a private history to the new owner', async () => {
    const alice = t.newUser();
    const bob = t.newUser();
    const { policyId: underReview, submissionId } = await t.policyUnderReview(alice.id);
    const byUsername = await offer(alice, underReview, { recipientUsername: bob.username });
    const sent = await t.request(CatalogRpc.listMyTransfers, alice.ctx, { role: 'initiator' });
    expect(sent.transfers[0]).toMatchObject({
      counterparty_name: expect.any(String),
      counterparty_email: null,
    });
    const received = await t.request(CatalogRpc.listMyTransfers, bob.ctx, { role: 'recipient' });
    expect(received.transfers[0].counterparty_email).toBe(alice.email);
    await t.request(CatalogRpc.acceptTransfer, bob.ctx, { id: byUsername.transfer.id });
    expect(await codeOf(t.request(CatalogRpc.getSubmission, alice.ctx, { id: submissionId }))).toBe(
      'NOT_FOUND',
    );
    expect(
      await codeOf(
        t.request(CatalogRpc.updateSubmission, alice.ctx, { id: submissionId, name: 'Stolen Back' }),
      ),
    ).toBe('NOT_FOUND');
    expect((await t.request(CatalogRpc.listSubmissions, bob.ctx, {})).submissions[0].id).toBe(submissionId);
    await t.request(CatalogRpc.updateSubmission, bob.ctx, { id: submissionId, name: 'Bob Guard' });

    const policyId = await t.publishedPolicy(alice.id);
    const stale = await t.request(CatalogRpc.createRevision, alice.ctx, {
      policyId,
      field: 'description',
      value: 'Alice wrote this before handing it over.',
    });
    const byEmail = await offer(alice, policyId, { recipientEmail: bob.email });
    expect(
      (await t.request(CatalogRpc.listMyTransfers, alice.ctx, { role: 'initiator' })).transfers[0]
        .counterparty_email,
    ).toBe(bob.email);
    await t.request(CatalogRpc.acceptTransfer, bob.ctx, { id: byEmail.transfer.id });
    // Each sees their own revisions: the new owner none of the previous owner's, who sees why theirs ended.
    expect((await t.request(CatalogRpc.listRevisions, bob.ctx, { id: policyId })).revisions).toEqual([]);
    expect((await t.request(CatalogRpc.listRevisions, t.admin, { id: policyId })).revisions).toEqual([]);
    const { revisions } = await t.request(CatalogRpc.listRevisions, alice.ctx, { id: policyId });
    expect(revisions).toEqual([
      expect.objectContaining({
        id: stale.revision.id,
        status: 'rejected',
        feedback: expect.stringMatching(/transferred/),
      }),
    ]);
    expect(await codeOf(t.request(CatalogRpc.approveRevision, t.admin, { id: stale.revision.id }))).toBe(
      'CATALOG.REVISION_DECIDED',
    );
    await t.request(CatalogRpc.createRevision, bob.ctx, {
      policyId,
      field: 'description',
      value: 'Bob writes his own About text.',
    });
    const actions = async (ctx = anonymous()) =>
      (await t.request(CatalogRpc.getPolicyHistory, ctx, { id: policyId })).entries;
    expect((await actions(bob.ctx)).map((e) => e.action)).toContain('transfer_offered');
    const publicEntries = await actions();
    expect(publicEntries.map((e) => e.action)).toContain('transferred');
    expect(publicEntries.map((e) => e.action)).not.toContain('transfer_offered');
    expect(publicEntries.every((e) => e.actor_id === null && !('toUserId' in e.details))).toBe(true);
  });

  /** Ruleset offers of `from` to `to` whose expiry passed, as rows (the newest first in the list). */
  const staleRulesetOffers = async (from: TestUser, to: TestUser, count: number): Promise<string[]> =>
    (
      await t.sql<{ id: string }>(
        `INSERT INTO catalog.transfers (resource_type, resource_id, resource_name, from_user_id, to_user_id,
           created_at, expires_at)
         SELECT 'ruleset', gen_random_uuid(), 'Ruleset ' || n, $1, $2, now() - make_interval(mins => n),
                now() - interval '1 minute'
           FROM generate_series(1, $3::int) AS n ORDER BY n RETURNING id`,
        [from.id, to.id, count],
      )
    ).map((row) => row.id);

  /**
   * The rulesets service on the catalog's bus, ending ruleset transfers as it records them: `moved` for
   * those in `moved` (the move of their accept came first), as asked otherwise. `asks`: how many asks,
   * one at a time or many at once, it answered.
   */
  const rulesetsRecording = async (moved: Set<string>) => {
    const outcomeOf = (end: EndRulesetTransferRequest) =>
      moved.has(end.transferId) ? ('moved' as const) : end.outcome;
    const rulesets = { asks: 0 };
    const running = await startService(
      peerService('rulesets', RulesetsRpc.ping, [
        answer(RulesetOwnershipRpc.end, (end) => {
          rulesets.asks++;
          return { outcome: outcomeOf(end) };
        }),
        answer(RulesetOwnershipRpc.endMany, ({ transfers }) => {
          rulesets.asks++;
          return {
            outcomes: transfers.map((end) => ({ transferId: end.transferId, outcome: outcomeOf(end) })),
          };
        }),
      ]),
      t.busConfig,
    );
    return Object.assign(rulesets, { stop: () => running.close() });
  };

  const statuses = (transfers: Transfer[]) => Object.fromEntries(transfers.map((tr) => [tr.id, tr.status]));

  it('settles the ruleset offers past their expiry on a page with one ask: accepted where the move came first, expired otherwise', async () => {
    const owner = t.newUser();
    const other = t.newUser();
    const [first, moved, last] = await staleRulesetOffers(owner, other, 3);
    const rulesets = await rulesetsRecording(new Set([moved]));
    try {
      const settled = { [first]: 'expired', [moved]: 'accepted', [last]: 'expired' };
      const received = await t.request(CatalogRpc.listMyTransfers, other.ctx, {});
      expect(statuses(received.transfers)).toEqual(settled);
      expect(rulesets.asks).toBe(1);
      // Stored so: the other side's list shows the same without asking again.
      const sent = await t.request(CatalogRpc.listMyTransfers, owner.ctx, { role: 'initiator' });
      expect(statuses(sent.transfers)).toEqual(settled);
      expect(rulesets.asks).toBe(1);
    } finally {
      await rulesets.stop();
    }
  });

  it('lists ruleset offers past their expiry as stored while the rulesets service does not answer, and settles them on a later read', async () => {
    const owner = t.newUser();
    const other = t.newUser();
    const [moved, expired] = await staleRulesetOffers(owner, other, 2);
    // Nothing answers for the rulesets service: each offer reads as its row says, pending past its expiry.
    const meanwhile = await t.request(CatalogRpc.listMyTransfers, other.ctx, {});
    expect(statuses(meanwhile.transfers)).toEqual({ [moved]: 'expired', [expired]: 'expired' });
    const rulesets = await rulesetsRecording(new Set([moved]));
    try {
      const later = await t.request(CatalogRpc.listMyTransfers, owner.ctx, {});
      expect(statuses(later.transfers)).toEqual({ [moved]: 'accepted', [expired]: 'expired' });
    } finally {
      await rulesets.stop();
    }
  });

  it('keeps transfer feedback of up to 4000 characters whole', async () => {
    const owner = t.newUser();
    const other = t.newUser();
    const policyId = await t.publishedPolicy(owner.id);
    const { transfer } = await offer(owner, policyId, { recipientEmail: other.email });
    const rejected = await t.request(CatalogRpc.rejectTransfer, other.ctx, {
      id: transfer.id,
      feedback: 'n'.repeat(4000),
    });
    expect(rejected.transfer.feedback).toHaveLength(4000);
  });
});
