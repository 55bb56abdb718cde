import { Module } from '@nestjs/common';
import { PlatformModule } from '../platform';
import { LedgerHandler } from './ledger.handler';
import { LedgerRepository } from './ledger.repository';
import { LedgerService } from './ledger.service';

/** What is installed where: the deployments ledger the catalog, rulesets and workspaces ask about. */
@Module({
  imports: [PlatformModule],
  controllers: [LedgerHandler],
  providers: [LedgerRepository, LedgerService],
})
export class LedgerModule {}
