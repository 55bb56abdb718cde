import { Module } from '@nestjs/common';
import { GovernedApisModule } from '../governed-apis';
import { RulesetsModule } from '../rulesets';
import { ProfilesHandler } from './profiles.handler';
import { ProfilesRepository } from './profiles.repository';
import { ProfilesService } from './profiles.service';

/** Governance profiles: which rulesets govern which of a workspace's APIs. */
@Module({
  imports: [GovernedApisModule, RulesetsModule],
  controllers: [ProfilesHandler],
  providers: [ProfilesRepository, ProfilesService],
  exports: [ProfilesRepository],
})
export class ProfilesModule {}
