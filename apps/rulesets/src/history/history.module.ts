import { Module } from '@nestjs/common';
import { SubmissionHistory } from './submission-history.repository';

/** Every change of a submission, recorded by the feature that makes it. */
@Module({ providers: [SubmissionHistory], exports: [SubmissionHistory] })
export class HistoryModule {}
