import { Injectable } from '@nestjs/common';
import { type Caller, isUser, type RequestContext } from '@pc/contracts';
import { Database, type Executor, forbidden, notFound } from '@pc/platform';
import type { RulesetRow } from './ruleset.row';
import { RulesetsRepository } from './rulesets.repository';

/** A ruleset published once is public; until then its owner and administrators see it. */
export function canSee(caller: Caller, row: RulesetRow): boolean {
  return row.published_at !== null || canEdit(caller, row);
}

/** Who edits a ruleset's documentation and links: its owner and administrators. */
export function canEdit(caller: Caller, row: RulesetRow): boolean {
  return isUser(caller) && (caller.isAdmin || caller.userId === row.owner_id);
}

/**
 * One the caller cannot see is a 404 (never a 403 that confirms it exists); one they cannot change a 403.
 * On the pool unless given a transaction's executor (`lock` then holds the row).
 */
@Injectable()
export class RulesetAccess {
  constructor(
    private readonly db: Database,
    private readonly rulesets: RulesetsRepository,
  ) {}

  async visible(
    ctx: RequestContext,
    id: string,
    db: Executor = this.db.pool,
    lock = false,
  ): Promise<RulesetRow> {
    const row = await this.rulesets.findById(db, id, lock);
    if (!row || !canSee(ctx.caller, row)) throw notFound('Ruleset');
    return row;
  }

  async editable(
    ctx: RequestContext,
    id: string,
    db: Executor = this.db.pool,
    lock = false,
  ): Promise<RulesetRow> {
    const row = await this.visible(ctx, id, db, lock);
    if (!canEdit(ctx.caller, row)) throw forbidden('Only the owner or an administrator may do this');
    return row;
  }

  async owned(ctx: RequestContext, id: string, db: Executor = this.db.pool): Promise<RulesetRow> {
    const row = await this.visible(ctx, id, db);
    if (!isUser(ctx.caller) || ctx.caller.userId !== row.owner_id)
      throw forbidden('Only the owner may do this');
    return row;
  }
}
