import { GovernanceRpc } from '@pc/contracts';
import { handlerOf } from '@pc/listings';
import { ApiEvaluationsService } from './api-evaluations.service';

export const ApiEvaluationsHandler = handlerOf(
  'ApiEvaluationsHandler',
  { evaluations: ApiEvaluationsService },
  (serve) => [
    serve(GovernanceRpc.recordEvaluation, ({ evaluations }, ctx, data) => evaluations.record(ctx, data)),
    serve(GovernanceRpc.listEvaluations, ({ evaluations }, ctx, data) => evaluations.history(ctx, data)),
    serve(GovernanceRpc.workspaceTrend, ({ evaluations }, ctx, data) => evaluations.trend(ctx, data)),
    serve(GovernanceRpc.diffEvaluations, ({ evaluations }, ctx, data) => evaluations.diff(ctx, data)),
    serve(GovernanceRpc.evaluatedDocument, ({ evaluations }, ctx, data) => evaluations.document(ctx, data)),
    serve(GovernanceRpc.getEvaluation, ({ evaluations }, ctx, data) => evaluations.get(ctx, data)),
  ],
);
