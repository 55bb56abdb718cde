export { HistoryModule } from './history.module';
export { type HistoryRecord, SubmissionHistory } from './submission-history.repository';
