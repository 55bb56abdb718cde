export { RulesetsModule } from './rulesets.module';
export { RulesetAccess } from './ruleset-access';
export { RulesetPresenter } from './ruleset.presenter';
export { RulesetWrites } from './ruleset-writes';
export type { RulesetChanges, RulesetRow } from './ruleset.row';
export type { NewRuleset } from './ruleset-writes';
