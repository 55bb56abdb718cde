import { IdentityRpc } from '@pc/contracts';
import type { ServiceDefinition } from '@pc/platform';
import { IdentityEnv } from './identity.env';
import { IdentityModule } from './identity.module';

export { IdentityEnv } from './identity.env';
export { identityDatabase } from './database/identity.datasource';
export { leaseMs } from './webhooks/webhook-dispatcher';

export function identityService(env: IdentityEnv): ServiceDefinition {
  return { name: 'identity', ping: IdentityRpc.ping, module: IdentityModule.register(env) };
}
