import { type DynamicModule, Module } from '@nestjs/common';
import { ContentEvents } from '@pc/contracts';
import { ContentChangesModule, DatabaseModule } from '@pc/platform';
import { CatalogEnv } from './catalog.env';
import { catalogFeatures } from './catalog.providers';
import { catalogDatabase } from './database/catalog.datasource';

@Module({})
export class CatalogModule {
  static register(env: CatalogEnv): DynamicModule {
    return {
      module: CatalogModule,
      imports: [
        DatabaseModule.forService({ ...catalogDatabase, url: env.DATABASE_URL, poolSize: env.DB_POOL_SIZE }),
        // Every committed change to what public reads show, to every gateway replica's response cache.
        ContentChangesModule.forService({
          url: env.DATABASE_URL,
          schema: catalogDatabase.schema,
          announce: (bus, ctx, data) => bus.emit(ContentEvents.catalogChanged, ctx, data),
          versionPrefix: 'c',
        }),
      ],
      ...catalogFeatures(env),
    };
  }
}
