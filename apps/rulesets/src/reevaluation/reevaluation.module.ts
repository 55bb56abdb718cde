import { Module } from '@nestjs/common';
import { ApiEvaluationsModule } from '../api-evaluations';
import { GovernedApisModule } from '../governed-apis';
import { ProfilesModule } from '../profiles';
import { RulesetsModule } from '../rulesets';
import { ReevaluationQueue } from './reevaluation.queue';
import { ReevaluationRepository } from './reevaluation.repository';

/** Governed APIs evaluated again when a ruleset they follow publishes a new version, or their ref moves. */
@Module({
  imports: [ApiEvaluationsModule, GovernedApisModule, ProfilesModule, RulesetsModule],
  providers: [ReevaluationRepository, ReevaluationQueue],
})
export class ReevaluationModule {}
