import { Controller } from '@nestjs/common';
import { type Envelope, RulesetsRpc, type RulesetReviewRequest } from '@pc/contracts';
import { Handles } from '@pc/platform';
import { ReviewService } from './review.service';

@Controller()
export class ReviewHandler {
  constructor(private readonly review: ReviewService) {}

  @Handles(RulesetsRpc.approveSubmission)
  approve({ ctx, data }: Envelope<RulesetReviewRequest>) {
    return this.review.approve(ctx, data);
  }

  @Handles(RulesetsRpc.requestImprovement)
  needsImprovement({ ctx, data }: Envelope<RulesetReviewRequest>) {
    return this.review.requestImprovement(ctx, data);
  }

  @Handles(RulesetsRpc.rejectSubmission)
  reject({ ctx, data }: Envelope<RulesetReviewRequest>) {
    return this.review.reject(ctx, data);
  }

  @Handles(RulesetsRpc.reviewQueue)
  queue({ ctx }: Envelope<Record<string, never>>) {
    return this.review.queue(ctx);
  }
}
