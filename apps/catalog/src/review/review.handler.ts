import { CatalogRpc } from '@pc/contracts';
import { handlerOf } from '@pc/listings';
import { ReviewQueueService } from './review-queue.service';
import { SubmissionReviewService } from './submission-review.service';

export const ReviewHandler = handlerOf(
  'ReviewHandler',
  { review: SubmissionReviewService, queueService: ReviewQueueService },
  (serve) => [
    serve(CatalogRpc.approveSubmission, ({ review }, ctx, data) => review.approve(ctx, data)),
    serve(CatalogRpc.rejectSubmission, ({ review }, ctx, data) => review.reject(ctx, data)),
    serve(CatalogRpc.reviewQueue, ({ queueService }, ctx, data) => queueService.queue(ctx, data)),
  ],
);
