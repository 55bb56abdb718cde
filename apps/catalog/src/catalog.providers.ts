import type { ModuleMetadata } from '@nestjs/common';
import { CatalogEnv } from './catalog.env';
import { CommentsRepository } from './comments/comments.repository';
import { CommentsHandler } from './comments/comments.handler';
import { CommentsService } from './comments/comments.service';
import { UsersDirectory } from './common/users.directory';
import { DocTabsRepository } from './docs/doc-tabs.repository';
import { HistoryRepository } from './history/history.repository';
import { IdeasRepository } from './ideas/ideas.repository';
import { IdeasHandler } from './ideas/ideas.handler';
import { IdeasService } from './ideas/ideas.service';
import { LikesHandler } from './likes/likes.handler';
import { LikesService } from './likes/likes.service';
import { OutboxRelay } from './outbox/outbox.relay';
import { DeployCountsRepository } from './deploy-counts/deploy-counts.repository';
import { DeployCountsSubscriber } from './deploy-counts/deploy-counts.subscriber';
import { OutboxRepository } from './outbox/outbox.repository';
import { PinsHandler } from './pins/pins.handler';
import { PinsService } from './pins/pins.service';
import { PoliciesHandler } from './policies/policies.handler';
import { PoliciesRepository } from './policies/policies.repository';
import { PoliciesService } from './policies/policies.service';
import { PolicyAccess } from './policies/policy-access';
import { PolicyPresenter } from './policies/policy.presenter';
import { ReviewHandler } from './review/review.handler';
import { ReviewQueueService } from './review/review-queue.service';
import { SubmissionReviewService } from './review/submission-review.service';
import { ReviewersHandler } from './reviewers/reviewers.handler';
import { ReviewersRepository } from './reviewers/reviewers.repository';
import { ReviewersService } from './reviewers/reviewers.service';
import { RevisionsHandler } from './revisions/revisions.handler';
import { RevisionsRepository } from './revisions/revisions.repository';
import { RevisionsService } from './revisions/revisions.service';
import { RepositoryInspector } from './source/repository-inspector';
import { SOURCE_HOST, sourceHostFrom } from './source/source-host.provider';
import { SubmissionsHandler } from './submissions/submissions.handler';
import { SubmissionsRepository } from './submissions/submissions.repository';
import { SubmissionsService } from './submissions/submissions.service';
import { TransfersHandler } from './transfers/transfers.handler';
import { TransfersRepository } from './transfers/transfers.repository';
import { TransfersService } from './transfers/transfers.service';
import { VendorCatalog } from './vendor/vendor-catalog';
import { VendorHandler } from './vendor/vendor.handler';

/** Handlers and providers of the catalog, by feature. */
export function catalogFeatures(env: CatalogEnv): Pick<ModuleMetadata, 'controllers' | 'providers'> {
  return {
    controllers: [
      PoliciesHandler,
      VendorHandler,
      SubmissionsHandler,
      ReviewHandler,
      RevisionsHandler,
      CommentsHandler,
      LikesHandler,
      TransfersHandler,
      IdeasHandler,
      ReviewersHandler,
      PinsHandler,
    ],
    providers: [
      { provide: CatalogEnv, useValue: env },
      { provide: SOURCE_HOST, useValue: sourceHostFrom(env) },
      DeployCountsRepository,
      DeployCountsSubscriber,
      UsersDirectory,
      VendorCatalog,
      PoliciesRepository,
      PolicyAccess,
      PolicyPresenter,
      PoliciesService,
      DocTabsRepository,
      HistoryRepository,
      IdeasRepository,
      IdeasService,
      ReviewersRepository,
      ReviewersService,
      RevisionsRepository,
      RevisionsService,
      RepositoryInspector,
      SubmissionsRepository,
      SubmissionsService,
      SubmissionReviewService,
      ReviewQueueService,
      OutboxRepository,
      OutboxRelay,
      CommentsRepository,
      CommentsService,
      LikesService,
      TransfersRepository,
      TransfersService,
      PinsService,
    ],
  };
}
