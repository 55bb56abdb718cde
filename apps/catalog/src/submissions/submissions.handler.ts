import { Controller } from '@nestjs/common';
import {
  CatalogRpc,
  type CreateSubmissionRequest,
  type Envelope,
  type PageRequest,
  type ReviewRequest,
  type UpdateSubmissionRequest,
  type ValidateSubmissionRequest,
} from '@pc/contracts';
import { Handles } from '@pc/platform';
import { SubmissionsService } from './submissions.service';

@Controller()
export class SubmissionsHandler {
  constructor(private readonly submissions: SubmissionsService) {}

  @Handles(CatalogRpc.validateSubmission)
  validate({ ctx, data }: Envelope<ValidateSubmissionRequest>) {
    return this.submissions.validate(ctx, data);
  }

  @Handles(CatalogRpc.listSubmissions)
  list({ ctx, data }: Envelope<PageRequest>) {
    return this.submissions.list(ctx, data);
  }

  @Handles(CatalogRpc.createSubmission)
  create({ ctx, data }: Envelope<CreateSubmissionRequest>) {
    return this.submissions.create(ctx, data);
  }

  @Handles(CatalogRpc.getSubmission)
  get({ ctx, data }: Envelope<{ id: string }>) {
    return this.submissions.get(ctx, data.id);
  }

  @Handles(CatalogRpc.updateSubmission)
  update({ ctx, data }: Envelope<UpdateSubmissionRequest>) {
    return this.submissions.update(ctx, data);
  }

  @Handles(CatalogRpc.getSubmissionHistory)
  history({ ctx, data }: Envelope<{ id: string }>) {
    return this.submissions.historyOf(ctx, data.id);
  }

  @Handles(CatalogRpc.approveSubmission)
  approve({ ctx, data }: Envelope<ReviewRequest>) {
    return this.submissions.approve(ctx, data);
  }

  @Handles(CatalogRpc.rejectSubmission)
  reject({ ctx, data }: Envelope<ReviewRequest>) {
    return this.submissions.reject(ctx, data);
  }

  @Handles(CatalogRpc.reviewQueue)
  queue({ ctx, data }: Envelope<{ limit?: number }>) {
    return this.submissions.queue(ctx, data);
  }
}
