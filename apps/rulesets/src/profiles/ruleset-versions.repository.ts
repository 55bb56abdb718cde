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

/** A version as kept, with when it was (when it became the ruleset's current one). */
export interface KeptRulesetVersion extends RulesetVersionRow {
  kept_at: Date;
}

const COLUMNS = 'ruleset_id, commit, ruleset_path, ruleset_format, rule_names, kept_at';

/** A ruleset's reviewed versions, kept as they are published (rulesets schema). Executor first. */
@Injectable()
export class RulesetVersionsRepository {
  /** Keeps the version (once: a version never changes). */
  async keep(db: Executor, version: RulesetVersionRow): Promise<void> {
    await insertInto(db, 'rulesets.ruleset_versions', version, 'ON CONFLICT DO NOTHING');
  }

  async find(db: Executor, rulesetId: string, commit: string): Promise<KeptRulesetVersion | null> {
    const rows = await db.query<KeptRulesetVersion[]>(
      `SELECT ${COLUMNS} FROM rulesets.ruleset_versions WHERE ruleset_id = $1 AND commit = $2`,
      [rulesetId, commit],
    );
    return rows[0] ?? null;
  }

  /** The version of the ruleset kept last at or before `at` (its current one then); null when none was. */
  async asOf(db: Executor, rulesetId: string, at: Date): Promise<KeptRulesetVersion | null> {
    const rows = await db.query<KeptRulesetVersion[]>(
      `SELECT ${COLUMNS} FROM rulesets.ruleset_versions WHERE ruleset_id = $1 AND kept_at <= $2
        ORDER BY kept_at DESC LIMIT 1`,
      [rulesetId, at],
    );
    return rows[0] ?? null;
  }
}
