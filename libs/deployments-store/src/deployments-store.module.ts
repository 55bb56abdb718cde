import { type DynamicModule, Module } from '@nestjs/common';
import { DatabaseModule } from '@pc/platform';
import { deploymentsDatabase } from './deployments.database';
import { DeploymentsRepository } from './deployments.repository';
import { JobsRepository } from './jobs.repository';
import { LogsRepository } from './logs.repository';
import { OutboxRepository } from './outbox.repository';
import { ProvenanceRepository } from './provenance.repository';
import { RolloutProgressRepository } from './rollout-progress.repository';

const repositories = [
  DeploymentsRepository,
  JobsRepository,
  LogsRepository,
  ProvenanceRepository,
  OutboxRepository,
  RolloutProgressRepository,
];

/**
 * The deployments schema for the app that uses it: `Database` (the pool and the one transaction helper)
 * and the repositories of the tables both the service and its workers use. Global inside that app's own
 * Nest application (which holds no other service), like `DatabaseModule`.
 */
@Module({})
export class DeploymentsStoreModule {
  /** The deployments service: it owns the schema and migrates it at start (under an advisory lock). */
  static forService(options: { url: string; poolSize: number; migrationsLockWaitMs: number }): DynamicModule {
    return DeploymentsStoreModule.over(DatabaseModule.forService({ ...deploymentsDatabase, ...options }));
  }

  /** A deployment worker: the same schema, never migrated (start the service first). */
  static forWorker(options: { url: string; poolSize: number }): DynamicModule {
    return DeploymentsStoreModule.over(DatabaseModule.forWorker({ ...deploymentsDatabase, ...options }));
  }

  private static over(database: DynamicModule): DynamicModule {
    return {
      module: DeploymentsStoreModule,
      global: true,
      imports: [database],
      providers: repositories,
      exports: repositories,
    };
  }
}
