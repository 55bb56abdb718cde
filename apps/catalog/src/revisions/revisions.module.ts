import { Module } from '@nestjs/common';
import { HistoryModule } from '../history';
import { PoliciesModule } from '../policies';
import { SourceModule } from '../source';
import { RevisionsHandler } from './revisions.handler';
import { RevisionsRepository } from './revisions.repository';
import { RevisionsService } from './revisions.service';

/** Owner-proposed changes of a published policy's About text and repositories, live once approved. */
@Module({
  imports: [HistoryModule, PoliciesModule, SourceModule],
  controllers: [RevisionsHandler],
  providers: [RevisionsRepository, RevisionsService],
  exports: [RevisionsService],
})
export class RevisionsModule {}
