import { Module } from '@nestjs/common';
import { HistoryModule } from '../history';
import { PoliciesModule } from '../policies';
import { SourceModule } from '../source';
import { PinsHandler } from './pins.handler';
import { PinsService } from './pins.service';

/** An administrator's pin of a policy's reviewed commit (and its content digest). */
@Module({
  imports: [HistoryModule, PoliciesModule, SourceModule],
  controllers: [PinsHandler],
  providers: [PinsService],
})
export class PinsModule {}
