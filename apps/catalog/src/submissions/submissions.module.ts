import { Module } from '@nestjs/common';
import { HistoryModule } from '../history';
import { IdeasModule } from '../ideas';
import { PoliciesModule } from '../policies';
import { SourceModule } from '../source';
import { SubmissionsHandler } from './submissions.handler';
import { SubmissionRecords } from './submissions.repository';
import { SubmissionsService } from './submissions.service';

/** Submitting a policy repository, editing or resubmitting it before review. */
@Module({
  imports: [HistoryModule, IdeasModule, PoliciesModule, SourceModule],
  controllers: [SubmissionsHandler],
  providers: [SubmissionRecords, SubmissionsService],
  exports: [SubmissionRecords],
})
export class SubmissionsModule {}
