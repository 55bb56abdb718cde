import { Module } from '@nestjs/common';
import { DeploymentsFeatureModule } from '../deployments';
import { JobQueue } from './job-queue';
import { JobScheduleRepository } from './job-schedule.repository';
import { JobScheduler } from './job-scheduler';
import { JobsHandler } from './jobs.handler';
import { JobsService } from './jobs.service';

/** Jobs: cancel, unpublish, delete a release; the fair scheduler and the queue other features enqueue on. */
@Module({
  imports: [DeploymentsFeatureModule],
  controllers: [JobsHandler],
  providers: [JobScheduleRepository, JobScheduler, JobQueue, JobsService],
  exports: [JobQueue],
})
export class JobsModule {}
