import type { ModuleMetadata } from '@nestjs/common';
import { OutboxRelay } from './outbox/outbox.relay';
import { OutboxRepository } from './outbox/outbox.repository';
import { UsersDirectory } from './common/users.directory';
import { DeployCountsRepository } from './deploy-counts/deploy-counts.repository';
import { DeployCountsSubscriber } from './deploy-counts/deploy-counts.subscriber';
import { DocsHandler } from './docs/docs.handler';
import { DocsService } from './docs/docs.service';
import { DocTabsRepository } from './docs/doc-tabs.repository';
import { EvaluationCache } from './evaluation/evaluation.cache';
import { EvaluationHandler } from './evaluation/evaluation.handler';
import { EvaluationService } from './evaluation/evaluation.service';
import { EvaluatorPool } from './evaluation/evaluator.pool';
import { ProfileEngineCheck } from './evaluation/profile-engine-check';
import { RulesetProfiles } from './evaluation/ruleset-profiles';
import { SpecificationReader } from './evaluation/specification.reader';
import { HistoryRepository } from './history/history.repository';
import { IdeasClient } from './ideas/ideas.client';
import { LikesHandler } from './likes/likes.handler';
import { LikesService } from './likes/likes.service';
import { OwnershipHandler } from './ownership/ownership.handler';
import { OwnershipService } from './ownership/ownership.service';
import { PinsHandler } from './pins/pins.handler';
import { PinsService } from './pins/pins.service';
import { ReviewHandler } from './review/review.handler';
import { ReviewService } from './review/review.service';
import { ReviewersHandler } from './reviewers/reviewers.handler';
import { ReviewersService } from './reviewers/reviewers.service';
import { RulesetsEnv } from './rulesets.env';
import { RulesetAccess } from './rulesets/ruleset-access';
import { RulesetPresenter } from './rulesets/ruleset.presenter';
import { RulesetsHandler } from './rulesets/rulesets.handler';
import { RulesetsRepository } from './rulesets/rulesets.repository';
import { RulesetsService } from './rulesets/rulesets.service';
import { SOURCE_HOST, sourceHostFrom } from './source/source-host.provider';
import { SubmissionsHandler } from './submissions/submissions.handler';
import { SubmissionsRepository } from './submissions/submissions.repository';
import { SubmissionsService } from './submissions/submissions.service';
import { RulesetInspector } from './validation/ruleset-inspector';
import { ValidationHandler } from './validation/validation.handler';
import { ValidationService } from './validation/validation.service';
import { VendorHandler } from './vendor/vendor.handler';
import { VendorRulesets } from './vendor/vendor-rulesets';

/** Handlers and providers of the rulesets service, by feature. */
export function rulesetsFeatures(env: RulesetsEnv): Pick<ModuleMetadata, 'controllers' | 'providers'> {
  return {
    controllers: [
      ValidationHandler,
      SubmissionsHandler,
      ReviewHandler,
      RulesetsHandler,
      LikesHandler,
      ReviewersHandler,
      DocsHandler,
      OwnershipHandler,
      VendorHandler,
      EvaluationHandler,
      PinsHandler,
    ],
    providers: [
      { provide: RulesetsEnv, useValue: env },
      { provide: SOURCE_HOST, useValue: sourceHostFrom(env) },
      DeployCountsRepository,
      DeployCountsSubscriber,
      OutboxRepository,
      OutboxRelay,
      UsersDirectory,
      IdeasClient,
      VendorRulesets,
      RulesetInspector,
      ValidationService,
      RulesetsRepository,
      RulesetAccess,
      RulesetPresenter,
      RulesetsService,
      LikesService,
      ReviewersService,
      OwnershipService,
      DocTabsRepository,
      DocsService,
      HistoryRepository,
      SubmissionsRepository,
      SubmissionsService,
      ReviewService,
      EvaluatorPool,
      EvaluationCache,
      RulesetProfiles,
      SpecificationReader,
      EvaluationService,
      ProfileEngineCheck,
      PinsService,
    ],
  };
}
