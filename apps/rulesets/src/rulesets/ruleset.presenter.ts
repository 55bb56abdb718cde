import { Injectable } from '@nestjs/common';
import type { RequestContext } from '@pc/contracts';
import {
  contributorsOf,
  type ListingJsonRow,
  ownerJsonFields,
  UsersDirectory,
  withJsonFields,
} from '@pc/listings';
import { IdeasClient } from '../ideas';

/**
 * A ruleset's answer as its JSON text: PostgreSQL writes the ruleset (`RulesetsRepository.findJson`,
 * `searchJson`), the presenter adds the owner (from identity, cached) and, in full, the ideas it delivers
 * (the catalog's). Every read answers so, and every write that answers with the ruleset reads it so once
 * it is written.
 */
@Injectable()
export class RulesetPresenter {
  constructor(
    private readonly users: UsersDirectory,
    private readonly ideas: IdeasClient,
  ) {}

  /** Summaries read as JSON (`RulesetsRepository.searchJson`), each with its owner's fields added. */
  async json(ctx: RequestContext, rows: ListingJsonRow[]): Promise<string[]> {
    const owners = await this.users.ownersOf(ctx, rows);
    return rows.map((row) => withJsonFields(row.json, ownerJsonFields(owners.get(row.owner_id))));
  }

  /** A ruleset read in full as JSON (`RulesetsRepository.findJson`): its owner, its contributors (the owner, as a policy's) and the ideas it delivers added. */
  async oneJson(ctx: RequestContext, row: ListingJsonRow): Promise<string> {
    const [owners, deliveries] = await Promise.all([
      this.users.ownersOf(ctx, [row]),
      this.ideas.deliveries(ctx, [row.id]),
    ]);
    const owner = owners.get(row.owner_id);
    return withJsonFields(row.json, {
      ...ownerJsonFields(owner),
      contributors: contributorsOf(row.owner_id, owner),
      delivers_ideas: deliveries.get(row.id) ?? [],
    });
  }
}
