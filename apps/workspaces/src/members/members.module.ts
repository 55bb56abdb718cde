import { Module } from '@nestjs/common';
import { AccessModule } from '../access';
import { DeploymentsLedgerModule } from '../deployments';
import { SharesModule } from '../shares';
import { MembersHandler } from './members.handler';
import { MembersRepository } from './members.repository';
import { MembersService } from './members.service';

/** Members of created workspaces; the workspaces feature claims memberships and lists members through it. */
@Module({
  imports: [AccessModule, SharesModule, DeploymentsLedgerModule],
  controllers: [MembersHandler],
  providers: [MembersRepository, MembersService],
  exports: [MembersService],
})
export class MembersModule {}
