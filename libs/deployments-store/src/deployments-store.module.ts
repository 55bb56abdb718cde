import { type DynamicModule, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { createServiceDataSource, Database, DatabaseModule, initializeDataSource } from '@pc/platform';
import { DataSource } from 'typeorm';
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

@Injectable()
class WorkerDataSourceLifecycle implements OnApplicationShutdown {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async onApplicationShutdown(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}

/**
 * The deployments schema for the app that uses it: `Database` (the pool and the one transaction helper)
 * and the repositories of the tables both the service and its workers use. Global inside that app's own
 * Nest application (which holds no other service), like `DatabaseModule`.
 */
@Module({})
export class DeploymentsStoreModule {
  /** The deployments service: it owns the schema and migrates it at start (under an advisory lock). */
  static forService(options: { url: string; poolSize: number }): DynamicModule {
    return {
      module: DeploymentsStoreModule,
      global: true,
      imports: [DatabaseModule.forService({ ...deploymentsDatabase, ...options })],
      providers: repositories,
      exports: repositories,
    };
  }

  /** A deployment worker: the same schema, never migrated (start the service first). */
  static forWorker(options: { url: string; poolSize: number }): DynamicModule {
    return {
      module: DeploymentsStoreModule,
      global: true,
      providers: [
        {
          provide: DataSource,
          useFactory: async () => {
            const dataSource = createServiceDataSource({
              ...deploymentsDatabase,
              migrations: [],
              ...options,
            });
            await initializeDataSource(dataSource, options.url);
            return dataSource;
          },
        },
        {
          provide: Database,
          useFactory: (dataSource: DataSource) => new Database(dataSource),
          inject: [DataSource],
        },
        WorkerDataSourceLifecycle,
        ...repositories,
      ],
      exports: [Database, ...repositories],
    };
  }
}
