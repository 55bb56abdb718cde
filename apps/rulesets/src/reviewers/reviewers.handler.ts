import { Controller } from '@nestjs/common';
import { type Envelope, RulesetsRpc } from '@pc/contracts';
import { Handles } from '@pc/platform';
import { ReviewersService } from './reviewers.service';

@Controller()
export class ReviewersHandler {
  constructor(private readonly reviewers: ReviewersService) {}

  @Handles(RulesetsRpc.getReviewerStatus)
  me({ ctx, data }: Envelope<{ id: string }>) {
    return this.reviewers.me(ctx, data.id);
  }
}
