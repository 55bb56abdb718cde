import { Module } from '@nestjs/common';
import { HistoryModule } from '../history';
import { IdeasModule } from '../ideas';
import { PoliciesModule } from '../policies';
import { RevisionsModule } from '../revisions';
import { SubmissionsModule } from '../submissions';
import { ReviewQueueService } from './review-queue.service';
import { ReviewHandler } from './review.handler';
import { SubmissionReviewService } from './submission-review.service';

/** The administrator's side: what waits for review, and the decision on a submission. */
@Module({
  imports: [HistoryModule, IdeasModule, PoliciesModule, RevisionsModule, SubmissionsModule],
  controllers: [ReviewHandler],
  providers: [ReviewQueueService, SubmissionReviewService],
})
export class ReviewModule {}
