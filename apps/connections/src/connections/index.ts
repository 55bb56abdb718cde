export { ConnectionsFeatureModule } from './connections.module';
export { ConnectionAccess } from './connection-access';
export type { ConnectionRow } from './connections.repository';
