import { listingService } from '@pc/listings';
import { CatalogEnv } from './catalog.env';
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
 * The catalog, as the listings kernel assembles a kind's service. Its features, one Nest module each
 * (docs/architecture.md, "Inside a service"), declare what they import and export, and reach another
 * only through what that one exports. Listed here are the features that answer the bus; the ones only
 * others use (history, source) come in through their importers. The kernel, mounted for policies,
 * serves likes, the search and deploy counts, and gives every feature the outbox and documentation tabs.
 * `sourceHost` replaces the HTTP adapter (the service-level tests' in-memory host).
 */
export const catalogService = listingService<CatalogEnv>(policyKind, {
  access: { imports: [PoliciesModule, VendorModule], provider: PolicyAccess, vendor: VendorCatalog },
  env: CatalogEnv,
  database: catalogDatabase,
  features: [
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
  ],
});
