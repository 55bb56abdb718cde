export { IdeasModule } from './ideas.module';
export { IdeasClient } from './ideas.client';
