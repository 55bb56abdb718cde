import { Injectable } from '@nestjs/common';
import { Database } from '@pc/platform';
import { DeploymentsEnv } from '../deployments.env';
import { JobScheduleRepository, type ReleasedJob } from './job-schedule.repository';

/** Jobs released in one pass at most (the rest in the next pass: the transaction stays short). */
const MAX_PER_PASS = 500;

/**
 * Decides which waiting jobs go to the work queue: each author has at most `DEPLOY_QUEUE_SLOTS_PER_USER`
 * jobs on the queue or running; the rest wait in the table, oldest first, and the author with the fewest
 * jobs out goes first. So one author's 250 builds put at most that many jobs ahead of another author's
 * deployment, which goes to the queue at once and starts in the next build slot that frees up (while the
 * workers' total concurrency is at least that many). One pass at a time across replicas (an advisory lock).
 */
@Injectable()
export class JobScheduler {
  constructor(
    private readonly db: Database,
    private readonly schedule: JobScheduleRepository,
    private readonly env: DeploymentsEnv,
  ) {}

  /** Marks the jobs released and answers them, to be enqueued once this has committed. */
  async releaseFree(): Promise<ReleasedJob[]> {
    return this.db.transaction(async (tx) => {
      await this.schedule.lockReleasePass(tx);
      return this.schedule.releaseNext(tx, this.env.DEPLOY_QUEUE_SLOTS_PER_USER, MAX_PER_PASS);
    });
  }
}
