import { type DynamicModule, Module } from '@nestjs/common';
import { DatabaseModule } from '@pc/platform';
import { workspacesDatabase } from './database/workspaces.datasource';
import { MembersModule } from './members';
import { SharesModule } from './shares';
import { WorkspacesEnv } from './workspaces.env';
import { WorkspacesFeatureModule } from './workspaces';

/**
 * The workspaces service: one Nest module per feature (access rules, workspaces, members, shares, the
 * deployments ledger), each importing what it uses and exporting what the others may call.
 */
@Module({})
export class WorkspacesModule {
  static register(env: WorkspacesEnv): DynamicModule {
    return {
      module: WorkspacesModule,
      imports: [
        DatabaseModule.forService({
          ...workspacesDatabase,
          url: env.DATABASE_URL,
          poolSize: env.DB_POOL_SIZE,
          migrationsLockWaitMs: env.MIGRATIONS_LOCK_WAIT_MS,
        }),
        WorkspacesFeatureModule,
        MembersModule,
        SharesModule,
      ],
      providers: [{ provide: WorkspacesEnv, useValue: env }],
    };
  }
}
