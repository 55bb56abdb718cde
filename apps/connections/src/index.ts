import { ConnectionsRpc } from '@pc/contracts';
import type { ServiceDefinition } from '@pc/platform';
import { ConnectionsEnv } from './connections.env';
import { ConnectionsModule } from './connections.module';

export { ConnectionsEnv } from './connections.env';
export { connectionsDatabase } from './database/connections.datasource';
export {
  generateKeyRingEntry,
  parseKeyRing,
  reencryptSecrets,
  type ReencryptProgress,
  SecretBox,
} from './secrets';

export function connectionsService(env: ConnectionsEnv): ServiceDefinition {
  return { name: 'connections', ping: ConnectionsRpc.ping, module: ConnectionsModule.register(env) };
}
