export { EvaluationModule } from './evaluation.module';
export { EvaluationService } from './evaluation.service';
export { ProfileEngineCheck, type ValidationRun } from './profile-engine-check';
export { EXAMPLE_FILE, EXAMPLE_FOLDERS, type Example, MAX_EXAMPLES } from './examples-check';
export type { RulesetVersionAt } from './ruleset-profiles';
export { SpecificationUploads } from './specification-uploads';
export { RanPastTimeLimit } from './evaluator.pool';
