import { Module } from '@nestjs/common';
import { HistoryRepository } from './history.repository';
import { SubmissionHistory } from './history.service';

/** Every change of a submission, recorded by the feature that makes it. */
@Module({ providers: [HistoryRepository, SubmissionHistory], exports: [SubmissionHistory] })
export class HistoryModule {}
