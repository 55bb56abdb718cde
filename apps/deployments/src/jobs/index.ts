export { JobsModule } from './jobs.module';
export { JobQueue } from './job-queue';
