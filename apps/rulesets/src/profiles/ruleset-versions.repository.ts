import { Injectable } from '@nestjs/common';
import type { RulesetFormat } from '@pc/contracts';
import { insertInto } from '@pc/listings';
import type { Executor } from '@pc/platform';

/** A row of rulesets.ruleset_versions: a reviewed version of a ruleset that profiles may pin. */
export interface RulesetVersionRow {
  ruleset_id: string;
  commit: string;
  ruleset_path: string | null;
  ruleset_format: RulesetFormat;
  rule_names: string[];
}

/** A ruleset's reviewed versions, kept as they are published (rulesets schema). Executor first. */
@Injectable()
export class RulesetVersionsRepository {
  /** Keeps the version (once: a version never changes). */
  async keep(db: Executor, version: RulesetVersionRow): Promise<void> {
    await insertInto(db, 'rulesets.ruleset_versions', version, 'ON CONFLICT DO NOTHING');
  }

  async find(db: Executor, rulesetId: string, commit: string): Promise<RulesetVersionRow | null> {
    const rows = await db.query<RulesetVersionRow[]>(
      `SELECT ruleset_id, commit, ruleset_path, ruleset_format, rule_names
         FROM rulesets.ruleset_versions WHERE ruleset_id = $1 AND commit = $2`,
      [rulesetId, commit],
    );
    return rows[0] ?? null;
  }
}
