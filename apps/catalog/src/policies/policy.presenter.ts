import { Injectable } from '@nestjs/common';
import type { Policy, RequestContext } from '@pc/contracts';
import { Database } from '@pc/platform';
import { callerId } from '../common/caller';
import { UsersDirectory } from '@pc/listings';
import { toPolicy } from './policy.mapper';
import type { PolicyRow } from './policy.row';
import { type Presentation, type PresentedPolicyRow, PoliciesRepository } from './policies.repository';

const NONE: Presentation = { doc_tabs: 0, doc_filled: 0, deliveries: [], liked: false };

/**
 * Turns rows into API policies: the owner (from identity, cached), and in one statement the caller's
 * like, the docs summary and the ideas delivered.
 */
@Injectable()
export class PolicyPresenter {
  constructor(
    private readonly db: Database,
    private readonly policies: PoliciesRepository,
    private readonly users: UsersDirectory,
  ) {}

  async many(ctx: RequestContext, rows: PolicyRow[]): Promise<Policy[]> {
    const [owners, presentations] = await Promise.all([
      this.users.findMany(
        ctx,
        rows.map((r) => r.owner_id),
      ),
      this.policies.presentations(
        this.db.pool,
        rows.map((r) => r.id),
        callerId(ctx.caller),
      ),
    ]);
    return rows.map((row) => this.toPolicy(row, presentations.get(row.id) ?? NONE, owners.get(row.owner_id)));
  }

  async one(ctx: RequestContext, row: PolicyRow): Promise<Policy> {
    const [policy] = await this.many(ctx, [row]);
    return policy;
  }

  /** A row read with its presentation (`PoliciesRepository.findPresented`): only the owner is left. */
  async presented(ctx: RequestContext, row: PresentedPolicyRow): Promise<Policy> {
    const owners = await this.users.findMany(ctx, [row.owner_id]);
    return this.toPolicy(row, row, owners.get(row.owner_id));
  }

  private toPolicy(row: PolicyRow, p: Presentation, owner: Parameters<typeof toPolicy>[1]['owner']): Policy {
    return toPolicy(row, {
      owner,
      liked: p.liked,
      docs: { tabs: p.doc_tabs, filled: p.doc_filled },
      deliveries: p.deliveries,
    });
  }
}
