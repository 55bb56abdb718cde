import { type DynamicModule, Module } from '@nestjs/common';
import { ContentEvents } from '@pc/contracts';
import { ContentChangesModule, DatabaseModule } from '@pc/platform';
import { RulesetsEnv } from './rulesets.env';
import { rulesetsFeatures } from './rulesets.providers';
import { rulesetsDatabase } from './database/rulesets.datasource';

@Module({})
export class RulesetsModule {
  static register(env: RulesetsEnv): DynamicModule {
    return {
      module: RulesetsModule,
      imports: [
        DatabaseModule.forService({ ...rulesetsDatabase, url: env.DATABASE_URL, poolSize: env.DB_POOL_SIZE }),
        // Every committed change to what public reads show, to every gateway replica's response cache.
        ContentChangesModule.forService({
          url: env.DATABASE_URL,
          schema: rulesetsDatabase.schema,
          announce: (bus, ctx, data) => bus.emit(ContentEvents.rulesetsChanged, ctx, data),
          versionPrefix: 'r',
        }),
      ],
      ...rulesetsFeatures(env),
    };
  }
}
