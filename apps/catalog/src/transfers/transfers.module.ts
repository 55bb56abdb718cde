import { Module } from '@nestjs/common';
import { HistoryModule } from '../history';
import { PoliciesModule } from '../policies';
import { RevisionsModule } from '../revisions';
import { TransfersHandler } from './transfers.handler';
import { TransfersRepository } from './transfers.repository';
import { TransfersService } from './transfers.service';

/** Ownership transfers of a policy: offered by the owner, accepted or rejected by the recipient. */
@Module({
  imports: [HistoryModule, PoliciesModule, RevisionsModule],
  controllers: [TransfersHandler],
  providers: [TransfersRepository, TransfersService],
})
export class TransfersModule {}
