import { Controller } from '@nestjs/common';
import {
  type Envelope,
  type EvaluateRequest,
  RulesetEvaluationRpc,
  type SpecificationUploadPart,
} from '@pc/contracts';
import { Handles } from '@pc/platform';
import { requireUser } from '../common/caller';
import { EvaluationService } from './evaluation.service';
import { SpecificationUploads } from './specification-uploads';

@Controller()
export class EvaluationHandler {
  constructor(
    private readonly evaluation: EvaluationService,
    private readonly uploads: SpecificationUploads,
  ) {}

  @Handles(RulesetEvaluationRpc.evaluate)
  evaluate({ ctx, data }: Envelope<EvaluateRequest>) {
    return this.evaluation.evaluate(ctx, data);
  }

  @Handles(RulesetEvaluationRpc.uploadPart)
  uploadPart({ ctx, data }: Envelope<SpecificationUploadPart>) {
    return this.uploads.put(requireUser(ctx).userId, data);
  }
}
