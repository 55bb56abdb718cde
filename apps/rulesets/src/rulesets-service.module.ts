import { listingService } from '@pc/listings';
import { rulesetsDatabase } from './database/rulesets.datasource';
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
import { GovernanceModules } from './governance.modules';
import { VendorModule, VendorRulesets } from './vendor';

/**
 * The rulesets service, as the listings kernel assembles a kind's service: one Nest module per feature,
 * each declaring what it imports and exports (docs/architecture.md, "Inside a service"). The kernel,
 * mounted for rulesets, serves likes, the search and deploy counts, and gives every feature the outbox
 * and documentation tabs. `sourceHost` replaces the HTTP adapter (the service-level tests' in-memory host).
 */
export const rulesetsService = listingService<RulesetsEnv>(rulesetKind, {
  access: { imports: [RulesetsModule, VendorModule], provider: RulesetAccess, vendor: VendorRulesets },
  env: RulesetsEnv,
  database: rulesetsDatabase,
  features: [
    RulesetsModule,
    ReviewersModule,
    OwnershipModule,
    DocsModule,
    VendorModule,
    ValidationModule,
    EvaluationModule,
    SubmissionsModule,
    ReviewModule,
    PinsModule,
    ...GovernanceModules,
  ],
});
