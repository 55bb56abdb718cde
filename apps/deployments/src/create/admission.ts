import { Injectable } from '@nestjs/common';
import { DomainError } from '@pc/platform';
import type { EntityManager } from 'typeorm';
import { DeploymentsEnv } from '../deployments.env';
import { AdmissionRepository } from './admission.repository';

const HOUR_MS = 3_600_000;
/** What a caller over the jobs-at-once limit is told to wait: about one build. */
const ACTIVE_RETRY_AFTER_S = 30;

/**
 * Per-author limits on what a deployment request adds, checked inside its transaction once its new
 * deployments are inserted (so the counts include them; a deduplicated target adds nothing):
 * deployments queued or running at once (`DEPLOY_MAX_ACTIVE_JOBS_PER_USER`) and targets per rolling hour
 * (`DEPLOY_MAX_TARGETS_PER_HOUR`). Past either: RATE_LIMITED (429) with the seconds to wait, and the
 * transaction rolls back, so nothing is written. An advisory lock per author serializes the checks.
 *
 * A roll-out counts toward the targets per hour like a deployment request to all its organizations, at
 * its creation (`admitRollout`, once its organizations are inserted): the organizations of active
 * roll-outs not deployed to yet count as targets, and become deployments as their steps start.
 */
@Injectable()
export class DeploymentAdmission {
  constructor(
    private readonly counts: AdmissionRepository,
    private readonly env: DeploymentsEnv,
  ) {}

  /** `added`: the deployments this transaction inserted. */
  async admit(db: EntityManager, userId: string, added: number, now = new Date()): Promise<void> {
    const maxActive = this.env.DEPLOY_MAX_ACTIVE_JOBS_PER_USER;
    const maxPerHour = this.env.DEPLOY_MAX_TARGETS_PER_HOUR;
    if (added === 0 || (maxActive === 0 && maxPerHour === 0)) return;
    await this.counts.lockAuthor(db, userId);
    if (maxActive > 0 && (await this.counts.activeJobs(db, userId)) > maxActive)
      throw new DomainError(
        'RATE_LIMITED',
        `At most ${maxActive} deployments of yours may be queued or running at once: wait for some to finish`,
        undefined,
        ACTIVE_RETRY_AFTER_S,
      );
    await this.admitTargets(db, userId, now);
  }

  /**
   * Holds the author's admissions until `db`'s transaction ends: a roll-out's creation takes it before it
   * counts the author's active roll-outs, so that creations at the same moment see each other's.
   */
  async lockAuthor(db: EntityManager, userId: string): Promise<void> {
    await this.counts.lockAuthor(db, userId);
  }

  /** A roll-out, once its organizations are inserted in `db`: they count as targets of this hour. */
  async admitRollout(db: EntityManager, userId: string, now = new Date()): Promise<void> {
    if (this.env.DEPLOY_MAX_TARGETS_PER_HOUR === 0) return;
    await this.counts.lockAuthor(db, userId);
    await this.admitTargets(db, userId, now);
  }

  private async admitTargets(db: EntityManager, userId: string, now: Date): Promise<void> {
    const maxPerHour = this.env.DEPLOY_MAX_TARGETS_PER_HOUR;
    if (maxPerHour > 0) {
      const recent = await this.counts.createdSince(db, userId, new Date(now.getTime() - HOUR_MS));
      if (recent.count + recent.reserved > maxPerHour) {
        // Past the limit by reserved roll-out organizations alone: an hour from now at the latest.
        const freesAt = (recent.oldest?.getTime() ?? now.getTime()) + HOUR_MS;
        throw new DomainError(
          'RATE_LIMITED',
          `At most ${maxPerHour} deployment targets per hour: try again later`,
          undefined,
          Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000)),
        );
      }
    }
  }
}
