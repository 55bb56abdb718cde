import { Injectable } from '@nestjs/common';
import { isUser, type Policy, type RequestContext } from '@pc/contracts';
import { UsersDirectory } from '../common/users.directory';
import { IdeasRepository } from '../ideas/ideas.repository';
import { toPolicy } from './policy.mapper';
import type { PolicyRow } from './policy.row';
import { PoliciesRepository } from './policies.repository';

/** Turns rows into API policies: owner (from identity), the caller's like, docs summary, ideas. */
@Injectable()
export class PolicyPresenter {
  constructor(
    private readonly policies: PoliciesRepository,
    private readonly users: UsersDirectory,
    private readonly ideas: IdeasRepository,
  ) {}

  async many(ctx: RequestContext, rows: PolicyRow[]): Promise<Policy[]> {
    const ids = rows.map((r) => r.id);
    const [owners, liked, docs, deliveries] = await Promise.all([
      this.users.findMany(
        ctx,
        rows.map((r) => r.owner_id),
      ),
      isUser(ctx.caller)
        ? this.policies.likedAmong(ctx.caller.userId, ids)
        : Promise.resolve(new Set<string>()),
      this.policies.docsSummaries(ids),
      this.ideas.deliveriesFor(ids),
    ]);
    return rows.map((row) =>
      toPolicy(row, {
        owner: owners.get(row.owner_id),
        liked: liked.has(row.id),
        docs: docs.get(row.id) ?? { tabs: 0, filled: 0 },
        deliveries: deliveries.get(row.id) ?? [],
      }),
    );
  }

  async one(ctx: RequestContext, row: PolicyRow): Promise<Policy> {
    const [policy] = await this.many(ctx, [row]);
    return policy;
  }
}
