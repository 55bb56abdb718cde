import { Module } from '@nestjs/common';
import { HistoryModule } from '../history';
import { IdeasModule } from '../ideas';
import { PoliciesModule } from '../policies';
import { SourceModule } from '../source';
import { SubmissionRecords } from './submission-records.service';
import { SubmissionsHandler } from './submissions.handler';
import { SubmissionsRepository } from './submissions.repository';
import { SubmissionsService } from './submissions.service';

/** Submitting a policy repository, editing or resubmitting it before review. */
@Module({
  imports: [HistoryModule, IdeasModule, PoliciesModule, SourceModule],
  controllers: [SubmissionsHandler],
  providers: [SubmissionsRepository, SubmissionsService, SubmissionRecords],
  exports: [SubmissionRecords],
})
export class SubmissionsModule {}
