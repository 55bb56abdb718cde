import { Module } from '@nestjs/common';
import { AdoptionHandler } from './adoption.handler';
import { AdoptionRepository } from './adoption.repository';
import { AdoptionService } from './adoption.service';

/** Adoption per version of a policy or ruleset, from the deployments ledger. */
@Module({ controllers: [AdoptionHandler], providers: [AdoptionRepository, AdoptionService] })
export class AdoptionModule {}
