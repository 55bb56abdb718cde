import type { ServiceDatabaseOptions } from '@pc/platform';
import { ConnectionsInit1795700000000 } from './migrations/1795700000000-connections-init';

/** The connections schema and its migrations, in order. Repositories speak SQL, so no entities. */
export const connectionsDatabase = {
  schema: 'connections',
  entities: [],
  migrations: [ConnectionsInit1795700000000],
} satisfies Omit<ServiceDatabaseOptions, 'url'>;
