import { Module } from '@nestjs/common';
import { HistoryModule } from '../history';
import { IdeasModule } from '../ideas';
import { RulesetsModule } from '../rulesets';
import { ValidationModule } from '../validation';
import { SubmissionsHandler } from './submissions.handler';
import { SubmissionRecords } from './submissions.repository';
import { SubmissionsService } from './submissions.service';

/** Submitting a ruleset repository, editing and resubmitting it; the review decides on it (`SubmissionRecords`). */
@Module({
  imports: [RulesetsModule, HistoryModule, IdeasModule, ValidationModule],
  controllers: [SubmissionsHandler],
  providers: [SubmissionRecords, SubmissionsService],
  exports: [SubmissionRecords],
})
export class SubmissionsModule {}
