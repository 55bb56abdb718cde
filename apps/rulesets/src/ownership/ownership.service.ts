import { Injectable } from '@nestjs/common';
import type { MoveRulesetOwnershipRequest, RequestContext, RulesetOwnership } from '@pc/contracts';
import { Database, notFound } from '@pc/platform';
import { requireUser } from '../common/caller';
import { rulesetsError } from '../common/rulesets.errors';
import { RulesetAccess, RulesetWrites } from '../rulesets';
import { OwnershipRepository } from './ownership.repository';

/** Asked by the catalog, which owns transfers. */
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
   * by transfer id: a repeated call after a lost reply changes nothing. 409 when the ruleset changed
   * hands since the offer.
   */
  async move(ctx: RequestContext, request: MoveRulesetOwnershipRequest): Promise<{ ok: true }> {
    const caller = requireUser(ctx);
    if (caller.userId !== request.toUserId) throw notFound('Ruleset');
    await this.db.transaction(async (tx) => {
      const row = await this.rulesets.lock(tx, request.rulesetId);
      if (!(await this.moves.recordMove(tx, request))) return;
      if (row.owner_id !== request.fromUserId)
        throw rulesetsError('RULESETS.OWNER_CHANGED', 'The ruleset changed hands since the offer');
      await this.rulesets.update(tx, row.id, { owner_id: request.toUserId });
    });
    return { ok: true };
  }
}
