import { Inject, Injectable } from '@nestjs/common';
import {
  CatalogEvents,
  type CreateTransferRequest,
  type MoveRulesetOwnershipRequest,
  type PageInfo,
  type PageRequest,
  type RequestContext,
  RULESET_TRANSFER_ENDINGS,
  RulesetOwnershipRpc,
  type RulesetTransferEnding,
  type RulesetWithdrawnEvent,
  type Transfer,
  type TransferAcceptResult,
  type TransferDecisionRequest,
  type TransferRole,
  TRANSFERS_LIMIT,
  type UserCaller,
} from '@pc/contracts';
import {
  BusClient,
  createLogger,
  Database,
  DomainError,
  type Executor,
  forbidden,
  notFound,
  RemoteError,
  unprocessable,
} from '@pc/platform';
import { CatalogEnv } from '../catalog.env';
import { isUniqueViolation, requireUser } from '../common/caller';
import { decodeKeyset, pageOf } from '../common/paging';
import { PolicyHistory } from '../history';
import { Outbox, UsersDirectory } from '@pc/listings';
import { PolicyAccess, PolicyRecords } from '../policies';
import { RevisionsService } from '../revisions';
import { toTransfer } from './transfer.mapper';
import { type TransferRow, TransfersRepository } from './transfers.repository';
import { catalogError } from '../common/catalog.errors';

const log = createLogger('catalog');

/** Why the transfers of a ruleset that was withdrawn, and is gone, end. */
const RULESET_WITHDRAWN_WHY = 'the ruleset was withdrawn before it was published';
/** The feedback on those transfers. */
const RULESET_WITHDRAWN = `Cancelled: ${RULESET_WITHDRAWN_WHY}`;

/** The rulesets service no longer has the ruleset a transfer being accepted would move. */
class RulesetGone extends Error {
  constructor(readonly rulesetId: string) {
    super(`Ruleset ${rulesetId} is gone`);
  }
}

/** Why a transfer of a ruleset that is no longer its initiator's ends (its feedback adds `Cancelled: `). */
const RULESET_CHANGED_HANDS_WHY = 'the ruleset changed hands since it was offered';

/**
 * The rulesets service refused to move the ruleset of a transfer being accepted: it is no longer the
 * initiator's (`RULESETS.OWNER_CHANGED`), so the offer can never be carried out.
 */
class RulesetChangedHands extends Error {
  constructor(readonly transferId: string) {
    super(`The ruleset of transfer ${transferId} changed hands`);
  }
}

/**
 * The rulesets service refused to move the ruleset of a transfer being accepted: it ended the transfer
 * first (`RULESETS.TRANSFER_ENDED`), as a cancel, reject or expiry the catalog did not commit left it
 * (the catalog stopped waiting for its answer). The transfer takes that ending.
 */
class RulesetTransferEnded extends Error {
  constructor(
    readonly transferId: string,
    readonly outcome: RulesetTransferEnding,
  ) {
    super(`Transfer ${transferId} was ${outcome}`);
  }
}

/** A decision asked of a transfer: taken by this call, settled by it past the offer's expiry, or taken before. */
interface Decided {
  row: TransferRow;
  by: 'this' | 'expiry' | 'earlier';
}

/** The feedback on a previous owner's pending revisions, rejected when the policy changes hands. */
const WITHDRAWN = 'Withdrawn: the policy was transferred to a new owner before this revision was reviewed';

/** Offering a policy to another user, who accepts or rejects; the initiator may cancel. */
@Injectable()
export class TransfersService {
  constructor(
    private readonly db: Database,
    private readonly transfers: TransfersRepository,
    private readonly policies: PolicyRecords,
    private readonly access: PolicyAccess,
    private readonly history: PolicyHistory,
    private readonly revisions: RevisionsService,
    private readonly users: UsersDirectory,
    private readonly bus: BusClient,
    @Inject(CatalogEnv) private readonly env: CatalogEnv,
    private readonly outbox: Outbox,
  ) {}

  /**
   * The caller offers a resource they own. Policies are the catalog's; a ruleset belongs to the rulesets
   * service, which is asked whose it is (404 when the caller cannot see it) before the offer is recorded,
   * and again as it is recorded, under the ruleset's lock that the end of a withdrawn ruleset's transfers
   * takes too (`rulesetWithdrawn`): a ruleset withdrawn meanwhile is refused (404), or its withdrawal's
   * event, handled after this offer commits, cancels it. Never an offer left pending for a ruleset gone.
   * A previous offer of the ruleset past its expiry is settled before (`settleExpired`), so whose the
   * ruleset is then is asked after any move of it is either carried out or refused for good.
   */
  async offer(
    ctx: RequestContext,
    request: CreateTransferRequest,
  ): Promise<{ transfer: { id: string; to_user_id: string } }> {
    const caller = requireUser(ctx);
    const resource = await this.ownedResource(ctx, caller, request);
    const key = request.recipientUsername ?? request.recipientEmail;
    if (!key)
      throw catalogError('CATALOG.TRANSFER_RECIPIENT_INVALID', 'Name a recipient', [
        { field: 'recipientUsername', message: 'or recipientEmail is required' },
      ]);
    const recipient = await this.users.resolve(ctx, key);
    if (!recipient) throw notFound('Recipient');
    if (recipient.id === caller.userId) {
      throw catalogError('CATALOG.TRANSFER_RECIPIENT_INVALID', 'You cannot transfer to yourself', [
        { field: 'recipient', message: 'is you' },
      ]);
    }
    try {
      const row = await this.db.transaction(async (db) => {
        if (resource.type === 'ruleset') {
          await this.transfers.lockResource(db, 'ruleset', resource.id);
          // An offer past its expiry ends on both sides first: its move may have been carried out.
          for (const stale of await this.transfers.stalePendingOf(db, 'ruleset', resource.id))
            await this.settleExpired(ctx, db, stale);
          await this.ownedResource(ctx, caller, request);
        }
        await this.transfers.expireStale(db, resource.type, resource.id);
        const inserted = await this.transfers.insert(
          db,
          {
            resource_type: resource.type,
            resource_id: resource.id,
            resource_name: resource.name,
            from_user_id: caller.userId,
            to_user_id: recipient.id,
            recipient_key: request.recipientUsername !== undefined ? 'username' : 'email',
          },
          this.env.TRANSFER_EXPIRY_DAYS,
        );
        if (resource.type === 'policy') {
          await this.history.record(db, resource.id, caller.userId, 'transfer_offered', {
            transferId: inserted.id,
            toUserId: recipient.id,
          });
        }
        await this.outbox.addEvent(db, CatalogEvents.transferOffered, {
          transfer_id: inserted.id,
          resource_type: resource.type,
          resource_id: resource.id,
          resource_name: resource.name,
          from_user_id: caller.userId,
          to_user_id: recipient.id,
          expires_at: inserted.expires_at.toISOString(),
        });
        return inserted;
      });
      this.outbox.kick();
      return { transfer: { id: row.id, to_user_id: row.to_user_id } };
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw catalogError(
          'CATALOG.TRANSFER_PENDING',
          `A transfer of this ${resource.type} is already pending`,
        );
      }
      throw error;
    }
  }

  private async ownedResource(
    ctx: RequestContext,
    caller: UserCaller,
    request: CreateTransferRequest,
  ): Promise<{ type: 'policy' | 'ruleset'; id: string; name: string }> {
    if (request.resourceType === 'ruleset') {
      const ruleset = await this.bus.request(RulesetOwnershipRpc.get, ctx, { id: request.resourceId });
      if (ruleset.ownerId !== caller.userId) throw forbidden('Only the owner may do this');
      return { type: 'ruleset', id: ruleset.id, name: ruleset.name };
    }
    if (request.resourceType !== 'policy') throw unprocessable('Only policies and rulesets can be offered');
    const policy = await this.access.owned(ctx, request.resourceId);
    return { type: 'policy', id: policy.id, name: policy.name };
  }

  /**
   * Ownership moves in the transaction that accepts; a ruleset is moved by the rulesets service. A ruleset
   * it no longer has (withdrawn, its event not handled yet or lost) ends the transfer: cancelled with why,
   * and the accept is a 409, never a 404 that leaves the offer pending. So does a ruleset that is no longer
   * the initiator's (it changed hands since the offer): the move is refused and nothing moves on either
   * side, and an offer left pending could never be accepted. And so does a transfer the rulesets service
   * saw end first (a cancel, reject or expiry whose answer the catalog stopped waiting for): it takes that
   * ending. An accept past the offer's expiry succeeds only when the ruleset already moved for it (an
   * earlier accept whose move was carried out after the catalog stopped waiting for it): 409 otherwise.
   */
  async accept(ctx: RequestContext, request: TransferDecisionRequest): Promise<TransferAcceptResult> {
    const caller = requireUser(ctx);
    const result = await this.db
      .transaction(async (db) => {
        const decision = await this.decideOrSettle(
          ctx,
          db,
          caller,
          request.id,
          'to_user_id',
          'accepted',
          null,
        );
        if (decision.by !== 'this') return decision;
        const decided = decision.row;
        if (decided.resource_type === 'policy') {
          await this.policies.update(db, decided.resource_id, { owner_id: decided.to_user_id });
          const withdrawn = await this.revisions.withdrawPending(db, decided.resource_id, WITHDRAWN);
          if (withdrawn.length > 0) {
            await this.history.record(db, decided.resource_id, caller.userId, 'revisions_withdrawn', {
              revisionIds: withdrawn.map((r) => r.id),
              fields: withdrawn.map((r) => r.field),
            });
          }
          await this.history.record(db, decided.resource_id, caller.userId, 'transferred', {
            transferId: decided.id,
            fromUserId: decided.from_user_id,
            toUserId: decided.to_user_id,
          });
        } else if (decided.resource_type === 'ruleset') {
          await this.moveRuleset(ctx, decided);
        }
        return decision;
      })
      .catch((error: unknown) => this.cancelledIfUnmovable(caller, error));
    const row = answered(result, 'accepted');
    return {
      transfer: await this.present(ctx, caller, row),
      resourceType: row.resource_type,
      resourceId: row.resource_id,
    };
  }

  /**
   * The rulesets service moves the ruleset (idempotent by transfer id); `RulesetGone` when it has none,
   * `RulesetChangedHands` when it is no longer the initiator's, `RulesetTransferEnded` when it saw the
   * transfer end first.
   */
  private async moveRuleset(ctx: RequestContext, transfer: TransferRow): Promise<void> {
    try {
      await this.bus.request(RulesetOwnershipRpc.move, ctx, rulesetTransfer(transfer));
    } catch (error) {
      if (error instanceof RemoteError && error.payload.code === 'NOT_FOUND')
        throw new RulesetGone(transfer.resource_id);
      if (error instanceof RemoteError && error.payload.code === 'RULESETS.OWNER_CHANGED')
        throw new RulesetChangedHands(transfer.id);
      const ended = error instanceof RemoteError ? error.payload.extra?.outcome : undefined;
      if (
        error instanceof RemoteError &&
        error.payload.code === 'RULESETS.TRANSFER_ENDED' &&
        RULESET_TRANSFER_ENDINGS.includes(ended as RulesetTransferEnding)
      )
        throw new RulesetTransferEnded(transfer.id, ended as RulesetTransferEnding);
      throw error;
    }
  }

  /**
   * The rulesets service ends a ruleset transfer the catalog is deciding, in the catalog's transaction,
   * unless it moved the ruleset for it first; what it recorded first, as the transfer's status. Whatever
   * it answers, a move of that transfer asked afterwards does what it says (refused, or done already).
   */
  private async endRulesetTransfer(
    ctx: RequestContext,
    transfer: TransferRow,
    ending: RulesetTransferEnding,
  ): Promise<'accepted' | RulesetTransferEnding> {
    const { outcome } = await this.bus.request(RulesetOwnershipRpc.end, ctx, {
      ...rulesetTransfer(transfer),
      outcome: ending,
    });
    return outcome === 'moved' ? 'accepted' : outcome;
  }

  /**
   * A pending ruleset transfer past its expiry, settled with the rulesets service in `db`'s transaction:
   * expired, or accepted when the move of an accept the catalog stopped waiting for was carried out
   * (or another ending the rulesets service saw first). Never shown expired while the ruleset moved.
   */
  private async settleExpired(ctx: RequestContext, db: Executor, row: TransferRow): Promise<TransferRow> {
    const outcome = await this.endRulesetTransfer(ctx, row, 'expired');
    const settled = await this.transfers.settle(db, row.id, 'pending', outcome);
    return settled ?? (await this.transfers.findById(db, row.id)) ?? row;
  }

  /**
   * An accept whose ruleset could not move (rolled back: nothing moved) ends the offer, cancelled with why,
   * and answers 409 saying so: a ruleset gone ends all its transfers, one that changed hands this one (if
   * it is still pending). One the rulesets service saw end first takes that ending (409 saying it).
   */
  private async cancelledIfUnmovable(caller: UserCaller, error: unknown): Promise<never> {
    if (error instanceof RulesetTransferEnded) {
      const row =
        (await this.transfers.settle(this.db.pool, error.transferId, 'pending', error.outcome)) ??
        (await this.transfers.findById(this.db.pool, error.transferId));
      if (row) throw explained(row);
    }
    if (error instanceof RulesetGone) {
      await this.endTransfersOf(error.rulesetId);
      throw catalogError('CATALOG.TRANSFER_DECIDED', `The transfer was cancelled: ${RULESET_WITHDRAWN_WHY}`);
    }
    if (error instanceof RulesetChangedHands) {
      await this.transfers.decide(
        this.db.pool,
        error.transferId,
        { column: 'to_user_id', userId: caller.userId },
        'cancelled',
        `Cancelled: ${RULESET_CHANGED_HANDS_WHY}`,
      );
      throw catalogError(
        'CATALOG.TRANSFER_DECIDED',
        `The transfer was cancelled: ${RULESET_CHANGED_HANDS_WHY}, so it is no longer the initiator's to give`,
      );
    }
    throw error;
  }

  /**
   * The recipient declines. A ruleset's transfer ends on the rulesets service's side too, in the same
   * transaction; if it already moved the ruleset (an accept the catalog stopped waiting for), the
   * transfer is accepted instead and the reject answers 409 saying so.
   */
  async reject(ctx: RequestContext, request: TransferDecisionRequest): Promise<{ transfer: Transfer }> {
    const caller = requireUser(ctx);
    const result = await this.db.transaction((db) =>
      this.decideOrSettle(ctx, db, caller, request.id, 'to_user_id', 'rejected', request.feedback ?? null),
    );
    return { transfer: await this.present(ctx, caller, answered(result, 'rejected')) };
  }

  /** The initiator withdraws the offer; a ruleset's as `reject` says. */
  async cancel(ctx: RequestContext, request: TransferDecisionRequest): Promise<{ transfer: Transfer }> {
    const caller = requireUser(ctx);
    const result = await this.db.transaction((db) =>
      this.decideOrSettle(ctx, db, caller, request.id, 'from_user_id', 'cancelled', null),
    );
    return { transfer: await this.present(ctx, caller, answered(result, 'cancelled')) };
  }

  /**
   * A ruleset withdrawn before it was ever published is gone (the rulesets service's `withdrawn` event,
   * redelivered until handled): its pending transfers end, cancelled, so that neither side keeps an offer
   * that can never be accepted. Handling it again changes nothing.
   */
  async rulesetWithdrawn(event: RulesetWithdrawnEvent): Promise<void> {
    await this.endTransfersOf(event.ruleset_id);
  }

  /** Cancels the pending transfers of a ruleset gone, after any offer of it being recorded (`offer`). */
  private endTransfersOf(rulesetId: string): Promise<void> {
    return this.db.transaction(async (db) => {
      await this.transfers.lockResource(db, 'ruleset', rulesetId);
      await this.transfers.cancelPendingOf(db, 'ruleset', rulesetId, RULESET_WITHDRAWN);
    });
  }

  /**
   * The caller's transfers, newest first, one page: at most `limit` and at most the reply budget. The
   * page's pending ruleset transfers past their expiry are settled first (`settleExpiredOf`), so they show
   * what the rulesets service holds: expired, or accepted when the move was carried out.
   */
  async listMine(
    ctx: RequestContext,
    request: { role?: TransferRole } & PageRequest,
  ): Promise<{ transfers: Transfer[] } & PageInfo> {
    const caller = requireUser(ctx);
    const limit = Math.min(request.limit ?? TRANSFERS_LIMIT.default, TRANSFERS_LIMIT.max);
    const rows = await this.transfers.listFor(
      this.db.pool,
      caller.userId,
      request.role,
      limit,
      decodeKeyset(request.cursor, 'transfers'),
    );
    const page = await pageOf(rows, limit, 'transfers', async (head) => {
      const settled = await this.settleExpiredOf(ctx, head);
      const counterparty = (r: TransferRow) =>
        r.to_user_id === caller.userId ? r.from_user_id : r.to_user_id;
      const others = await this.users.findMany(ctx, settled.map(counterparty));
      return settled.map((r) => toTransfer(r, caller.userId, others.get(counterparty(r))));
    });
    return { transfers: page.items, hasMore: page.hasMore, nextCursor: page.nextCursor };
  }

  /**
   * `rows` with their pending ruleset transfers past their expiry settled as `settleExpired` settles one,
   * in one ask of the rulesets service whatever their number (a page: at most `TRANSFERS_LIMIT.max`, the
   * most that ask takes). A read does not fail for them: while the rulesets service does not answer, they
   * are shown as stored (pending past its expiry, which reads `expired`) and settled by a later read, a
   * decision on them or a new offer of the ruleset.
   */
  private async settleExpiredOf(ctx: RequestContext, rows: TransferRow[]): Promise<TransferRow[]> {
    const now = Date.now();
    const stale = rows.filter(
      (r) => r.resource_type === 'ruleset' && r.status === 'pending' && r.expires_at.getTime() <= now,
    );
    if (stale.length === 0) return rows;
    const outcomes = await this.bus
      .request(RulesetOwnershipRpc.endMany, ctx, {
        transfers: stale.map((r) => ({ ...rulesetTransfer(r), outcome: 'expired' })),
      })
      .then(
        (answer) => answer.outcomes,
        (error: unknown) => {
          if (!(error instanceof RemoteError)) throw error;
          log.warn(
            { code: error.payload.code, transfers: stale.length },
            'ruleset offers past their expiry shown as stored: the rulesets service did not settle them',
          );
          return null;
        },
      );
    if (!outcomes) return rows;
    const settlements = outcomes.map(({ transferId, outcome }) => ({
      id: transferId,
      status: outcome === 'moved' ? ('accepted' as const) : outcome,
    }));
    const settled = new Map(
      (await this.transfers.settleMany(this.db.pool, settlements)).map((r) => [r.id, r]),
    );
    const decidedMeanwhile = stale.filter((r) => !settled.has(r.id)).map((r) => r.id);
    if (decidedMeanwhile.length > 0)
      for (const r of await this.transfers.findByIds(this.db.pool, decidedMeanwhile)) settled.set(r.id, r);
    return rows.map((r) => settled.get(r.id) ?? r);
  }

  /**
   * Who may decide is part of the arbiter. A ruleset transfer rejected or cancelled here ends on the
   * rulesets service's side in the same transaction, and takes what it recorded first (accepted, when
   * it moved the ruleset). When nothing was decided: 404 or 403, else the transfer as it is (the caller
   * says why, `explained`), a ruleset's past its expiry settled first (`settleExpired`).
   */
  private async decideOrSettle(
    ctx: RequestContext,
    db: Executor,
    caller: UserCaller,
    id: string,
    column: 'from_user_id' | 'to_user_id',
    status: 'accepted' | 'rejected' | 'cancelled',
    feedback: string | null,
  ): Promise<Decided> {
    const decided = await this.transfers.decide(db, id, { column, userId: caller.userId }, status, feedback);
    if (decided) {
      if (decided.resource_type !== 'ruleset' || status === 'accepted') return { row: decided, by: 'this' };
      const outcome = await this.endRulesetTransfer(ctx, decided, status);
      if (outcome === status) return { row: decided, by: 'this' };
      const overruled = await this.transfers.settle(db, decided.id, status, outcome);
      return { row: overruled ?? decided, by: 'this' };
    }
    const existing = await this.transfers.findById(db, id);
    if (!existing || (existing.from_user_id !== caller.userId && existing.to_user_id !== caller.userId)) {
      throw notFound('Transfer');
    }
    if (existing[column] !== caller.userId) {
      throw new DomainError(
        'FORBIDDEN',
        column === 'to_user_id' ? 'Only the recipient may do this' : 'Only the initiator may cancel',
      );
    }
    if (existing.status === 'pending' && existing.resource_type === 'ruleset')
      return { row: await this.settleExpired(ctx, db, existing), by: 'expiry' };
    return { row: existing, by: 'earlier' };
  }

  private async present(ctx: RequestContext, caller: UserCaller, row: TransferRow): Promise<Transfer> {
    const otherId = row.to_user_id === caller.userId ? row.from_user_id : row.to_user_id;
    const others = await this.users.findMany(ctx, [otherId]);
    return toTransfer(row, caller.userId, others.get(otherId));
  }
}

/** The transfer as the rulesets service is told of it, to move the ruleset or end the transfer there. */
function rulesetTransfer(transfer: TransferRow): MoveRulesetOwnershipRequest {
  return {
    transferId: transfer.id,
    rulesetId: transfer.resource_id,
    fromUserId: transfer.from_user_id,
    toUserId: transfer.to_user_id,
  };
}

/**
 * The transfer as `wanted` made it, or the 409 saying why not: it was decided before, it expired, or the
 * rulesets service saw a ruleset transfer end otherwise first (accepted, when it moved the ruleset).
 */
function answered(decided: Decided, wanted: 'accepted' | 'rejected' | 'cancelled'): TransferRow {
  if (decided.by !== 'earlier' && decided.row.status === wanted) return decided.row;
  throw explained(decided.row);
}

/** Why a transfer is not open to a decision: 409 expired (pending past its expiry too) or decided. */
function explained(row: TransferRow): DomainError {
  if (row.status === 'pending' || row.status === 'expired')
    return catalogError('CATALOG.TRANSFER_EXPIRED', 'The transfer has expired');
  if (row.status === 'accepted' && row.resource_type === 'ruleset')
    return catalogError(
      'CATALOG.TRANSFER_DECIDED',
      'The transfer was already accepted: the ruleset moved to the recipient',
    );
  return catalogError('CATALOG.TRANSFER_DECIDED', `The transfer was already ${row.status}`);
}
