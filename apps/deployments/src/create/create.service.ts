import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  CatalogRpc,
  ConnectionsRpc,
  type CreateDeploymentRequest,
  type CreateDeploymentResult,
  type DeploymentResult,
  type Organization,
  type Policy,
  type RequestContext,
  type UserCaller,
  VERSION_PATTERN,
  WorkspacesRpc,
} from '@pc/contracts';
import { badRequest, BusClient, createLogger, DomainError, notFound, unprocessable } from '@pc/platform';
import { requireUser } from '../common/caller';
import type { JobRow } from '../deployments/deployment.rows';
import { DeploymentsRepository, type NewDeployment } from '../deployments/deployments.repository';
import { JobQueue } from '../jobs/job-queue';
import { IdempotencyRepository } from './idempotency.repository';

const log = createLogger('deployments');

/**
 * POST /api/deployments: checks, then one deployment and one job per target organization.
 * - the caller may deploy the policy (the catalog shows it to them, else 404);
 * - the workspace is one they are an active member of (else 404) and not archived (409);
 * - the connection is theirs, or actively shared into that workspace (else 422);
 * - each target is an organization the connection's credential may deploy to (else that entry fails: 207);
 * - a second identical request while the first is in flight gets the first's deployment, `deduped`;
 * - an Idempotency-Key returns the first answer for the same body, 422 for another body.
 */
@Injectable()
export class CreateDeploymentService {
  constructor(
    private readonly bus: BusClient,
    private readonly deployments: DeploymentsRepository,
    private readonly idempotency: IdempotencyRepository,
    private readonly queue: JobQueue,
  ) {}

  async create(ctx: RequestContext, req: CreateDeploymentRequest): Promise<CreateDeploymentResult> {
    const caller = requireUser(ctx);
    const { idempotencyKey, ...body } = req;
    if ((req.assetType ?? 'policy') === 'ruleset')
      throw badRequest('Ruleset deployments are not available yet', [
        { field: 'assetType', message: 'only policy deployments are available in this version' },
      ]);
    if (!req.policyId) throw badRequest('policyId is required', [{ field: 'policyId', message: 'required' }]);
    if (req.version !== undefined && !VERSION_PATTERN.test(req.version))
      throw badRequest('version must be MAJOR.MINOR.PATCH', [
        { field: 'version', message: 'three dot-separated non-negative integers, no prefix or suffix' },
      ]);
    const targets = [...new Set(req.targetOrganizationIds)];
    const requestHash = hash(JSON.stringify(canonical(body)));

    if (idempotencyKey !== undefined) {
      const replay = await this.replay(caller, idempotencyKey, requestHash);
      if (replay) return replay;
    }

    const policy = await this.deployablePolicy(ctx, req.policyId);
    await this.usableConnection(ctx, req.workspaceId, req.connectionId);
    const eligible = await this.eligibleOrganizations(ctx, req.policyId, req.connectionId);

    const created: JobRow[] = [];
    const result = await this.deployments.transaction(async (db) => {
      if (idempotencyKey !== undefined) {
        const claim = await this.idempotency.claim(db, caller.userId, idempotencyKey, requestHash);
        if (!claim.claimed) return this.answerFor(claim, requestHash);
      }
      const results: DeploymentResult[] = [];
      for (const orgId of targets) {
        const org = eligible.get(orgId);
        if (!org) {
          results.push({
            ok: false,
            organizationId: orgId,
            organizationName: null,
            error:
              'The connection cannot deploy to this organization: it is not one the credential reaches ' +
              'with deploy rights',
            deployment: null,
          });
          continue;
        }
        const row: NewDeployment = {
          asset_type: 'policy',
          policy_id: policy.id,
          ruleset_id: null,
          asset_name: policy.name,
          asset_slug: policy.slug,
          connection_id: req.connectionId,
          workspace_id: req.workspaceId,
          created_by: caller.userId,
          platform_org_id: org.id,
          platform_org_name: org.name,
          do_publish: req.doPublish ?? false,
          do_release: req.doRelease ?? false,
          cleanup_dev: req.cleanupDev ?? false,
          ref: req.ref ?? null,
          implementation_ref: req.implementationRef ?? null,
          requested_version: req.version ?? null,
          source: {
            source_host_url: policy.source_host_url,
            implementation_source_host_url: policy.implementation_source_host_url,
            source_ref: policy.source_ref,
            implementation_source_ref: policy.implementation_source_ref,
            description: policy.description,
          },
          dedupe_key: '',
        };
        row.dedupe_key = hash(
          JSON.stringify([
            caller.userId,
            row.asset_type,
            row.policy_id,
            row.connection_id,
            row.workspace_id,
            row.platform_org_id,
            row.do_publish,
            row.do_release,
            row.cleanup_dev,
            row.ref,
            row.implementation_ref,
            row.requested_version,
          ]),
        );
        const { row: deployment, deduped } = await this.deployments.insertOrFindInFlight(db, row);
        if (!deduped) {
          const job = await this.deployments.insertJob(db, deployment.id, 'deploy');
          if (job) created.push(job);
        }
        results.push({
          ok: true,
          organizationId: org.id,
          organizationName: org.name,
          error: null,
          deployment: { id: deployment.id, status: deployment.status, deduped },
        });
      }
      const answer: CreateDeploymentResult = {
        status: results.every((r) => r.ok) ? 201 : 207,
        results,
      };
      if (idempotencyKey !== undefined)
        await this.idempotency.store(db, caller.userId, idempotencyKey, answer);
      return answer;
    });
    for (const job of created) {
      // Committed: a job that cannot be enqueued now is enqueued at the next start (see JobQueue).
      await this.queue
        .enqueue(job)
        .catch((error: unknown) => log.error({ err: error, job: job.id }, 'enqueue failed after commit'));
    }
    return result;
  }

  private async replay(
    caller: UserCaller,
    key: string,
    requestHash: string,
  ): Promise<CreateDeploymentResult | null> {
    const stored = await this.deployments.db.query<
      Array<{ request_hash: string; response: CreateDeploymentResult | null }>
    >(`SELECT request_hash, response FROM deployments.idempotency_keys WHERE user_id = $1 AND key = $2`, [
      caller.userId,
      key,
    ]);
    const row = stored[0];
    if (!row || row.response === null) return null;
    return this.answerFor({ requestHash: row.request_hash, response: row.response }, requestHash);
  }

  private answerFor(
    stored: { requestHash: string; response: CreateDeploymentResult | null },
    requestHash: string,
  ): CreateDeploymentResult {
    if (stored.requestHash !== requestHash)
      throw unprocessable('This Idempotency-Key was used with a different request body');
    if (stored.response === null)
      throw new DomainError('CONFLICT', 'A request with this Idempotency-Key is still being processed');
    return stored.response;
  }

  private async deployablePolicy(ctx: RequestContext, policyId: string): Promise<Policy> {
    // The catalog answers 404 for a policy the caller may not see, and so may not deploy.
    const { policy } = await this.bus.request(CatalogRpc.getPolicy, ctx, { id: policyId });
    return policy;
  }

  /** Owner of the connection, or it is actively shared into the workspace; the caller an active member. */
  private async usableConnection(
    ctx: RequestContext,
    workspaceId: string,
    connectionId: string,
  ): Promise<void> {
    const { workspace } = await this.bus.request(WorkspacesRpc.get, ctx, { id: workspaceId });
    if (workspace.role === null) throw notFound('Workspace');
    if (workspace.archived_at !== null)
      throw new DomainError(
        'WORKSPACES.ARCHIVED',
        'This workspace is archived: unarchive it before deploying',
      );
    const shared = workspace.connections.some((c) => c.id === connectionId && c.disabled_at === null);
    if (shared) return;
    const { owned } = await this.bus.request(ConnectionsRpc.ownership, ctx, { id: connectionId });
    if (owned) return;
    throw unprocessable('The connection is neither yours nor actively shared into this workspace', [
      { field: 'connectionId', message: 'not usable in this workspace' },
    ]);
  }

  private async eligibleOrganizations(
    ctx: RequestContext,
    policyId: string,
    connectionId: string,
  ): Promise<Map<string, Organization>> {
    const { orgs } = await this.bus.request(ConnectionsRpc.listEligibleOrgs, ctx, { policyId, connectionId });
    return new Map(orgs.map((o) => [o.id, o]));
  }
}

function hash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The body with its keys sorted, so that two equal bodies hash alike whatever their key order. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, canonical(v)]),
    );
  return value;
}
