import { Injectable } from '@nestjs/common';
import { type Caller, isUser, type RequestContext } from '@pc/contracts';
import { Database, type Executor, forbidden, notFound } from '@pc/platform';
import type { PolicyRow } from './policy.row';
import { PoliciesRepository } from './policies.repository';

/** Published policies are visible to everyone; the others to their owner and administrators. */
export function canSee(caller: Caller, row: PolicyRow): boolean {
  return row.status === 'published' || (isUser(caller) && (caller.isAdmin || caller.userId === row.owner_id));
}

/**
 * Finds policies for a caller: one the caller cannot see is a 404 (never a 403 that confirms it exists);
 * one the caller can see but not change is a 403.
 */
@Injectable()
export class PolicyAccess {
  constructor(
    private readonly db: Database,
    private readonly policies: PoliciesRepository,
  ) {}

  /** On the pool unless given a transaction's executor (`lock` then holds the row). */

  async visible(
    ctx: RequestContext,
    id: string,
    db: Executor = this.db.pool,
    lock = false,
  ): Promise<PolicyRow> {
    const row = await this.policies.findById(db, id, lock);
    if (!row || !canSee(ctx.caller, row)) throw notFound('Policy');
    return row;
  }

  async owned(
    ctx: RequestContext,
    id: string,
    db: Executor = this.db.pool,
    lock = false,
  ): Promise<PolicyRow> {
    const row = await this.visible(ctx, id, db, lock);
    if (!isUser(ctx.caller) || ctx.caller.userId !== row.owner_id)
      throw forbidden('Only the owner may do this');
    return row;
  }

  async ownedOrAdmin(
    ctx: RequestContext,
    id: string,
    db: Executor = this.db.pool,
    lock = false,
  ): Promise<PolicyRow> {
    const row = await this.visible(ctx, id, db, lock);
    if (!isUser(ctx.caller) || (ctx.caller.userId !== row.owner_id && !ctx.caller.isAdmin)) {
      throw forbidden('Only the owner or an administrator may do this');
    }
    return row;
  }
}
