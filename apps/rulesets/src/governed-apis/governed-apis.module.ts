import { Module } from '@nestjs/common';
import { EvaluationModule } from '../evaluation';
import { GovernanceAccess } from './governance-access';
import { GovernedApiAccess } from './governed-api-access';
import { GovernedApisHandler } from './governed-apis.handler';
import { GovernedApisRepository } from './governed-apis.repository';
import { GovernedApisService } from './governed-apis.service';

/**
 * API governance's base: the APIs a workspace registers, their documents and the workspace's threshold,
 * and who may act on them (the caller's role in the workspace). Profiles, evaluations and waivers build on it.
 * A document too large for one bus message arrives in parts, taken from `SpecificationUploads`.
 */
@Module({
  imports: [EvaluationModule],
  controllers: [GovernedApisHandler],
  providers: [GovernanceAccess, GovernedApiAccess, GovernedApisRepository, GovernedApisService],
  exports: [GovernanceAccess, GovernedApiAccess, GovernedApisRepository, GovernedApisService],
})
export class GovernedApisModule {}
