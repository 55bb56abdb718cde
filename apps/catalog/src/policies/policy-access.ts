import { Injectable } from '@nestjs/common';
import { type Caller, isUser, type RequestContext } from '@pc/contracts';
import { forbidden, notFound } from '@pc/platform';
import type { EntityManager } from 'typeorm';
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
  constructor(private readonly policies: PoliciesRepository) {}

  async visible(ctx: RequestContext, id: string, db?: EntityManager, lock = false): Promise<PolicyRow> {
    const row = await this.policies.findById(id, db, lock);
    if (!row || !canSee(ctx.caller, row)) throw notFound('Policy');
    return row;
  }

  async owned(ctx: RequestContext, id: string, db?: EntityManager, lock = false): Promise<PolicyRow> {
    const row = await this.visible(ctx, id, db, lock);
    if (!isUser(ctx.caller) || ctx.caller.userId !== row.owner_id)
      throw forbidden('Only the owner may do this');
    return row;
  }

  async ownedOrAdmin(ctx: RequestContext, id: string, db?: EntityManager, lock = false): Promise<PolicyRow> {
    const row = await this.visible(ctx, id, db, lock);
    if (!isUser(ctx.caller) || (ctx.caller.userId !== row.owner_id && !ctx.caller.isAdmin)) {
      throw forbidden('Only the owner or an administrator may do this');
    }
    return row;
  }
}
