import { Injectable } from '@nestjs/common';
import type { PolicyResult, RequestContext, RevisionField, UpdatePolicyRequest } from '@pc/contracts';
import { Database, forbidden, type PrebuiltJson } from '@pc/platform';
import { requireUser } from '../common/caller';
import { PolicyHistory } from '../history';
import { type PolicyChanges, PolicyAccess, PolicyReadsService, PolicyRecords } from '../policies';
import {
  onePendingPerField,
  type ProposedRepositories,
  type RevisionDraft,
  RevisionsService,
} from '../revisions';
import { SubmissionRecords } from '../submissions';
import { catalogError } from '../common/catalog.errors';

/**
 * An owner's or administrator's edit of a policy: fields applied at once, and on a published policy
 * the About text and repositories filed as revisions for review.
 */
@Injectable()
export class PolicyEditsService {
  constructor(
    private readonly db: Database,
    private readonly policies: PolicyRecords,
    private readonly access: PolicyAccess,
    private readonly reads: PolicyReadsService,
    private readonly history: PolicyHistory,
    private readonly revisions: RevisionsService,
    private readonly submissions: SubmissionRecords,
  ) {}

  /**
   * The owner (or an administrator) changes fields directly; `sourceRef` and `implementationSourceRef`
   * are for administrators only. Repository URLs are never changed here before publication (the
   * submission validates them: 422 pointing there). On a published policy a changed `description`,
   * `sourceHostUrl` or `implementationSourceHostUrl` is not applied: it is filed as a pending revision
   * (owner only: 403 for others, administrators included). Everything is checked first; the field
   * changes and every revision are then written in one transaction, or nothing is.
   */
  async update(ctx: RequestContext, request: UpdatePolicyRequest): Promise<PrebuiltJson<PolicyResult>> {
    const caller = requireUser(ctx);
    const current = await this.access.editable(ctx, request.id);
    if (
      (request.sourceRef !== undefined || request.implementationSourceRef !== undefined) &&
      !caller.isAdmin
    ) {
      throw forbidden('Only an administrator may change sourceRef or implementationSourceRef');
    }
    const published = current.status === 'published';
    const repositories: ProposedRepositories = {
      sourceHostUrl: changedTo(request.sourceHostUrl?.trim(), current.source_host_url),
      implementationSourceHostUrl: changedTo(
        emptyToNull(request.implementationSourceHostUrl),
        current.implementation_source_host_url,
      ),
    };
    if (
      !published &&
      (repositories.sourceHostUrl !== undefined || repositories.implementationSourceHostUrl !== undefined)
    ) {
      throw catalogError(
        'CATALOG.POLICY_REPOSITORY_VIA_SUBMISSION',
        'Before publication a repository changes through PATCH /api/submissions/{id}, which validates it',
        [
          ...(repositories.sourceHostUrl !== undefined
            ? [{ field: 'sourceHostUrl', message: 'change it on the submission' }]
            : []),
          ...(repositories.implementationSourceHostUrl !== undefined
            ? [{ field: 'implementationSourceHostUrl', message: 'change it on the submission' }]
            : []),
        ],
      );
    }
    const proposals: Array<[RevisionField, string]> = [];
    if (published) {
      const description = changedTo(request.description, current.description);
      if (description !== undefined) proposals.push(['description', description]);
      if (repositories.sourceHostUrl !== undefined)
        proposals.push(['source_host_url', repositories.sourceHostUrl]);
      if (repositories.implementationSourceHostUrl !== undefined)
        proposals.push(['implementation_source_host_url', repositories.implementationSourceHostUrl ?? '']);
      if (proposals.length > 0 && caller.userId !== current.owner_id) {
        throw forbidden('Only the owner may propose a new description or repository of a published policy');
      }
    }
    const drafts: RevisionDraft[] = [];
    for (const [field, value] of proposals)
      drafts.push(await this.revisions.check(current, field, value, repositories));
    const changes: PolicyChanges = {
      name: request.name?.trim(),
      category: request.category,
      video_tutorial_url: emptyToNull(request.videoTutorialUrl),
      examples_url: emptyToNull(request.examplesUrl),
      source_ref: emptyToNull(request.sourceRef),
      implementation_source_ref: emptyToNull(request.implementationSourceRef),
      icon_url: emptyToNull(request.iconUrl),
      icon_disabled: request.iconDisabled,
      direction: request.direction,
      asset_kinds: request.assetKinds,
      a2a_protocol_versions: request.a2aProtocolVersions,
      description: published ? undefined : request.description,
    };
    const changed = Object.entries(changes)
      .filter(
        ([column, value]) => value !== undefined && !sameValue(value, current[column as keyof PolicyChanges]),
      )
      .map(([column]) => column);
    await onePendingPerField(() =>
      this.db.transaction(async (db) => {
        // The submission's lock first, then the policy's: the order an approval takes them in.
        const submission = await this.submissions.findByListing(db, current.id, true);
        const locked = await this.policies.findById(db, current.id, true);
        if (!locked || locked.status !== current.status) {
          throw catalogError(
            'CATALOG.POLICY_REVIEWED_MEANWHILE',
            'The policy was reviewed while this change was made: reload it and try again',
          );
        }
        await this.policies.update(db, current.id, changes);
        if (!published && submission && (changes.name !== undefined || changes.description !== undefined)) {
          // What the administrator reviews is what will be published.
          await this.submissions.update(db, submission.id, {
            name: changes.name?.trim(),
            description: changes.description,
          });
        }
        if (changed.length > 0)
          await this.history.record(db, current.id, caller.userId, 'edited', { fields: changed });
        for (const draft of drafts) await this.revisions.file(db, current.id, caller.userId, draft);
      }),
    );
    return this.reads.getJson(ctx, current.id);
  }
}

/** `next` when it is given and differs from `current`, else undefined. */
function changedTo<T extends string | null>(next: T | undefined, current: T): T | undefined {
  return next !== undefined && next !== current ? next : undefined;
}

function emptyToNull(value: string | undefined): string | null | undefined {
  return value === undefined ? undefined : value.trim() === '' ? null : value.trim();
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
