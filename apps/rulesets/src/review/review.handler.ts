import { RulesetsRpc } from '@pc/contracts';
import { handlerOf } from '@pc/listings';
import { ReviewService } from './review.service';

export const ReviewHandler = handlerOf('ReviewHandler', { review: ReviewService }, (serve) => [
  serve(RulesetsRpc.approveSubmission, ({ review }, ctx, data) => review.approve(ctx, data)),
  serve(RulesetsRpc.requestImprovement, ({ review }, ctx, data) => review.requestImprovement(ctx, data)),
  serve(RulesetsRpc.rejectSubmission, ({ review }, ctx, data) => review.reject(ctx, data)),
  serve(RulesetsRpc.reviewQueue, ({ review }, ctx) => review.queue(ctx)),
]);
