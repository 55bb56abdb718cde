import { Module } from '@nestjs/common';
import { AccessModule } from '../access';
import { DeploymentsLedgerModule } from '../deployments';
import { SharesHandler } from './shares.handler';
import { SharesRepository } from './shares.repository';
import { SharesService } from './shares.service';

/** Connections shared into workspaces; other features pause, count and list shares through SharesService. */
@Module({
  imports: [AccessModule, DeploymentsLedgerModule],
  controllers: [SharesHandler],
  providers: [SharesRepository, SharesService],
  exports: [SharesService],
})
export class SharesModule {}
