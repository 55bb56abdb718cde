import { DeploymentWorkerRpc } from '@pc/contracts';
import type { ServiceDefinition } from '@pc/platform';
import { WorkerEnv } from './worker.env';
import { WorkerModule } from './worker.module';

export { WorkerEnv } from './worker.env';

/** A deployment worker: pulls jobs from the deployments queue; answers only its health ping on the bus. */
export function deploymentWorker(env: WorkerEnv): ServiceDefinition {
  return { name: 'deployment-worker', ping: DeploymentWorkerRpc.ping, module: WorkerModule.register(env) };
}

// For the composition's service-level tests of the pipeline against the sandbox.
export { runDeploy } from './pipeline/deploy.pipeline';
export type { Adapters, PipelineContext } from './pipeline/pipeline-context';
export { runRulesetDeploy } from './pipeline/ruleset.pipeline';
export { runRemoval } from './pipeline/removal.pipeline';
export { recordPrevious, verifyHealth } from './pipeline/rollout-checks.pipeline';
export { tarArchive } from './pipeline/archive';
export { BUILD_POD_LABEL } from './pipeline/sandbox/kubernetes/build-job';
export type { JobLog } from './pipeline/job-log';
