import { type DynamicModule, Module, type ModuleMetadata, type Type } from '@nestjs/common';
import {
  busConfigFrom,
  ContentChangesModule,
  DatabaseModule,
  loadEnv,
  type ServiceDatabaseOptions,
  type ServiceDefinition,
  setLogLevel,
  startService,
} from '@pc/platform';
import type { SourceHost } from '@pc/source-host';
import type { ListingKind } from '../listing-kind';
import { type KindAccess, ListingsModule } from '../listings.module';
import type { ListingServiceEnv } from '../source/listing-service.env';
import { SourceHostModule, sourceHostFrom } from '../source/source-host';

/** A kind's service, as the kernel assembles it: the parts that are its own beside its kind's descriptor. */
export interface ListingService<Env extends ListingServiceEnv> {
  access: KindAccess;
  /** The service's settings: validated once at start, then given to every feature. */
  env: Type<Env>;
  /** Its schema and migrations. */
  database: Omit<ServiceDatabaseOptions, 'url'>;
  /** One Nest module per feature, each declaring what it imports and exports. */
  features: NonNullable<ModuleMetadata['imports']>;
}

/** A kind's service from its settings; `sourceHost` replaces the HTTP adapter (the service-level tests' in-memory host). */
export type ListingServiceFactory<Env> = (
  env: Env,
  options?: { sourceHost?: SourceHost },
) => ServiceDefinition;

/**
 * A kind's service: its validated settings, its source host adapter (`sourceHost` replaces the HTTP one
 * the settings describe), its database, its content changes relayed to the gateways, the listings kernel
 * mounted for its kind, and its features (docs/architecture.md, "Inside a service").
 */
export function listingService<Env extends ListingServiceEnv>(
  kind: ListingKind,
  service: ListingService<Env>,
): ListingServiceFactory<Env> {
  return (env, { sourceHost = sourceHostFrom(env) } = {}) => {
    @Module({})
    class ListingServiceModule {}
    const name = kind.service;
    Object.defineProperty(ListingServiceModule, 'name', {
      value: `${name[0].toUpperCase()}${name.slice(1)}ServiceModule`,
    });

    const settings: DynamicModule = {
      module: class ListingServiceEnvModule {},
      global: true,
      providers: [{ provide: service.env, useValue: env }],
      exports: [service.env],
    };
    const module: DynamicModule = {
      module: ListingServiceModule,
      imports: [
        settings,
        SourceHostModule.register(sourceHost),
        DatabaseModule.forService({
          ...service.database,
          url: env.DATABASE_URL,
          poolSize: env.DB_POOL_SIZE,
          migrationsLockWaitMs: env.MIGRATIONS_LOCK_WAIT_MS,
        }),
        ContentChangesModule.forService({
          url: env.DATABASE_URL,
          schema: service.database.schema,
          announce: (bus, ctx, data) => bus.emit(kind.contentChanged, ctx, data),
          versionPrefix: kind.versionPrefix,
        }),
        ListingsModule.forKind(kind, service.access),
        ...service.features,
      ],
    };
    return { name: kind.service, ping: kind.ping, module };
  };
}

/** Runs the service `name` alone (distributed mode); `npm start` runs every service in one process. */
export function runListingService<Env extends ListingServiceEnv>(
  name: string,
  envClass: Type<Env>,
  define: (env: Env) => ServiceDefinition,
): void {
  const start = async (): Promise<void> => {
    const env = loadEnv(envClass);
    setLogLevel(env.LOG_LEVEL);
    if (!env.NATS_URL)
      throw new Error(`NATS_URL is required to run ${name} alone (npm start runs everything in one process)`);
    await startService(define(env), busConfigFrom(env), { httpPort: env.PORT, exitOnSignal: true });
  };
  start().catch((error: unknown) => {
    process.stderr.write(
      `${name} failed to start: ${String(error instanceof Error ? error.stack : error)}\n`,
    );
    process.exit(1);
  });
}
