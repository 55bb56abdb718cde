import { Injectable } from '@nestjs/common';
import { type Executor, notFound } from '@pc/platform';
import type { RulesetChanges, RulesetRow } from './ruleset.row';
import { type NewRuleset, RulesetsRepository } from './rulesets.repository';

/**
 * What other features change on a ruleset, each inside its own transaction (the executor first): a
 * submission creates, shows or removes it, a review publishes it, a pin or a transfer moves it on.
 */
@Injectable()
export class RulesetWrites {
  constructor(private readonly rulesets: RulesetsRepository) {}

  create(tx: Executor, fields: NewRuleset): Promise<RulesetRow> {
    return this.rulesets.insert(tx, fields);
  }

  /** The ruleset's row, held until the transaction ends (404 when it is gone). */
  async lock(tx: Executor, id: string): Promise<RulesetRow> {
    const row = await this.rulesets.findById(tx, id, true);
    if (!row) throw notFound('Ruleset');
    return row;
  }

  change(tx: Executor, id: string, changes: RulesetChanges): Promise<RulesetRow> {
    return this.rulesets.update(tx, id, changes);
  }

  remove(tx: Executor, id: string): Promise<void> {
    return this.rulesets.delete(tx, id);
  }
}
