import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CatalogRpc,
  type CreateRevisionRequest,
  type CreateSubmissionRequest,
  type Envelope,
  type PolicyIdRequest,
  type ReviewRequest,
  type UpdateSubmissionRequest,
  type ValidateSubmissionRequest,
} from '@pc/contracts';
import { RevisionsService } from '../revisions/revisions.service';
import { SubmissionsService } from './submissions.service';

type Empty = Record<string, never>;

@Controller()
export class ReviewHandler {
  constructor(
    private readonly submissions: SubmissionsService,
    private readonly revisions: RevisionsService,
  ) {}

  @MessagePattern(CatalogRpc.validateSubmission.pattern)
  validate(@Payload() { ctx, data }: Envelope<ValidateSubmissionRequest>) {
    return this.submissions.validate(ctx, data);
  }

  @MessagePattern(CatalogRpc.listSubmissions.pattern)
  list(@Payload() { ctx }: Envelope<Empty>) {
    return this.submissions.list(ctx);
  }

  @MessagePattern(CatalogRpc.createSubmission.pattern)
  create(@Payload() { ctx, data }: Envelope<CreateSubmissionRequest>) {
    return this.submissions.create(ctx, data);
  }

  @MessagePattern(CatalogRpc.getSubmission.pattern)
  get(@Payload() { ctx, data }: Envelope<{ id: string }>) {
    return this.submissions.get(ctx, data.id);
  }

  @MessagePattern(CatalogRpc.updateSubmission.pattern)
  update(@Payload() { ctx, data }: Envelope<UpdateSubmissionRequest>) {
    return this.submissions.update(ctx, data);
  }

  @MessagePattern(CatalogRpc.getSubmissionHistory.pattern)
  history(@Payload() { ctx, data }: Envelope<{ id: string }>) {
    return this.submissions.historyOf(ctx, data.id);
  }

  @MessagePattern(CatalogRpc.approveSubmission.pattern)
  approve(@Payload() { ctx, data }: Envelope<ReviewRequest>) {
    return this.submissions.approve(ctx, data);
  }

  @MessagePattern(CatalogRpc.rejectSubmission.pattern)
  reject(@Payload() { ctx, data }: Envelope<ReviewRequest>) {
    return this.submissions.reject(ctx, data);
  }

  @MessagePattern(CatalogRpc.reviewQueue.pattern)
  queue(@Payload() { ctx }: Envelope<Empty>) {
    return this.submissions.queue(ctx);
  }

  @MessagePattern(CatalogRpc.listRevisions.pattern)
  listRevisions(@Payload() { ctx, data }: Envelope<PolicyIdRequest>) {
    return this.revisions.listMine(ctx, data.id);
  }

  @MessagePattern(CatalogRpc.createRevision.pattern)
  propose(@Payload() { ctx, data }: Envelope<CreateRevisionRequest>) {
    return this.revisions.propose(ctx, data);
  }

  @MessagePattern(CatalogRpc.approveRevision.pattern)
  approveRevision(@Payload() { ctx, data }: Envelope<ReviewRequest>) {
    return this.revisions.approve(ctx, data);
  }

  @MessagePattern(CatalogRpc.rejectRevision.pattern)
  rejectRevision(@Payload() { ctx, data }: Envelope<ReviewRequest>) {
    return this.revisions.reject(ctx, data);
  }
}
