import { CatalogRpc } from '@pc/contracts';
import { handlerOf } from '@pc/listings';
import { SubmissionsService } from './submissions.service';

export const SubmissionsHandler = handlerOf(
  'SubmissionsHandler',
  { submissions: SubmissionsService },
  (serve) => [
    serve(CatalogRpc.validateSubmission, ({ submissions }, ctx, data) => submissions.validate(ctx, data)),
    serve(CatalogRpc.listSubmissions, ({ submissions }, ctx, data) => submissions.list(ctx, data)),
    serve(CatalogRpc.createSubmission, ({ submissions }, ctx, data) => submissions.submit(ctx, data)),
    serve(CatalogRpc.getSubmission, ({ submissions }, ctx, data) => submissions.get(ctx, data.id)),
    serve(CatalogRpc.updateSubmission, ({ submissions }, ctx, data) => submissions.update(ctx, data)),
    serve(CatalogRpc.getSubmissionHistory, ({ submissions }, ctx, data) =>
      submissions.historyOf(ctx, data.id),
    ),
  ],
);
