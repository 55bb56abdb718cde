import { Inject, Injectable } from '@nestjs/common';
import {
  type CreateRevisionRequest,
  type PolicyRevision,
  type RequestContext,
  type ReviewRequest,
} from '@pc/contracts';
import { conflict, DomainError, notFound, unprocessable } from '@pc/platform';
import { DataSource } from 'typeorm';
import { isUniqueViolation, requireAdmin, requireUser } from '../common/caller';
import { HistoryRepository } from '../history/history.repository';
import { PolicyAccess } from '../policies/policy-access';
import { PoliciesRepository } from '../policies/policies.repository';
import { RepositoryInspector } from '../source/repository-inspector';
import { RevisionsRepository, toRevision } from './revisions.repository';

const DESCRIPTION = { min: 10, max: 20_000 };

/** Owner-proposed edits of a published policy's About text and repository, live only once approved. */
@Injectable()
export class RevisionsService {
  constructor(
    private readonly revisions: RevisionsRepository,
    private readonly policies: PoliciesRepository,
    private readonly access: PolicyAccess,
    private readonly history: HistoryRepository,
    private readonly inspector: RepositoryInspector,
    @Inject(DataSource) private readonly dataSource: DataSource,
  ) {}

  async propose(
    ctx: RequestContext,
    request: CreateRevisionRequest,
  ): Promise<{ revision: PolicyRevision; policy_name: string }> {
    const caller = requireUser(ctx);
    const policy = await this.access.owned(ctx, request.policyId);
    if (policy.status !== 'published') {
      throw conflict('The policy is not published yet: edit it directly instead of proposing a revision');
    }
    const value = request.value.trim();
    if (request.field === 'description') {
      if (value.length < DESCRIPTION.min || value.length > DESCRIPTION.max) {
        throw unprocessable('Invalid revision value', [
          { field: 'value', message: `must be ${DESCRIPTION.min} to ${DESCRIPTION.max} characters` },
        ]);
      }
    } else {
      const validation = await this.inspector.validate({
        projectType: policy.project_type,
        sourceHostUrl: value,
        implementationSourceHostUrl: policy.implementation_source_host_url ?? undefined,
      });
      if (!validation.ok) {
        throw unprocessable(
          'The new repository does not have the shape of a policy repository',
          validation.errors.map((message) => ({ field: 'value', message })),
        );
      }
    }
    const previous = request.field === 'description' ? policy.description : policy.source_host_url;
    try {
      const row = await this.dataSource.transaction(async (db) => {
        const inserted = await this.revisions.insert(db, {
          policy_id: policy.id,
          field: request.field,
          proposed_value: value,
          previous_value: previous,
          submitted_by: caller.userId,
        });
        await this.history.record(db, policy.id, caller.userId, 'revision_proposed', {
          revisionId: inserted.id,
          field: request.field,
        });
        return inserted;
      });
      return { revision: toRevision(row), policy_name: policy.name };
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new DomainError(
          'CATALOG.REVISION_PENDING',
          `A revision of ${request.field} is already pending`,
        );
      }
      throw error;
    }
  }

  async listMine(ctx: RequestContext, policyId: string): Promise<{ revisions: PolicyRevision[] }> {
    const caller = requireUser(ctx);
    await this.access.visible(ctx, policyId);
    return { revisions: (await this.revisions.listBy(policyId, caller.userId)).map(toRevision) };
  }

  /** The live value changes here, in the same transaction that decides the revision. */
  async approve(ctx: RequestContext, request: ReviewRequest): Promise<{ revision: PolicyRevision }> {
    const admin = requireAdmin(ctx);
    const row = await this.dataSource.transaction(async (db) => {
      const decided = await this.revisions.decide(
        db,
        request.id,
        'approved',
        admin.userId,
        request.feedback ?? null,
      );
      if (!decided) throw await this.notPending(request.id);
      await this.policies.update(db, decided.policy_id, {
        [decided.field]: decided.proposed_value,
      });
      await this.history.record(db, decided.policy_id, admin.userId, 'revision_approved', {
        revisionId: decided.id,
        field: decided.field,
      });
      return decided;
    });
    return { revision: toRevision(row) };
  }

  async reject(ctx: RequestContext, request: ReviewRequest): Promise<{ revision: PolicyRevision }> {
    const admin = requireAdmin(ctx);
    const row = await this.dataSource.transaction(async (db) => {
      const decided = await this.revisions.decide(
        db,
        request.id,
        'rejected',
        admin.userId,
        request.feedback ?? null,
      );
      if (!decided) throw await this.notPending(request.id);
      await this.history.record(db, decided.policy_id, admin.userId, 'revision_rejected', {
        revisionId: decided.id,
        field: decided.field,
        feedback: request.feedback ?? null,
      });
      return decided;
    });
    return { revision: toRevision(row) };
  }

  private async notPending(id: string): Promise<DomainError> {
    const existing = await this.revisions.findById(id);
    return existing ? conflict(`The revision was already ${existing.status}`) : notFound('Revision');
  }
}
