import { type DynamicModule, Module } from '@nestjs/common';
import { DatabaseModule, EnvModule } from '@pc/platform';
import { AuditModule } from './audit';
import { AuthModule } from './auth';
import { identityDatabase } from './database/identity.datasource';
import { FollowsModule } from './follows';
import { IdeasModule } from './ideas';
import { GovernanceNewsModule } from './governance';
import { IdentityEnv } from './identity.env';
import { NotificationsModule } from './notifications';
import { TokensModule } from './tokens';
import { UsersModule } from './users';
import { WebhooksModule } from './webhooks';

/**
 * The identity service: one Nest module per feature, each importing the features it uses and exporting
 * what they may call (users ← auth → tokens; notifications ← webhooks ← ideas → notifications; follows ← webhooks; audit).
 */
@Module({})
export class IdentityModule {
  static register(env: IdentityEnv): DynamicModule {
    return {
      module: IdentityModule,
      imports: [
        EnvModule.of(IdentityEnv, env),
        DatabaseModule.forService({
          ...identityDatabase,
          url: env.DATABASE_URL,
          poolSize: env.DB_POOL_SIZE,
          migrationsLockWaitMs: env.MIGRATIONS_LOCK_WAIT_MS,
        }),
        UsersModule,
        AuthModule,
        TokensModule,
        NotificationsModule,
        FollowsModule,
        WebhooksModule,
        IdeasModule,
        GovernanceNewsModule,
        AuditModule,
      ],
    };
  }
}
