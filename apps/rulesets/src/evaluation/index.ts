export { EvaluationModule } from './evaluation.module';
export { ProfileEngineCheck } from './profile-engine-check';
export { EXAMPLE_FILE, EXAMPLE_FOLDERS, type Example, MAX_EXAMPLES } from './examples-check';
