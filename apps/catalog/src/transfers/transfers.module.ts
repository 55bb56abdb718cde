import { Module } from '@nestjs/common';
import { HistoryModule } from '../history';
import { PoliciesModule } from '../policies';
import { RevisionsModule } from '../revisions';
import { RulesetWithdrawnSubscriber } from './ruleset-withdrawn.subscriber';
import { TransfersHandler } from './transfers.handler';
import { TransfersRepository } from './transfers.repository';
import { TransfersService } from './transfers.service';

/**
 * Ownership transfers of a policy or a ruleset: offered by the owner, accepted or rejected by the
 * recipient; those of a ruleset withdrawn before publication end with it.
 */
@Module({
  imports: [HistoryModule, PoliciesModule, RevisionsModule],
  controllers: [TransfersHandler],
  providers: [TransfersRepository, TransfersService, RulesetWithdrawnSubscriber],
})
export class TransfersModule {}
