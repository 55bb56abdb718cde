import { Injectable } from '@nestjs/common';
import type { Executor } from '@pc/platform';
import type { RulesetRow } from '../rulesets';
import {
  type KeptRulesetVersion,
  type RulesetVersionRow,
  RulesetVersionsRepository,
} from './ruleset-versions.repository';

/**
 * The reviewed versions of a ruleset a profile may pin: its current one and every one kept since it was
 * published (a version's content is its repository at the commit, which never changes; what is kept is
 * where the profile file was, which rules it had, and when it was kept: a Spectral ruleset's version
 * extends the catalog rulesets it names at the versions they had then).
 */
@Injectable()
export class RulesetVersions {
  constructor(private readonly versions: RulesetVersionsRepository) {}

  /** Keeps the ruleset's current reviewed version (once). */
  async keepCurrent(db: Executor, ruleset: RulesetRow): Promise<RulesetVersionRow | null> {
    if (ruleset.pinned_commit === null) return null;
    const version: RulesetVersionRow = {
      ruleset_id: ruleset.id,
      commit: ruleset.pinned_commit,
      ruleset_path: ruleset.ruleset_path,
      ruleset_format: ruleset.ruleset_format,
      rule_names: ruleset.rule_names,
    };
    await this.versions.keep(db, version);
    return version;
  }

  /** The version `commit` of the ruleset: its current one, or an older one kept; null when it never was one. */
  async find(db: Executor, ruleset: RulesetRow, commit: string): Promise<KeptRulesetVersion | null> {
    if (commit === ruleset.pinned_commit) await this.keepCurrent(db, ruleset);
    return this.versions.find(db, ruleset.id, commit);
  }

  /**
   * The version of a ruleset that was its current one at `at` (the one another ruleset's version, kept
   * then, extends); null when none was kept by then.
   */
  asOf(db: Executor, rulesetId: string, at: Date): Promise<KeptRulesetVersion | null> {
    return this.versions.asOf(db, rulesetId, at);
  }
}
