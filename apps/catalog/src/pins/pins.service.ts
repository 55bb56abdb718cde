import { Injectable } from '@nestjs/common';
import {
  CatalogEvents,
  type ChangesSinceReview,
  type PinPolicyRequest,
  type PolicyResult,
  type RequestContext,
} from '@pc/contracts';
import { Database } from '@pc/platform';
import { requireAdmin } from '../common/caller';
import { PolicyHistory } from '../history';
import { Outbox, SourceChanges } from '@pc/listings';
import { PolicyAccess, PolicyReadsService, PolicyRecords } from '../policies';
import { RepositoryInspector } from '../source';
import { catalogError } from '../common/catalog.errors';

/**
 * The reviewed commit a release builds: an administrator's pin (for a published policy with none, or to
 * move it by hand) and "changes since review", how far the source refs have moved on since the pin.
 */
@Injectable()
export class PinsService {
  constructor(
    private readonly policies: PolicyRecords,
    private readonly reads: PolicyReadsService,
    private readonly access: PolicyAccess,
    private readonly history: PolicyHistory,
    private readonly inspector: RepositoryInspector,
    private readonly changes: SourceChanges,
    private readonly db: Database,
    private readonly outbox: Outbox,
  ) {}

  /**
   * Validates the policy repository at the commit given (else its ref's commit now) and pins that commit
   * and its content digest: 422 when the policy is not published or the repository is not valid there.
   */
  async pin(ctx: RequestContext, request: PinPolicyRequest): Promise<PolicyResult> {
    const admin = requireAdmin(ctx);
    const policy = await this.access.visible(ctx, request.id);
    if (policy.status !== 'published')
      throw catalogError(
        'CATALOG.POLICY_NOT_PUBLISHED',
        'Only a published policy is pinned (approval pins a submission)',
        [{ field: 'id', message: 'is not published' }],
      );
    const split = policy.project_type === 'split';
    if (!split && request.implementationCommit !== undefined)
      throw catalogError('CATALOG.POLICY_NOT_SPLIT', 'A unified policy has no implementation repository', [
        { field: 'implementationCommit', message: 'applies to split policies only' },
      ]);
    const validation = await this.inspector.validate({
      projectType: policy.project_type,
      sourceHostUrl: policy.source_host_url,
      implementationSourceHostUrl: policy.implementation_source_host_url ?? undefined,
      sourceRef: request.commit ?? policy.source_ref ?? undefined,
      implementationSourceRef: request.implementationCommit ?? policy.implementation_source_ref ?? undefined,
    });
    if (!validation.ok || !validation.commit)
      throw catalogError(
        'CATALOG.PIN_REPOSITORY_INVALID',
        'The repository is not a valid policy repository at that commit',
        validation.errors.map((message) => ({ field: 'commit', message })),
      );
    await this.db.transaction(async (db) => {
      await this.policies.update(db, policy.id, {
        pinned_commit: validation.commit,
        pinned_content_digest: validation.contentDigest ?? null,
        implementation_pinned_commit: split ? validation.implementationCommit : null,
        implementation_pinned_content_digest: split ? (validation.implementationContentDigest ?? null) : null,
        pinned_at: new Date(),
        pinned_by: admin.userId,
        pinned_how: 'admin',
      });
      await this.history.record(db, policy.id, admin.userId, 'pinned', {
        commit: validation.commit,
        contentDigest: validation.contentDigest ?? null,
        implementationCommit: split ? validation.implementationCommit : null,
      });
      await this.outbox.addEvent(db, CatalogEvents.versionPublished, {
        policy_id: policy.id,
        policy_name: policy.name,
        commit: validation.commit ?? null,
        content_digest: validation.contentDigest ?? null,
        how: 'admin',
      });
    });
    this.outbox.kick();
    return this.reads.get(ctx, policy.id);
  }

  /** For whoever sees the policy: the source host's compare of the pin with each ref's head. */
  async changesSinceReview(ctx: RequestContext, id: string): Promise<ChangesSinceReview> {
    const policy = await this.access.visible(ctx, id);
    const split = policy.project_type === 'split';
    return this.changes.since(
      policy.pinned_commit
        ? { url: policy.source_host_url, ref: policy.source_ref, pinned: policy.pinned_commit }
        : null,
      split && policy.implementation_source_host_url && policy.implementation_pinned_commit
        ? {
            url: policy.implementation_source_host_url,
            ref: policy.implementation_source_ref,
            pinned: policy.implementation_pinned_commit,
          }
        : null,
    );
  }
}
