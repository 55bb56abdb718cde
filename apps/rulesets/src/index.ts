export { RulesetsEnv } from './rulesets.env';
export { rulesetsService } from './rulesets-service.module';
export { rulesetsDatabase } from './database/rulesets.datasource';

// For bench/evaluation.ts: the evaluator as the service runs it, and the engines called directly.
export { EvaluatorPool } from './evaluation/evaluator.pool';
export { perform as runEvaluatorTask } from './evaluation/engine/evaluation.worker';
export { shutdown as shutdownEngines } from './evaluation/engine/amf-engine';
// For bench/spectral-large.ts: Spectral's parsers with the engine's indexed location lookup.
export { indexedJson, indexedYaml } from './evaluation/engine/spectral-locations';
