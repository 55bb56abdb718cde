export { ValidationModule } from './validation.module';
export { RulesetInspector } from './ruleset-inspector';
