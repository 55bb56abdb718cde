export { SyncModule } from './sync.module';
