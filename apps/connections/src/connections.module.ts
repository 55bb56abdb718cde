import { type DynamicModule, Module } from '@nestjs/common';
import { DatabaseModule, EnvModule } from '@pc/platform';
import { ConnectionsEnv } from './connections.env';
import { ConnectionsFeatureModule } from './connections';
import { connectionsDatabase } from './database/connections.datasource';
import { OrgsModule } from './orgs';
import { PlatformAccessModule } from './platform-access';

/**
 * The connections service: one Nest module per feature (connections, organizations, platform access,
 * and the shared secrets, platform and deployments-ledger modules they import).
 */
@Module({})
export class ConnectionsModule {
  static register(env: ConnectionsEnv): DynamicModule {
    return {
      module: ConnectionsModule,
      imports: [
        EnvModule.of(ConnectionsEnv, env),
        DatabaseModule.forService({
          ...connectionsDatabase,
          url: env.DATABASE_URL,
          poolSize: env.DB_POOL_SIZE,
          migrationsLockWaitMs: env.MIGRATIONS_LOCK_WAIT_MS,
        }),
        ConnectionsFeatureModule,
        OrgsModule,
        PlatformAccessModule,
      ],
    };
  }
}
