import { Module } from '@nestjs/common';
import { AccessModule } from '../access';
import { DeploymentsLedgerModule } from '../deployments';
import { MembersModule } from '../members';
import { SharesModule } from '../shares';
import { WorkspacesHandler } from './workspaces.handler';
import { WorkspacesRepository } from './workspaces.repository';
import { WorkspacesService } from './workspaces.service';

/** Workspaces themselves: the list, creation, the detail (members and shares), rename and archive. */
@Module({
  imports: [AccessModule, MembersModule, SharesModule, DeploymentsLedgerModule],
  controllers: [WorkspacesHandler],
  providers: [WorkspacesRepository, WorkspacesService],
})
export class WorkspacesFeatureModule {}
