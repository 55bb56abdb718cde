export { DriftModule } from './drift.module';
