import { RulesetsRpc } from '@pc/contracts';
import { handlerOf } from '@pc/listings';
import { ValidationService } from './validation.service';

export const ValidationHandler = handlerOf(
  'ValidationHandler',
  { validation: ValidationService },
  (serve) => [serve(RulesetsRpc.validate, ({ validation }, ctx, data) => validation.validate(ctx, data))],
);
