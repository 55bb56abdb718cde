import { Controller } from '@nestjs/common';
import {
  type Envelope,
  type EvaluationDiffRequest,
  type EvaluationIdRequest,
  GovernanceRpc,
  type GovernanceTrendRequest,
  type ListEvaluationsRequest,
  type RecordEvaluationRequest,
} from '@pc/contracts';
import { Handles } from '@pc/platform';
import { ApiEvaluationsService } from './api-evaluations.service';

@Controller()
export class ApiEvaluationsHandler {
  constructor(private readonly evaluations: ApiEvaluationsService) {}

  @Handles(GovernanceRpc.recordEvaluation)
  record({ ctx, data }: Envelope<RecordEvaluationRequest>) {
    return this.evaluations.record(ctx, data);
  }

  @Handles(GovernanceRpc.listEvaluations)
  history({ ctx, data }: Envelope<ListEvaluationsRequest>) {
    return this.evaluations.history(ctx, data);
  }

  @Handles(GovernanceRpc.workspaceTrend)
  trend({ ctx, data }: Envelope<GovernanceTrendRequest>) {
    return this.evaluations.trend(ctx, data);
  }

  @Handles(GovernanceRpc.diffEvaluations)
  diff({ ctx, data }: Envelope<EvaluationDiffRequest>) {
    return this.evaluations.diff(ctx, data);
  }

  @Handles(GovernanceRpc.evaluatedDocument)
  document({ ctx, data }: Envelope<EvaluationIdRequest>) {
    return this.evaluations.document(ctx, data);
  }

  @Handles(GovernanceRpc.getEvaluation)
  get({ ctx, data }: Envelope<EvaluationIdRequest>) {
    return this.evaluations.get(ctx, data);
  }
}
