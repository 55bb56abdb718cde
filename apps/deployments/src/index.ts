import { DeploymentsRpc } from '@pc/contracts';
import type { ServiceDefinition } from '@pc/platform';
import { DeploymentsEnv } from './deployments.env';
import { DeploymentsModule } from './deployments.module';

export { DeploymentsEnv } from './deployments.env';

export function deploymentsService(env: DeploymentsEnv): ServiceDefinition {
  return { name: 'deployments', ping: DeploymentsRpc.ping, module: DeploymentsModule.register(env) };
}
