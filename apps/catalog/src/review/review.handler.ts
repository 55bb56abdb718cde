import { Controller } from '@nestjs/common';
import { CatalogRpc, type Envelope, type ReviewRequest } from '@pc/contracts';
import { Handles } from '@pc/platform';
import { ReviewQueueService } from './review-queue.service';
import { SubmissionReviewService } from './submission-review.service';

@Controller()
export class ReviewHandler {
  constructor(
    private readonly review: SubmissionReviewService,
    private readonly queueService: ReviewQueueService,
  ) {}

  @Handles(CatalogRpc.approveSubmission)
  approve({ ctx, data }: Envelope<ReviewRequest>) {
    return this.review.approve(ctx, data);
  }

  @Handles(CatalogRpc.rejectSubmission)
  reject({ ctx, data }: Envelope<ReviewRequest>) {
    return this.review.reject(ctx, data);
  }

  @Handles(CatalogRpc.reviewQueue)
  queue({ ctx, data }: Envelope<{ limit?: number }>) {
    return this.queueService.queue(ctx, data);
  }
}
