import { Controller } from '@nestjs/common';
import { type Envelope, RulesetsRpc, type ValidateRulesetRequest } from '@pc/contracts';
import { Handles } from '@pc/platform';
import { ValidationService } from './validation.service';

@Controller()
export class ValidationHandler {
  constructor(private readonly validation: ValidationService) {}

  @Handles(RulesetsRpc.validate)
  validate({ ctx, data }: Envelope<ValidateRulesetRequest>) {
    return this.validation.validate(ctx, data);
  }
}
