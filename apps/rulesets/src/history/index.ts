export { HistoryModule } from './history.module';
export { SubmissionHistory } from './history.service';
export type { HistoryRecord } from './history.repository';
