import { Module } from '@nestjs/common';
import { RulesetsModule } from '../rulesets';
import { OwnershipHandler } from './ownership.handler';
import { OwnershipRepository } from './ownership.repository';
import { OwnershipService } from './ownership.service';

/** Whose a ruleset is, and its move to the recipient of a transfer (the catalog owns transfers). */
@Module({
  imports: [RulesetsModule],
  controllers: [OwnershipHandler],
  providers: [OwnershipRepository, OwnershipService],
})
export class OwnershipModule {}
