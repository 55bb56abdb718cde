import { type DynamicModule, Module } from '@nestjs/common';
import { ContentEvents } from '@pc/contracts';
import { ListingsModule, SourceHostModule, sourceHostFrom } from '@pc/listings';
import { ContentChangesModule, DatabaseModule } from '@pc/platform';
import type { SourceHost } from '@pc/source-host';
import { rulesetsDatabase } from './database/rulesets.datasource';
import { DeployCountsModule } from './deploy-counts/deploy-counts.module';
import { DocsModule } from './docs';
import { EvaluationModule } from './evaluation';
import { OwnershipModule } from './ownership/ownership.module';
import { PinsModule } from './pins/pins.module';
import { ReviewModule } from './review/review.module';
import { ReviewersModule } from './reviewers/reviewers.module';
import { RulesetsEnv } from './rulesets.env';
import { RulesetAccess, RulesetsModule } from './rulesets';
import { rulesetKind } from './ruleset.kind';
import { SubmissionsModule } from './submissions';
import { ValidationModule } from './validation';
import { SearchModule } from './search';
import { VendorModule } from './vendor';
import { GovernanceModules } from './governance.modules';

/** The service's validated configuration, for every feature module. */
@Module({})
class RulesetsEnvModule {
  static register(env: RulesetsEnv): DynamicModule {
    return {
      module: RulesetsEnvModule,
      global: true,
      providers: [{ provide: RulesetsEnv, useValue: env }],
      exports: [RulesetsEnv],
    };
  }
}

/**
 * The rulesets service: its configuration, database and source host adapter (for every feature), and one
 * Nest module per feature, each declaring what it imports and exports (docs/architecture.md, "Inside a
 * service"). `sourceHost` defaults to the HTTP adapter the configuration describes.
 */
@Module({})
export class RulesetsServiceModule {
  static register(env: RulesetsEnv, sourceHost: SourceHost = sourceHostFrom(env)): DynamicModule {
    return {
      module: RulesetsServiceModule,
      imports: [
        RulesetsEnvModule.register(env),
        SourceHostModule.register(sourceHost),
        DatabaseModule.forService({ ...rulesetsDatabase, url: env.DATABASE_URL, poolSize: env.DB_POOL_SIZE }),
        // Every committed change to what public reads show, to every gateway replica's response cache.
        ContentChangesModule.forService({
          url: env.DATABASE_URL,
          schema: rulesetsDatabase.schema,
          announce: (bus, ctx, data) => bus.emit(ContentEvents.rulesetsChanged, ctx, data),
          versionPrefix: 'r',
        }),
        // The listings kernel for rulesets: likes, and the outbox, documentation tabs and deploy counts.
        ListingsModule.forKind(rulesetKind, { imports: [RulesetsModule], provider: RulesetAccess }),
        RulesetsModule,
        ReviewersModule,
        OwnershipModule,
        DocsModule,
        VendorModule,
        SearchModule,
        ValidationModule,
        EvaluationModule,
        SubmissionsModule,
        ReviewModule,
        PinsModule,
        DeployCountsModule,
        ...GovernanceModules,
      ],
    };
  }
}
