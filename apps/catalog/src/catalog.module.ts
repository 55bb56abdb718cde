import { type DynamicModule, Module } from '@nestjs/common';
import { ContentEvents } from '@pc/contracts';
import { ListingsModule, SourceHostModule, sourceHostFrom } from '@pc/listings';
import { ContentChangesModule, DatabaseModule } from '@pc/platform';
import type { SourceHost } from '@pc/source-host';
import { CatalogEnv } from './catalog.env';
import { CallerStateModule } from './caller-state/caller-state.module';
import { CommentsModule } from './comments/comments.module';
import { catalogDatabase } from './database/catalog.datasource';
import { IdeasModule } from './ideas';
import { PinsModule } from './pins/pins.module';
import { PoliciesModule, PolicyAccess } from './policies';
import { policyKind } from './policy.kind';
import { PolicyEditsModule } from './policy-edits/policy-edits.module';
import { ReviewModule } from './review/review.module';
import { ReviewersModule } from './reviewers/reviewers.module';
import { RevisionsModule } from './revisions';
import { SubmissionsModule } from './submissions';
import { TransfersModule } from './transfers/transfers.module';
import { VendorCatalog, VendorModule } from './vendor';

/**
 * The catalog's features, one Nest module each (docs/architecture.md, "Inside a service"): each
 * declares what it imports and exports, and reaches another only through what that one exports.
 * Listed here are the features that answer the bus or consume events; the ones only others use
 * (history, source) come in through their importers. The listings kernel, mounted for policies, serves
 * likes and gives every feature the outbox, the documentation tabs and the deploy counts.
 */
export const CATALOG_FEATURES = [
  ListingsModule.forKind(policyKind, {
    imports: [PoliciesModule, VendorModule],
    provider: PolicyAccess,
    vendor: VendorCatalog,
  }),
  PoliciesModule,
  PolicyEditsModule,
  VendorModule,
  SubmissionsModule,
  ReviewModule,
  RevisionsModule,
  CommentsModule,
  TransfersModule,
  IdeasModule,
  ReviewersModule,
  PinsModule,
  CallerStateModule,
];

/** The validated configuration, for every feature that needs a setting. */
@Module({})
class CatalogEnvModule {
  static register(env: CatalogEnv): DynamicModule {
    return {
      module: CatalogEnvModule,
      global: true,
      providers: [{ provide: CatalogEnv, useValue: env }],
      exports: [CatalogEnv],
    };
  }
}

/** The catalog; `sourceHost` defaults to the HTTP adapter the configuration describes. */
@Module({})
export class CatalogModule {
  static register(env: CatalogEnv, sourceHost: SourceHost = sourceHostFrom(env)): DynamicModule {
    return {
      module: CatalogModule,
      imports: [
        CatalogEnvModule.register(env),
        SourceHostModule.register(sourceHost),
        DatabaseModule.forService({ ...catalogDatabase, url: env.DATABASE_URL, poolSize: env.DB_POOL_SIZE }),
        // Every committed change to what public reads show, to every gateway replica's response cache.
        ContentChangesModule.forService({
          url: env.DATABASE_URL,
          schema: catalogDatabase.schema,
          announce: (bus, ctx, data) => bus.emit(ContentEvents.catalogChanged, ctx, data),
          versionPrefix: 'c',
        }),
        ...CATALOG_FEATURES,
      ],
    };
  }
}
