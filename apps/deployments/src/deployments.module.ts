import { type DynamicModule, Module } from '@nestjs/common';
import { DeploymentsStoreModule } from '@pc/deployments-store';
import { EnvModule } from '@pc/platform';
import { AdoptionModule } from './adoption';
import { CreateModule } from './create';
import { DeploymentsEnv } from './deployments.env';
import { DeploymentsFeatureModule } from './deployments';
import { DriftModule } from './drift';
import { JobsModule } from './jobs';
import { LedgerModule } from './ledger';
import { LogsModule } from './logs';
import { OutboxModule } from './outbox';
import { PlanModule } from './plan';
import { ProvenanceModule } from './provenance';
import { RolloutsModule } from './rollouts';
import { SyncModule } from './sync';

/**
 * The deployments service: its schema's store (`@pc/deployments-store`, shared with the workers: the
 * database, migrated here, and the repositories of the tables both use) and one Nest module per feature.
 */
@Module({})
export class DeploymentsModule {
  static register(env: DeploymentsEnv): DynamicModule {
    return {
      module: DeploymentsModule,
      imports: [
        EnvModule.of(DeploymentsEnv, env),
        DeploymentsStoreModule.forService({
          url: env.DATABASE_URL,
          poolSize: env.DB_POOL_SIZE,
          migrationsLockWaitMs: env.MIGRATIONS_LOCK_WAIT_MS,
        }),
        DeploymentsFeatureModule,
        CreateModule,
        JobsModule,
        LogsModule,
        SyncModule,
        LedgerModule,
        ProvenanceModule,
        PlanModule,
        AdoptionModule,
        RolloutsModule,
        DriftModule,
        OutboxModule,
      ],
    };
  }
}
