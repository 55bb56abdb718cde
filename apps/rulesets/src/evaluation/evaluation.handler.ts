import { RulesetEvaluationRpc } from '@pc/contracts';
import { handlerOf } from '@pc/listings';
import { requireUser } from '../common/caller';
import { EvaluationService } from './evaluation.service';
import { SpecificationUploads } from './specification-uploads';

export const EvaluationHandler = handlerOf(
  'EvaluationHandler',
  { evaluation: EvaluationService, uploads: SpecificationUploads },
  (serve) => [
    serve(RulesetEvaluationRpc.evaluate, ({ evaluation }, ctx, data) => evaluation.evaluate(ctx, data)),
    serve(RulesetEvaluationRpc.uploadPart, ({ uploads }, ctx, data) =>
      uploads.put(requireUser(ctx).userId, data),
    ),
  ],
);
