import { Injectable } from '@nestjs/common';
import type { DocTab } from '@pc/contracts';
import { DocTabsRepository, ListingTable, type PinColumns } from '@pc/listings';
import { type Executor, notFound } from '@pc/platform';
import { rulesetKind } from '../ruleset.kind';
import { RULESET_COLUMNS, type RulesetChanges, type RulesetRow } from './ruleset.row';

/** What a new ruleset is created with (under review, not yet published or pinned). */
export type NewRuleset = Required<
  Omit<
    RulesetChanges,
    'lifecycle_status' | 'review_feedback' | 'reviewed_at' | 'published_at' | 'owner_id' | keyof PinColumns
  >
> & { owner_id: string; submitted_by: string };

/**
 * The ruleset rows as features write them, each inside its own transaction (the kernel's table of a
 * kind's listings): a submission inserts, shows or deletes one, a review publishes it, a pin or a
 * transfer moves it on.
 */
@Injectable()
export class RulesetWrites extends ListingTable<RulesetRow, NewRuleset, RulesetChanges> {
  constructor(private readonly docTabs: DocTabsRepository) {
    super(rulesetKind, {
      alias: 'r',
      columns: RULESET_COLUMNS,
      json: new Set(['rule_counts', 'engine_check']),
      defaults: { lifecycle_status: "'under_review'" },
    });
  }

  /**
   * The ruleset with `changes` and, when given, the documentation `tabs` (a submission's changes shown, or
   * approved).
   */
  async show(
    tx: Executor,
    id: string,
    changes: RulesetChanges,
    tabs: DocTab[] | undefined,
  ): Promise<RulesetRow> {
    const row = await this.update(tx, id, changes);
    if (tabs) await this.docTabs.replaceAll(tx, id, tabs);
    return row;
  }

  /** The ruleset's row, held until the transaction ends (404 when it is gone). */
  async lock(tx: Executor, id: string): Promise<RulesetRow> {
    const row = await this.findById(tx, id, true);
    if (!row) throw notFound('Ruleset');
    return row;
  }
}
