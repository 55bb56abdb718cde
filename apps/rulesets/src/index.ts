import { RulesetsRpc } from '@pc/contracts';
import type { ServiceDefinition } from '@pc/platform';
import { RulesetsEnv } from './rulesets.env';
import { RulesetsModule } from './rulesets.module';

export { RulesetsEnv } from './rulesets.env';
export { rulesetsDatabase } from './database/rulesets.datasource';

export function rulesetsService(env: RulesetsEnv): ServiceDefinition {
  return { name: 'rulesets', ping: RulesetsRpc.ping, module: RulesetsModule.register(env) };
}

// For bench/evaluation.ts: the evaluator as the service runs it, and the engines called directly.
export { EvaluatorPool } from './evaluation/evaluator.pool';
export { default as runEvaluatorTask } from './evaluation/engine/evaluation.worker';
export { shutdown as shutdownEngines } from './evaluation/engine/amf-engine';
