import { Injectable } from '@nestjs/common';
import type { RequestContext, UserSummary } from '@pc/contracts';
import { contributorsOf, ownerJsonFields, UsersDirectory, withJsonFields } from '@pc/listings';
import { policyTabs } from '../docs';
import type { PolicyJsonRow } from './policies.repository';

/**
 * A policy's answer as its JSON text: PostgreSQL writes the policy (`PoliciesRepository.findJson`,
 * `searchJson`), the presenter adds the owner (from identity, cached) and the docs summary. Every read
 * answers so, and every write that answers with the policy reads it so once it is written.
 */
@Injectable()
export class PolicyPresenter {
  constructor(private readonly users: UsersDirectory) {}

  /** Each policy as its answer's JSON text. */
  async json(ctx: RequestContext, rows: PolicyJsonRow[]): Promise<string[]> {
    const owners = await this.users.ownersOf(ctx, rows);
    return rows.map((row) => policyJson(row, owners.get(row.owner_id)));
  }
}

/** A policy's answer as JSON: PostgreSQL's text with what it cannot know added. */
export function policyJson(row: PolicyJsonRow, owner: UserSummary | undefined): string {
  return withJsonFields(row.json, {
    contributors: contributorsOf(row.owner_id, owner),
    ...ownerJsonFields(owner),
    owner_avatar_url: owner?.avatarUrl || null,
    owner_avatar_email_hash: owner?.avatarEmailHash ?? null,
    docs_summary: { tabCount: row.doc_tabs, completeness: policyTabs.completenessOf(row.doc_filled) },
  });
}
