import { type DynamicModule, Module } from '@nestjs/common';
import { DatabaseModule } from '@pc/platform';
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
      ],
      ...catalogFeatures(env),
    };
  }
}
