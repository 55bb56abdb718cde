import { Module } from '@nestjs/common';
import { RulesetsModule } from '../rulesets';
import { OwnershipHandler } from './ownership.handler';
import { OwnershipRepository } from './ownership.repository';
import { OwnershipService } from './ownership.service';

/**
 * Whose a ruleset is, its move to the recipient of a transfer, and the end of a transfer cancelled,
 * rejected or expired (the catalog owns transfers; this service records which came first).
 */
@Module({
  imports: [RulesetsModule],
  controllers: [OwnershipHandler],
  providers: [OwnershipRepository, OwnershipService],
})
export class OwnershipModule {}
