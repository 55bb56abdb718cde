export { ValidationModule } from './validation.module';
export { RulesetInspector } from './ruleset-inspector';
export { validatedContent, type ValidatedContent } from './validated-content';
