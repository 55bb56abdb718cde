import { Injectable } from '@nestjs/common';
import {
  type PinPolicyRequest,
  type PolicyResult,
  type SubmissionValidation,
  type RequestContext,
} from '@pc/contracts';
import { type KindPins, Outbox, type PinnedSource } from '@pc/listings';
import type { Executor, PrebuiltJson } from '@pc/platform';
import { catalogError } from '../common/catalog.errors';
import { policyPins, versionPublished } from '../common/policy-events';
import { PolicyHistory } from '../history';
import {
  PolicyAccess,
  PolicyReadsService,
  PolicyRecords,
  type PolicyRow,
  repositoryLabels,
  sourcesOf,
} from '../policies';
import { RepositoryInspector } from '../source';

/** A policy's pins, to the kernel's `Pinning`: its source and, for a split policy, its implementation repository. */
@Injectable()
export class PinsService implements KindPins<
  PolicyRow,
  PinPolicyRequest,
  SubmissionValidation,
  PrebuiltJson<PolicyResult>
> {
  readonly rules = {
    noun: 'policy',
    notPublished: 'CATALOG.POLICY_NOT_PUBLISHED',
    invalid: 'CATALOG.PIN_REPOSITORY_INVALID',
  } as const;

  constructor(
    readonly access: PolicyAccess,
    private readonly policies: PolicyRecords,
    private readonly reads: PolicyReadsService,
    private readonly history: PolicyHistory,
    private readonly inspector: RepositoryInspector,
    private readonly outbox: Outbox,
  ) {}

  /** 422 for a commit of an implementation the policy lacks. */
  inspect(policy: PolicyRow, request: PinPolicyRequest): Promise<SubmissionValidation> {
    if (policy.project_type !== 'split' && request.implementationCommit !== undefined)
      throw catalogError('CATALOG.POLICY_NOT_SPLIT', 'A unified policy has no implementation repository', [
        { field: 'implementationCommit', message: 'applies to split policies only' },
      ]);
    return this.inspector.validate({
      name: policy.name,
      description: policy.description,
      projectType: policy.project_type,
      sourceHostUrl: policy.source_host_url,
      implementationSourceHostUrl: policy.implementation_source_host_url ?? undefined,
      sourceRef: request.commit ?? policy.source_ref ?? undefined,
      implementationSourceRef: request.implementationCommit ?? policy.implementation_source_ref ?? undefined,
    });
  }

  inspected(policy: PolicyRow): unknown[] {
    return sourcesOf(policy);
  }

  async record(
    db: Executor,
    policy: PolicyRow,
    validation: SubmissionValidation,
    adminId: string,
  ): Promise<PolicyRow> {
    const pins = policyPins('admin', adminId, policy.project_type, validation);
    // Read at the commit pinned now, the policy takes what it says of itself there.
    const pinned = await this.policies.update(db, policy.id, {
      ...pins,
      ...repositoryLabels(policy, validation),
    });
    await this.history.record(db, policy.id, adminId, 'pinned', {
      commit: pins.pinned_commit,
      contentDigest: pins.pinned_content_digest,
      implementationCommit: pins.implementation_pinned_commit,
    });
    await versionPublished(this.outbox, db, policy, pins, 'admin');
    return pinned;
  }

  present(ctx: RequestContext, policy: PolicyRow): Promise<PrebuiltJson<PolicyResult>> {
    return this.reads.getJson(ctx, policy.id);
  }

  pinnedSources(policy: PolicyRow): [PinnedSource | null, PinnedSource | null] {
    return [
      policy.pinned_commit
        ? { url: policy.source_host_url, ref: policy.source_ref, pinned: policy.pinned_commit }
        : null,
      policy.project_type === 'split' &&
      policy.implementation_source_host_url &&
      policy.implementation_pinned_commit
        ? {
            url: policy.implementation_source_host_url,
            ref: policy.implementation_source_ref,
            pinned: policy.implementation_pinned_commit,
          }
        : null,
    ];
  }
}
