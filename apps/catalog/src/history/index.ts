export { HistoryModule } from './history.module';
export { PolicyHistory } from './policy-history.repository';
