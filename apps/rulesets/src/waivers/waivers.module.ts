import { Module } from '@nestjs/common';
import { ApiEvaluationsModule } from '../api-evaluations';
import { GovernedApisModule } from '../governed-apis';
import { RulesetsModule } from '../rulesets';
import { WaiverExpiry } from './waiver-expiry';
import { WaiversHandler } from './waivers.handler';
import { WaiversRepository } from './waivers.repository';
import { WaiversService } from './waivers.service';

/** Waivers of governed APIs' findings, and their expiry. */
@Module({
  imports: [GovernedApisModule, ApiEvaluationsModule, RulesetsModule],
  controllers: [WaiversHandler],
  providers: [WaiversRepository, WaiversService, WaiverExpiry],
})
export class WaiversModule {}
