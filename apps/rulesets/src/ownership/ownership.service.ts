import { Injectable } from '@nestjs/common';
import type {
  EndRulesetTransferRequest,
  EndRulesetTransfersRequest,
  MoveRulesetOwnershipRequest,
  RequestContext,
  RulesetOwnership,
  RulesetTransferOutcome,
  RulesetTransferOutcomeResult,
  RulesetTransferOutcomesResult,
} from '@pc/contracts';
import { Database, DomainError, notFound } from '@pc/platform';
import { requireUser } from '../common/caller';
import { rulesetsError } from '../common/rulesets.errors';
import { RulesetAccess, RulesetWrites } from '../rulesets';
import { OwnershipRepository } from './ownership.repository';

/**
 * Asked by the catalog, which owns transfers. Per transfer id this service records what came first, the
 * ruleset's move or the catalog ending the transfer, and holds to it: the two services never disagree
 * on whether a transfer moved the ruleset, even when a move is carried out after the catalog stopped
 * waiting for it.
 */
@Injectable()
export class OwnershipService {
  constructor(
    private readonly rulesets: RulesetWrites,
    private readonly moves: OwnershipRepository,
    private readonly access: RulesetAccess,
    private readonly db: Database,
  ) {}

  /** Whose a ruleset is, for a caller who can see it (404 otherwise). */
  async get(ctx: RequestContext, id: string): Promise<RulesetOwnership> {
    requireUser(ctx);
    const row = await this.access.visible(ctx, id);
    return { id: row.id, name: row.name, ownerId: row.owner_id };
  }

  /**
   * Moves the ruleset to the recipient of an accepted transfer (the caller is that recipient). Idempotent
   * by transfer id: a repeated call after a lost reply changes nothing. 409 `RULESETS.TRANSFER_ENDED`
   * when the catalog ended the transfer first (how, in `extra.outcome`); 409 `RULESETS.OWNER_CHANGED`
   * when the ruleset changed hands since the offer, which ends the transfer here too (`cancelled`), so
   * that no later ask of it moves the ruleset, whoever has it by then.
   */
  async move(ctx: RequestContext, request: MoveRulesetOwnershipRequest): Promise<{ ok: true }> {
    const caller = requireUser(ctx);
    if (caller.userId !== request.toUserId) throw notFound('Ruleset');
    const refusal = await this.db.transaction(async (tx): Promise<DomainError | null> => {
      const row = await this.rulesets.lock(tx, request.rulesetId);
      const earlier = await this.moves.outcomeOf(tx, request.transferId);
      if (earlier === 'moved') return null;
      if (earlier) return transferEnded(earlier);
      if (row.owner_id !== request.fromUserId) {
        const ended = await this.moves.record(tx, request, 'cancelled');
        if (ended !== 'cancelled') return transferEnded(ended);
        return rulesetsError('RULESETS.OWNER_CHANGED', 'The ruleset changed hands since the offer');
      }
      // An end recorded since the read above (it does not wait for the ruleset's row) stands.
      const outcome = await this.moves.record(tx, request, 'moved');
      if (outcome !== 'moved') return transferEnded(outcome);
      await this.rulesets.update(tx, row.id, { owner_id: request.toUserId });
      return null;
    });
    if (refusal) throw refusal;
    return { ok: true };
  }

  /**
   * The catalog cancels, rejects or expires a transfer (the caller is whoever it acts for): recorded
   * unless the move was recorded first, and answered with what was. It never waits for the ruleset's
   * row, which a move waiting behind another write holds; a move asked afterwards is refused. Idempotent:
   * a repeated or different ending answers the first outcome.
   */
  async end(ctx: RequestContext, request: EndRulesetTransferRequest): Promise<RulesetTransferOutcomeResult> {
    requireUser(ctx);
    const { outcome, ...transfer } = request;
    return { outcome: await this.moves.record(this.db.pool, transfer, outcome) };
  }

  /**
   * `end` for several transfers in one ask (the catalog settling a page of offers past their expiry):
   * each recorded unless its move was recorded first, answered with what was, in the order asked.
   */
  async endMany(
    ctx: RequestContext,
    request: EndRulesetTransfersRequest,
  ): Promise<RulesetTransferOutcomesResult> {
    requireUser(ctx);
    return { outcomes: await this.moves.recordEndings(this.db.pool, request.transfers) };
  }
}

/** The refusal of a move the catalog ended first (`outcome`: how). */
function transferEnded(outcome: RulesetTransferOutcome): DomainError {
  return new DomainError(
    'RULESETS.TRANSFER_ENDED',
    `The transfer was ${outcome} before the ruleset moved`,
    undefined,
    undefined,
    { outcome },
  );
}
