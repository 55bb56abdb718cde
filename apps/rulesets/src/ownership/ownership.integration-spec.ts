import { randomUUID } from 'node:crypto';
import { RulesetOwnershipRpc, RulesetsRpc } from '@pc/contracts';
import { toRpcError } from '@pc/platform';
import { waitFor } from '@pc/testing';
import { Client } from 'pg';
import { codeOf, errorOf, rulesetsUnderTest, type TestUser } from '../testing/rulesets-under-test';

/**
 * Whose a ruleset is, its move when the catalog carries out a transfer, and the end of a transfer the
 * catalog cancels, rejects or expires, through the bus contract (in process).
 */
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
    // That refusal ends the stale transfer: once the ruleset is the initiator's again, it still moves nothing.
    const back = { transferId: randomUUID(), rulesetId, fromUserId: recipient.id, toUserId: owner.id };
    expect(await h.request(RulesetOwnershipRpc.move, owner.ctx, back)).toEqual({ ok: true });
    expect(await errorOf(h.request(RulesetOwnershipRpc.move, recipient.ctx, stale))).toMatchObject({
      code: 'RULESETS.TRANSFER_ENDED',
      extra: { outcome: 'cancelled' },
    });
    expect(await ownerOf(rulesetId)).toBe(owner.id);
  });

  it('holds to what came first per transfer: an end after the move answers moved, a move after an end is refused', async () => {
    const { rulesetId } = await h.published(owner);
    const moved = { transferId: randomUUID(), rulesetId, fromUserId: owner.id, toUserId: recipient.id };
    expect(await h.request(RulesetOwnershipRpc.move, recipient.ctx, moved)).toEqual({ ok: true });
    for (const outcome of ['cancelled', 'rejected', 'expired'] as const)
      expect(await h.request(RulesetOwnershipRpc.end, owner.ctx, { ...moved, outcome })).toEqual({
        outcome: 'moved',
      });
    expect(await ownerOf(rulesetId)).toBe(recipient.id);

    const ended = { transferId: randomUUID(), rulesetId, fromUserId: recipient.id, toUserId: owner.id };
    expect(await h.request(RulesetOwnershipRpc.end, owner.ctx, { ...ended, outcome: 'rejected' })).toEqual({
      outcome: 'rejected',
    });
    // A repeated or other ending answers the first; the move is refused, saying how the transfer ended.
    expect(
      await h.request(RulesetOwnershipRpc.end, recipient.ctx, { ...ended, outcome: 'cancelled' }),
    ).toEqual({ outcome: 'rejected' });
    for (let i = 0; i < 2; i++)
      expect(await errorOf(h.request(RulesetOwnershipRpc.move, owner.ctx, ended))).toMatchObject({
        code: 'RULESETS.TRANSFER_ENDED',
        extra: { outcome: 'rejected' },
      });
    expect(await ownerOf(rulesetId)).toBe(recipient.id);
  });

  it('ends several transfers in one ask, each answered with what came first for it', async () => {
    const { rulesetId } = await h.published(owner);
    const transfer = () => ({
      transferId: randomUUID(),
      rulesetId,
      fromUserId: owner.id,
      toUserId: recipient.id,
    });
    const [moved, rejected, expired] = [transfer(), transfer(), transfer()];
    expect(await h.request(RulesetOwnershipRpc.move, recipient.ctx, moved)).toEqual({ ok: true });
    await h.request(RulesetOwnershipRpc.end, recipient.ctx, { ...rejected, outcome: 'rejected' });
    const endMany = () =>
      h.request(RulesetOwnershipRpc.endMany, owner.ctx, {
        transfers: [expired, moved, rejected].map((t) => ({ ...t, outcome: 'expired' as const })),
      });
    const answered = {
      outcomes: [
        { transferId: expired.transferId, outcome: 'expired' },
        { transferId: moved.transferId, outcome: 'moved' },
        { transferId: rejected.transferId, outcome: 'rejected' },
      ],
    };
    expect(await endMany()).toEqual(answered);
    // Asked again (a later read), the same; the transfer it ended can no longer move the ruleset.
    expect(await endMany()).toEqual(answered);
    expect(await errorOf(h.request(RulesetOwnershipRpc.move, recipient.ctx, expired))).toMatchObject({
      code: 'RULESETS.TRANSFER_ENDED',
      extra: { outcome: 'expired' },
    });
    expect(await ownerOf(rulesetId)).toBe(recipient.id);
  });

  it("ends a transfer at once while its move waits for the ruleset's row, and the move is then refused", async () => {
    const { rulesetId } = await h.published(owner);
    const transfer = { transferId: randomUUID(), rulesetId, fromUserId: owner.id, toUserId: recipient.id };
    // Another write holds the ruleset's row, so the move of an accept waits behind it (as the catalog's
    // accept stops waiting for it).
    const holder = new Client({ connectionString: h.db.url });
    await holder.connect();
    let move: Promise<string>;
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM rulesets.rulesets WHERE id = $1 FOR UPDATE', [rulesetId]);
      move = h.request(RulesetOwnershipRpc.move, recipient.ctx, transfer).then(
        () => 'moved',
        (error: { payload: { code: string; extra?: { outcome?: string } } }) =>
          `${error.payload.code} ${error.payload.extra?.outcome}`,
      );
      await waitFor(async () => (await lockWaiters(holder)) > 0, 10_000, 'the move to wait');
      // Meanwhile the initiator cancels: recorded without waiting for the row.
      expect(
        await h.request(RulesetOwnershipRpc.end, owner.ctx, { ...transfer, outcome: 'cancelled' }),
      ).toEqual({ outcome: 'cancelled' });
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
    }
    expect(await move).toBe('RULESETS.TRANSFER_ENDED cancelled');
    expect(await ownerOf(rulesetId)).toBe(owner.id);
  });

  // A rulesets replica of the release before transfer ends, still running during the rolling release.
  it("refuses an old replica's move of a transfer already ended, so the catalog's accept fails and the ruleset stays", async () => {
    const { rulesetId } = await h.published(owner);
    const ended = { transferId: randomUUID(), rulesetId, fromUserId: owner.id, toUserId: recipient.id };
    await h.request(RulesetOwnershipRpc.end, owner.ctx, { ...ended, outcome: 'rejected' });
    // It took the end's row for its move done and answered ok; now the move fails and answers 503.
    expect(await oldReplicaMove(ended)).toEqual({ code: 'SERVICE_UNAVAILABLE' });
    expect(await ownerOf(rulesetId)).toBe(owner.id);
    expect(await errorOf(h.request(RulesetOwnershipRpc.move, recipient.ctx, ended))).toMatchObject({
      code: 'RULESETS.TRANSFER_ENDED',
      extra: { outcome: 'rejected' },
    });

    // A transfer with nothing recorded still moves, recorded as moved, and a repeated move is ok.
    const moved = { transferId: randomUUID(), rulesetId, fromUserId: owner.id, toUserId: recipient.id };
    expect(await oldReplicaMove(moved)).toEqual({ ok: true });
    expect(await oldReplicaMove(moved)).toEqual({ ok: true });
    expect(await ownerOf(rulesetId)).toBe(recipient.id);
    expect(await h.request(RulesetOwnershipRpc.end, owner.ctx, { ...moved, outcome: 'cancelled' })).toEqual({
      outcome: 'moved',
    });
  });

  it("refuses an old replica's move while an end of the transfer is being recorded, once it is", async () => {
    const { rulesetId } = await h.published(owner);
    const transfer = { transferId: randomUUID(), rulesetId, fromUserId: owner.id, toUserId: recipient.id };
    const ending = new Client({ connectionString: h.db.url });
    await ending.connect();
    let move: Promise<OldMoveAnswer>;
    try {
      // The end's insert as this release makes it, not yet committed when the old move checks.
      await ending.query('BEGIN');
      await ending.query(
        `INSERT INTO rulesets.ownership_moves (transfer_id, ruleset_id, from_user_id, to_user_id, outcome)
         VALUES ($1, $2, $3, $4, 'expired') ON CONFLICT (transfer_id) DO NOTHING RETURNING outcome`,
        [transfer.transferId, rulesetId, owner.id, recipient.id],
      );
      move = oldReplicaMove(transfer);
      await waitFor(async () => (await lockWaiters(ending)) > 0, 10_000, 'the old move to wait');
      await ending.query('COMMIT');
    } finally {
      await ending.end();
    }
    expect(await move).toEqual({ code: 'SERVICE_UNAVAILABLE' });
    expect(await ownerOf(rulesetId)).toBe(owner.id);
  });

  type OldMoveAnswer = { ok: true } | { code: string };

  /**
   * A move as a rulesets replica of the release before transfer ends carries it out (its SQL as it was:
   * the ruleset's row held, the move recorded once with no outcome, "nothing inserted" taken as done),
   * answered as its RPC filter answers.
   */
  async function oldReplicaMove(transfer: {
    transferId: string;
    rulesetId: string;
    fromUserId: string;
    toUserId: string;
  }): Promise<OldMoveAnswer> {
    const pg = new Client({ connectionString: h.db.url });
    await pg.connect();
    try {
      await pg.query('BEGIN');
      const { rows } = await pg.query<{ owner_id: string }>(
        `SELECT owner_id FROM rulesets.rulesets WHERE id = $1 FOR UPDATE`,
        [transfer.rulesetId],
      );
      const recorded = await pg.query(
        `INSERT INTO rulesets.ownership_moves (transfer_id, ruleset_id, from_user_id, to_user_id)
       VALUES ($1, $2, $3, $4) ON CONFLICT (transfer_id) DO NOTHING RETURNING 1`,
        [transfer.transferId, transfer.rulesetId, transfer.fromUserId, transfer.toUserId],
      );
      if (recorded.rows.length > 0) {
        if (rows[0].owner_id !== transfer.fromUserId) throw new Error('RULESETS.OWNER_CHANGED');
        await pg.query(`UPDATE rulesets.rulesets SET owner_id = $2 WHERE id = $1`, [
          transfer.rulesetId,
          transfer.toUserId,
        ]);
      }
      await pg.query('COMMIT');
      return { ok: true };
    } catch (error) {
      await pg.query('ROLLBACK');
      return { code: toRpcError(error).code };
    } finally {
      await pg.end();
    }
  }

  const ownerOf = async (rulesetId: string) =>
    (await h.request(RulesetsRpc.get, owner.ctx, { id: rulesetId })).ruleset.owner_id;

  const lockWaiters = async (pg: Client) => {
    // Inside a transaction the activity read is a snapshot taken at its first read unless cleared.
    await pg.query('SELECT pg_stat_clear_snapshot()');
    return (
      await pg.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      )
    ).rows[0].n;
  };
});
