import type { ServiceDatabaseOptions } from '@pc/platform';
import { RulesetsInit1796000000000 } from './migrations/1796000000000-rulesets-init';
import { RulesetsListIndexes1796000000001 } from './migrations/1796000000001-rulesets-list-indexes';
import { RulesetsDeployCounts1796000000010 } from './migrations/1796000000010-rulesets-deploy-counts';
import { RulesetsContentChanges1796000000100 } from './migrations/1796000000100-rulesets-content-changes';
import { RulesetsReviewPins1796300000000 } from './migrations/1796300000000-rulesets-review-pins';
import { RulesetsEngineCheck1796300000100 } from './migrations/1796300000100-rulesets-engine-check';
import { RulesetsOutbox1796410000000 } from './migrations/1796410000000-rulesets-outbox';
import { RulesetsFormat1796430000000 } from './migrations/1796430000000-rulesets-format';
import { RulesetsEvaluationUploads1796430000100 } from './migrations/1796430000100-rulesets-evaluation-uploads';
import { RulesetsGovernance1796500000000 } from './migrations/1796500000000-rulesets-governance';
import { RulesetsGovernanceVersions1796810000000 } from './migrations/1796810000000-rulesets-governance-versions';
import { RulesetsReevaluationRuns1796810000100 } from './migrations/1796810000100-rulesets-reevaluation-runs';
import { RulesetsGovernedApiSources1796810000200 } from './migrations/1796810000200-rulesets-governed-api-sources';
import { RulesetsChangeReach1796900000000 } from './migrations/1796900000000-rulesets-change-reach';
import { RulesetsIdeaDeliveriesDue1797000000000 } from './migrations/1797000000000-rulesets-idea-deliveries-due';
import { RulesetsSubmissionFields1797200000000 } from './migrations/1797200000000-rulesets-submission-fields';
import { RulesetsWaiverRuleset1797400000000 } from './migrations/1797400000000-rulesets-waiver-ruleset';
import { RulesetsEvaluationSource1797500000000 } from './migrations/1797500000000-rulesets-evaluation-source';
import { RulesetsTransferOutcomes1797300000000 } from './migrations/1797300000000-rulesets-transfer-outcomes';
import { RulesetsOldMoveGuard1797700000000 } from './migrations/1797700000000-rulesets-old-move-guard';
import { RulesetsSubmissionWarnings1797800000000 } from './migrations/1797800000000-rulesets-submission-warnings';
import { RulesetsSearchOrder1796700000000 } from './migrations/1796700000000-rulesets-search-order';
import { RulesetsItemChanges1796700000100 } from './migrations/1796700000100-rulesets-item-changes';
import { RulesetsSearchSorts1796800000000 } from './migrations/1796800000000-rulesets-search-sorts';

/** The rulesets schema and its migrations, in order. Repositories speak SQL, as the catalog's do. */
export const rulesetsDatabase = {
  schema: 'rulesets',
  entities: [],
  migrations: [
    RulesetsInit1796000000000,
    RulesetsListIndexes1796000000001,
    RulesetsDeployCounts1796000000010,
    RulesetsContentChanges1796000000100,
    RulesetsReviewPins1796300000000,
    RulesetsEngineCheck1796300000100,
    RulesetsOutbox1796410000000,
    RulesetsFormat1796430000000,
    RulesetsEvaluationUploads1796430000100,
    RulesetsGovernance1796500000000,
    RulesetsSearchOrder1796700000000,
    RulesetsItemChanges1796700000100,
    RulesetsSearchSorts1796800000000,
    RulesetsGovernanceVersions1796810000000,
    RulesetsReevaluationRuns1796810000100,
    RulesetsGovernedApiSources1796810000200,
    RulesetsChangeReach1796900000000,
    RulesetsIdeaDeliveriesDue1797000000000,
    RulesetsSubmissionFields1797200000000,
    RulesetsTransferOutcomes1797300000000,
    RulesetsWaiverRuleset1797400000000,
    RulesetsEvaluationSource1797500000000,
    RulesetsOldMoveGuard1797700000000,
    RulesetsSubmissionWarnings1797800000000,
  ],
} satisfies Omit<ServiceDatabaseOptions, 'url'>;
