import { Module } from '@nestjs/common';
import { IdeasModule } from '../ideas';
import { VendorModule } from '../vendor';
import { RulesetAccess } from './ruleset-access';
import { RulesetPresenter } from './ruleset.presenter';
import { RulesetWrites } from './ruleset-writes';
import { RulesetsHandler } from './rulesets.handler';
import { RulesetsRepository } from './rulesets.repository';
import { RulesetsService } from './rulesets.service';

/**
 * Rulesets as they are listed and read. Other features find one for a caller (`RulesetAccess`), answer
 * with it as it is read (`RulesetsService.get`) and change it in their own transaction (`RulesetWrites`);
 * none reaches its SQL.
 */
@Module({
  imports: [IdeasModule, VendorModule],
  controllers: [RulesetsHandler],
  providers: [RulesetsRepository, RulesetAccess, RulesetPresenter, RulesetWrites, RulesetsService],
  exports: [RulesetAccess, RulesetsService, RulesetWrites],
})
export class RulesetsModule {}
