import type { ServiceDatabaseOptions } from '@pc/platform';
import { WorkspacesInit1795700000000 } from './migrations/1795700000000-workspaces-init';
import { WorkspacesMembersDisabledReason1797900000000 } from './migrations/1797900000000-members-disabled-reason';

/** The workspaces schema and its migrations, in order. Repositories speak SQL, so no entities. */
export const workspacesDatabase = {
  schema: 'workspaces',
  entities: [],
  migrations: [WorkspacesInit1795700000000, WorkspacesMembersDisabledReason1797900000000],
} satisfies Omit<ServiceDatabaseOptions, 'url'>;
