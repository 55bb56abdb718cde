import { CatalogRpc } from '@pc/contracts';
import { handlerOf } from '@pc/listings';
import { ReviewersService } from './reviewers.service';

export const ReviewersHandler = handlerOf('ReviewersHandler', { reviewers: ReviewersService }, (serve) => [
  serve(CatalogRpc.getReviewerStatus, ({ reviewers }, ctx, data) => reviewers.status(ctx, data.id)),
  serve(CatalogRpc.designateReviewer, ({ reviewers }, ctx, data) => reviewers.designate(ctx, data)),
  serve(CatalogRpc.removeReviewer, ({ reviewers }, ctx, data) => reviewers.remove(ctx, data)),
]);
