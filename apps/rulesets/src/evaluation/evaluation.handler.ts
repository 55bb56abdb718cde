import { Controller } from '@nestjs/common';
import { type Envelope, type EvaluateRequest, RulesetEvaluationRpc } from '@pc/contracts';
import { Handles } from '@pc/platform';
import { EvaluationService } from './evaluation.service';

@Controller()
export class EvaluationHandler {
  constructor(private readonly evaluation: EvaluationService) {}

  @Handles(RulesetEvaluationRpc.evaluate)
  evaluate({ ctx, data }: Envelope<EvaluateRequest>) {
    return this.evaluation.evaluate(ctx, data);
  }
}
