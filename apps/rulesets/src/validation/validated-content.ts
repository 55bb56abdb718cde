import type { RuleCounts, RulesetEngineCheck, RulesetValidation } from '@pc/contracts';

/** What a validation found in a ruleset's repository, as a ruleset (or its submission) keeps it. */
export interface ValidatedContent {
  profile_name: string | null;
  rule_names: string[];
  rule_counts: RuleCounts;
  /** Its `format` sets the ruleset's `ruleset_format` (a generated column). */
  engine_check: RulesetEngineCheck;
}

/**
 * The columns a validation sets together: a submission's (approval copies them to the ruleset) and a
 * pinned ruleset's, so that what the ruleset shows and evaluates with is the pinned commit's.
 */
export function validatedContent(v: RulesetValidation): ValidatedContent {
  return {
    profile_name: v.profile?.profileName ?? null,
    rule_names: v.profile?.ruleNames ?? [],
    rule_counts: v.profile?.ruleCounts ?? { violation: 0, warning: 0, info: 0 },
    engine_check: {
      evaluable: v.evaluable,
      examples: v.examples,
      checked_at: new Date().toISOString(),
      format: v.format ?? 'amf',
    },
  };
}
