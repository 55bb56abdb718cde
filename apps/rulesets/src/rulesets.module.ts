import { type DynamicModule, Module } from '@nestjs/common';
import { DatabaseModule } from '@pc/platform';
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
      ],
      ...rulesetsFeatures(env),
    };
  }
}
