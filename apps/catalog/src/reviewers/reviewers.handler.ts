import { Controller } from '@nestjs/common';
import { CatalogRpc, type Envelope, type PolicyIdRequest, type PolicyReviewerRequest } from '@pc/contracts';
import { Handles } from '@pc/platform';
import { ReviewersService } from './reviewers.service';

@Controller()
export class ReviewersHandler {
  constructor(private readonly reviewers: ReviewersService) {}

  @Handles(CatalogRpc.getReviewerStatus)
  status({ ctx, data }: Envelope<PolicyIdRequest>) {
    return this.reviewers.status(ctx, data.id);
  }

  @Handles(CatalogRpc.designateReviewer)
  designate({ ctx, data }: Envelope<PolicyReviewerRequest>) {
    return this.reviewers.designate(ctx, data);
  }

  @Handles(CatalogRpc.removeReviewer)
  remove({ ctx, data }: Envelope<PolicyReviewerRequest>) {
    return this.reviewers.remove(ctx, data);
  }
}
