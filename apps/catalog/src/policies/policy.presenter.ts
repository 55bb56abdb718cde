import { Injectable } from '@nestjs/common';
import type { Policy, RequestContext, UserSummary } from '@pc/contracts';
import { Database } from '@pc/platform';
import { callerId } from '../common/caller';
import { ownerJsonFields, UsersDirectory, withJsonFields } from '@pc/listings';
import { policyTabs } from '../docs';
import { toPolicy } from './policy.mapper';
import type { PolicyRow } from './policy.row';
import { type Presentation, type PolicyJsonRow, PoliciesRepository } from './policies.repository';

const NONE: Presentation = { doc_tabs: 0, doc_filled: 0, deliveries: [], liked: false };

/**
 * Turns rows into API policies: the owner (from identity, cached), and in one statement the caller's
 * like, the docs summary and the ideas delivered. The reads build the same answer as JSON text
 * (`json`): PostgreSQL writes the policy, the presenter adds the owner and the docs summary.
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
      this.users.ownersOf(ctx, rows),
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

  /** Policies read as JSON (`PoliciesRepository.findJson`, `searchJson`), each as its answer's JSON text. */
  async json(ctx: RequestContext, rows: PolicyJsonRow[]): Promise<string[]> {
    const owners = await this.users.ownersOf(ctx, rows);
    return rows.map((row) => policyJson(row, owners.get(row.owner_id)));
  }

  private toPolicy(row: PolicyRow, p: Presentation, owner: UserSummary | undefined): Policy {
    return toPolicy(row, {
      owner,
      liked: p.liked,
      docs: { tabs: p.doc_tabs, filled: p.doc_filled },
      deliveries: p.deliveries,
    });
  }
}

/** A policy's answer as JSON: PostgreSQL's text with what it cannot know added, as `toPolicy` writes it. */
export function policyJson(row: PolicyJsonRow, owner: UserSummary | undefined): string {
  return withJsonFields(row.json, {
    contributors: owner ? [{ user_id: row.owner_id, username: owner.username, name: owner.name }] : [],
    ...ownerJsonFields(owner),
    owner_avatar_url: owner?.avatarUrl || null,
    owner_avatar_email_hash: owner?.avatarEmailHash ?? null,
    docs_summary: { tabCount: row.doc_tabs, completeness: policyTabs.completenessOf(row.doc_filled) },
  });
}
