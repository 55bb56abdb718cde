import { Inject, Injectable } from '@nestjs/common';
import type { MoveRulesetOwnershipRequest, RequestContext, RulesetOwnership } from '@pc/contracts';
import { conflict, notFound } from '@pc/platform';
import { DataSource } from 'typeorm';
import { requireUser } from '../common/caller';
import { RulesetAccess } from '../rulesets/ruleset-access';
import { RulesetsRepository } from '../rulesets/rulesets.repository';

/** Asked by the catalog, which owns transfers. */
@Injectable()
export class OwnershipService {
  constructor(
    private readonly rulesets: RulesetsRepository,
    private readonly access: RulesetAccess,
    @Inject(DataSource) private readonly dataSource: DataSource,
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
    await this.dataSource.transaction(async (db) => {
      const row = await this.rulesets.findById(request.rulesetId, db, true);
      if (!row) throw notFound('Ruleset');
      if (!(await this.rulesets.recordMove(db, request))) return;
      if (row.owner_id !== request.fromUserId) throw conflict('The ruleset changed hands since the offer');
      await this.rulesets.update(db, row.id, { owner_id: request.toUserId });
    });
    return { ok: true };
  }
}
