import { Injectable } from '@nestjs/common';
import { type Caller } from '@pc/contracts';
import { canEdit, OwnedListings } from '@pc/listings';
import { Database, type Executor } from '@pc/platform';
import type { RulesetRow } from './ruleset.row';
import { RulesetsRepository } from './rulesets.repository';

/** A ruleset published once is public; until then its owner and administrators see it. */
export function canSee(caller: Caller, row: RulesetRow): boolean {
  return row.published_at !== null || canEdit(caller, row);
}

/** Finds rulesets for a caller (404 for one not seen, 403 for one seen but not theirs to change). */
@Injectable()
export class RulesetAccess extends OwnedListings<RulesetRow> {
  constructor(
    db: Database,
    private readonly rulesets: RulesetsRepository,
  ) {
    super(db, 'Ruleset');
  }

  protected find(db: Executor, id: string, lock: boolean): Promise<RulesetRow | null> {
    return this.rulesets.findById(db, id, lock);
  }

  protected canSee(caller: Caller, row: RulesetRow): boolean {
    return canSee(caller, row);
  }
}
