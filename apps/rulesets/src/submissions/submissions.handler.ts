import { RulesetsRpc } from '@pc/contracts';
import { handlerOf } from '@pc/listings';
import { SubmissionsService } from './submissions.service';

export const SubmissionsHandler = handlerOf(
  'SubmissionsHandler',
  { submissions: SubmissionsService },
  (serve) => [
    serve(RulesetsRpc.listSubmissions, ({ submissions }, ctx, data) => submissions.list(ctx, data)),
    serve(RulesetsRpc.createSubmission, ({ submissions }, ctx, data) => submissions.create(ctx, data)),
    serve(RulesetsRpc.getSubmission, ({ submissions }, ctx, data) => submissions.get(ctx, data.id)),
    serve(RulesetsRpc.updateSubmission, ({ submissions }, ctx, data) => submissions.update(ctx, data)),
    serve(RulesetsRpc.deleteSubmission, ({ submissions }, ctx, data) => submissions.delete(ctx, data.id)),
    serve(RulesetsRpc.getSubmissionHistory, ({ submissions }, ctx, data) =>
      submissions.historyOf(ctx, data.id),
    ),
  ],
);
