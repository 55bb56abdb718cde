import { RulesetsRpc } from '@pc/contracts';
import { handlerOf } from '@pc/listings';
import { ReviewersService } from './reviewers.service';

export const ReviewersHandler = handlerOf('ReviewersHandler', { reviewers: ReviewersService }, (serve) => [
  serve(RulesetsRpc.getReviewerStatus, ({ reviewers }, ctx, data) => reviewers.me(ctx, data.id)),
]);
