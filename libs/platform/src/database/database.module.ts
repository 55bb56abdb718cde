import { type DynamicModule, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { READINESS_CHECKS, type ReadinessCheck } from '../health/health';
import {
  createServiceDataSource,
  initializeDataSource,
  migrateServiceSchema,
  type ServiceDatabaseOptions,
} from './database';
import { typeorm } from './drivers';
import { Database } from './executor';

/**
 * The service's own data source: migrated at start, closed at shutdown, checked for readiness; and
 * `Database` (the pool and the one transaction helper) that services inject.
 */
@Module({})
export class DatabaseModule {
  /** A service's own schema, migrated at start: how long it waits for the migrations lock is its setting. */
  static forService(options: ServiceDatabaseOptions & { migrationsLockWaitMs: number }): DynamicModule {
    return DatabaseModule.create(options, { owner: true });
  }

  /**
   * Another process on a service's schema (the deployment workers): the same data source, closed at
   * shutdown, checked for readiness (a worker without its database is not ready), and `Database`; never
   * migrated (start the service first).
   */
  static forWorker(options: ServiceDatabaseOptions): DynamicModule {
    return DatabaseModule.create({ ...options, migrations: [] }, { owner: false });
  }

  private static create(options: ServiceDatabaseOptions, { owner }: { owner: boolean }): DynamicModule {
    // TypeORM's DataSource class is the injection token the repositories ask for; it is loaded here,
    // when a service declares its database, not when the library is imported (see drivers.ts).
    const DataSourceToken = typeorm().DataSource;

    @Injectable()
    class DataSourceLifecycle implements OnApplicationShutdown {
      constructor(@Inject(DataSourceToken) private readonly dataSource: DataSource) {}

      async onApplicationShutdown(): Promise<void> {
        if (this.dataSource.isInitialized) await this.dataSource.destroy();
      }
    }

    @Injectable()
    class DatabaseReadiness implements ReadinessCheck {
      readonly name = 'database';
      constructor(@Inject(DataSourceToken) private readonly dataSource: DataSource) {}

      async check(): Promise<void> {
        await this.dataSource.query('SELECT 1');
      }
    }

    return {
      module: DatabaseModule,
      global: true,
      providers: [
        {
          provide: DataSourceToken,
          useFactory: async () => {
            const dataSource = createServiceDataSource(options);
            await initializeDataSource(dataSource, options.url);
            if (owner)
              await migrateServiceSchema(dataSource, options.schema, {
                lockWaitMs: options.migrationsLockWaitMs,
              });
            return dataSource;
          },
        },
        {
          provide: Database,
          useFactory: (dataSource: DataSource) => new Database(dataSource),
          inject: [DataSourceToken],
        },
        DataSourceLifecycle,
        DatabaseReadiness,
        { provide: READINESS_CHECKS.database, useExisting: DatabaseReadiness },
      ],
      exports: [DataSourceToken, Database, READINESS_CHECKS.database],
    };
  }
}
