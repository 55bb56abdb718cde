import { Controller } from '@nestjs/common';
import {
  type Envelope,
  RulesetsRpc,
  type RulesetSubmissionInput,
  type UpdateRulesetSubmissionRequest,
} from '@pc/contracts';
import { Handles } from '@pc/platform';
import { SubmissionsService } from './submissions.service';

type Empty = Record<string, never>;

@Controller()
export class SubmissionsHandler {
  constructor(private readonly submissions: SubmissionsService) {}

  @Handles(RulesetsRpc.listSubmissions)
  list({ ctx }: Envelope<Empty>) {
    return this.submissions.list(ctx);
  }

  @Handles(RulesetsRpc.createSubmission)
  create({ ctx, data }: Envelope<RulesetSubmissionInput>) {
    return this.submissions.create(ctx, data);
  }

  @Handles(RulesetsRpc.getSubmission)
  get({ ctx, data }: Envelope<{ id: string }>) {
    return this.submissions.get(ctx, data.id);
  }

  @Handles(RulesetsRpc.updateSubmission)
  update({ ctx, data }: Envelope<UpdateRulesetSubmissionRequest>) {
    return this.submissions.update(ctx, data);
  }

  @Handles(RulesetsRpc.deleteSubmission)
  delete({ ctx, data }: Envelope<{ id: string }>) {
    return this.submissions.delete(ctx, data.id);
  }

  @Handles(RulesetsRpc.getSubmissionHistory)
  history({ ctx, data }: Envelope<{ id: string }>) {
    return this.submissions.historyOf(ctx, data.id);
  }
}
