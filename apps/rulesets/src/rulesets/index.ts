export { RulesetsModule } from './rulesets.module';
export { RulesetAccess } from './ruleset-access';
export { RulesetsService } from './rulesets.service';
export { RulesetWrites } from './ruleset-writes';
export type { RulesetChanges, RulesetRow } from './ruleset.row';
export type { NewRuleset } from './ruleset-writes';
