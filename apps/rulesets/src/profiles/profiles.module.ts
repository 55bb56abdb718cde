import { Module } from '@nestjs/common';
import { GovernedApisModule } from '../governed-apis';
import { RulesetsModule } from '../rulesets';
import { ProfilesHandler } from './profiles.handler';
import { ProfilesRepository } from './profiles.repository';
import { ProfilesService } from './profiles.service';
import { RulesetVersions } from './ruleset-versions';
import { RulesetVersionsRepository } from './ruleset-versions.repository';

/** Governance profiles: which rulesets (at which reviewed version) govern which of a workspace's APIs. */
@Module({
  imports: [GovernedApisModule, RulesetsModule],
  controllers: [ProfilesHandler],
  providers: [ProfilesRepository, ProfilesService, RulesetVersionsRepository, RulesetVersions],
  exports: [ProfilesRepository, RulesetVersions],
})
export class ProfilesModule {}
