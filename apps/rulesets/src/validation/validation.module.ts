import { Module } from '@nestjs/common';
import { EvaluationModule } from '../evaluation';
import { RulesetInspector } from './ruleset-inspector';
import { ValidationHandler } from './validation.handler';
import { ValidationService } from './validation.service';

/** Whether a repository is a valid ruleset repository (nothing saved); submissions and pins ask it too. */
@Module({
  imports: [EvaluationModule],
  controllers: [ValidationHandler],
  providers: [RulesetInspector, ValidationService],
  exports: [RulesetInspector],
})
export class ValidationModule {}
