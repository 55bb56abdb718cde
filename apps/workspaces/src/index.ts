import { WorkspacesRpc } from '@pc/contracts';
import type { ServiceDefinition } from '@pc/platform';
import { WorkspacesEnv } from './workspaces.env';
import { WorkspacesModule } from './workspaces.module';

export { WorkspacesEnv } from './workspaces.env';
export { workspacesDatabase } from './database/workspaces.datasource';

export function workspacesService(env: WorkspacesEnv): ServiceDefinition {
  return { name: 'workspaces', ping: WorkspacesRpc.ping, module: WorkspacesModule.register(env) };
}
