import { Module } from '@nestjs/common';
import { EvaluationModule } from '../evaluation';
import { GovernedApisModule } from '../governed-apis';
import { ProfilesModule } from '../profiles';
import { RulesetsModule } from '../rulesets';
import { ApiConformance } from './api-conformance';
import { ApiEvaluationsHandler } from './api-evaluations.handler';
import { ApiEvaluationsRepository } from './api-evaluations.repository';
import { ApiEvaluationsService } from './api-evaluations.service';

/** Evaluations of governed APIs, kept, and the conformance they give their API. */
@Module({
  imports: [GovernedApisModule, ProfilesModule, RulesetsModule, EvaluationModule],
  controllers: [ApiEvaluationsHandler],
  providers: [ApiEvaluationsRepository, ApiEvaluationsService, ApiConformance],
  exports: [ApiConformance, ApiEvaluationsService],
})
export class ApiEvaluationsModule {}
