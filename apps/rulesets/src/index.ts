import { RulesetsRpc } from '@pc/contracts';
import type { ServiceDefinition } from '@pc/platform';
import type { SourceHost } from '@pc/source-host';
import { RulesetsEnv } from './rulesets.env';
import { RulesetsServiceModule } from './rulesets-service.module';

export { RulesetsEnv } from './rulesets.env';
export { rulesetsDatabase } from './database/rulesets.datasource';

/** The rulesets service; `sourceHost` replaces the HTTP adapter (the service-level tests' in-memory host). */
export function rulesetsService(
  env: RulesetsEnv,
  options: { sourceHost?: SourceHost } = {},
): ServiceDefinition {
  return {
    name: 'rulesets',
    ping: RulesetsRpc.ping,
    module: RulesetsServiceModule.register(env, options.sourceHost),
  };
}

// For bench/evaluation.ts: the evaluator as the service runs it, and the engines called directly.
export { EvaluatorPool } from './evaluation/evaluator.pool';
export { perform as runEvaluatorTask } from './evaluation/engine/evaluation.worker';
export { shutdown as shutdownEngines } from './evaluation/engine/amf-engine';
