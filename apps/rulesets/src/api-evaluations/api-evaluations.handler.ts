import { GovernanceRpc } from '@pc/contracts';
import { handlerOf } from '@pc/listings';
import { answeredInParts, inParts } from '@pc/platform';
import { ApiEvaluationsService } from './api-evaluations.service';

export const ApiEvaluationsHandler = handlerOf(
  'ApiEvaluationsHandler',
  { evaluations: ApiEvaluationsService },
  (serve) => [
    serve(GovernanceRpc.recordEvaluation, ({ evaluations }, ctx, data) => evaluations.record(ctx, data)),
    serve(GovernanceRpc.listEvaluations, ({ evaluations }, ctx, data) => evaluations.history(ctx, data)),
    serve(GovernanceRpc.workspaceTrend, ({ evaluations }, ctx, data) => evaluations.trend(ctx, data)),
    serve(GovernanceRpc.diffEvaluations, ({ evaluations }, ctx, data) => evaluations.diff(ctx, data)),
    // The document whole, up to its 5 MiB: in parts when larger than one bus message.
    serve(answeredInParts(GovernanceRpc.evaluatedDocument), ({ evaluations }, ctx, data) =>
      inParts(evaluations.document(ctx, data)),
    ),
    serve(GovernanceRpc.getEvaluation, ({ evaluations }, ctx, data) => evaluations.get(ctx, data)),
  ],
);
