import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CatalogRpc, type Envelope, type PolicyIdRequest, type PolicyReviewerRequest } from '@pc/contracts';
import { ReviewersService } from './reviewers.service';

@Controller()
export class ReviewersHandler {
  constructor(private readonly reviewers: ReviewersService) {}

  @MessagePattern(CatalogRpc.getReviewerStatus.pattern)
  status(@Payload() { ctx, data }: Envelope<PolicyIdRequest>) {
    return this.reviewers.status(ctx, data.id);
  }

  @MessagePattern(CatalogRpc.designateReviewer.pattern)
  designate(@Payload() { ctx, data }: Envelope<PolicyReviewerRequest>) {
    return this.reviewers.designate(ctx, data);
  }

  @MessagePattern(CatalogRpc.removeReviewer.pattern)
  remove(@Payload() { ctx, data }: Envelope<PolicyReviewerRequest>) {
    return this.reviewers.remove(ctx, data);
  }
}
