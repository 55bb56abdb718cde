import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  type AssetType,
  CatalogRpc,
  CONNECTION_LIMITS,
  ConnectionsRpc,
  type CreateDeploymentRequest,
  type CreateDeploymentResult,
  type DeploymentResult,
  type Organization,
  type Policy,
  type RequestContext,
  type Ruleset,
  RulesetsRpc,
  type UserCaller,
  VERSION_PATTERN,
  WorkspacesRpc,
} from '@pc/contracts';
import {
  type DeploymentPin,
  type DeploymentSource,
  DeploymentsRepository,
  type JobRow,
  JobsRepository,
  type NewDeployment,
} from '@pc/deployments-store';
import {
  badRequest,
  BusClient,
  createLogger,
  Database,
  DomainError,
  forbidden,
  notFound,
} from '@pc/platform';
import { deploymentsError } from '../common/deployments.errors';
import { requireUser } from '../common/caller';
import { JobQueue } from '../jobs';
import { DeploymentAdmission } from './admission';
import { IdempotencyRepository } from './idempotency.repository';

const log = createLogger('deployments');

/** A target the connection may not deploy to (the same words in a result, a plan and a roll-out's 422). */
export const NOT_ELIGIBLE =
  'The connection cannot deploy to this organization: it is not one the credential reaches with deploy rights';

/** What is deployed, whichever its kind: a policy (two assets) or a ruleset (one `governance-ruleset` asset). */
export interface DeployableItem {
  assetType: AssetType;
  id: string;
  name: string;
  /** The applied asset's id in the registry. */
  slug: string;
  source: DeploymentSource;
  governanceProfile: Record<string, unknown> | null;
  /** The owner (a dev build of another ref than the pin is theirs and administrators' only). */
  ownerId: string | null;
  /** The review's pin; null when the item has none. */
  pin: DeploymentPin | null;
  /** Published in the catalog (reviewed); an unpublished item's builds are its owner's dev builds. */
  published: boolean;
  /**
   * The version the listing gives the reviewed commit (a policy's Cargo.toml version as its review read
   * it); null when the listing has none (a ruleset's comes from its registry.json when it is built).
   */
  listedVersion: string | null;
}

/**
 * POST /api/deployments: checks, then one deployment and one job per target organization.
 * - the caller may deploy the policy (the catalog shows it to them, else 404), or, with
 *   `assetType: ruleset`, the ruleset (the rulesets service shows it to them, else 404);
 * - the workspace is one they are an active member of (else 404) and not archived (409);
 * - the connection is theirs, or actively shared into that workspace (else 422);
 * - each target is an organization the connection's credential may deploy to (else that entry fails: 207);
 * - a second identical request while the first is in flight gets the first's deployment, `deduped`;
 * - an Idempotency-Key returns the first answer for the same body, 422 for another body;
 * - the author's limits on deployments at once and targets per hour hold (else 429, nothing written).
 */
@Injectable()
export class CreateDeploymentService {
  constructor(
    private readonly bus: BusClient,
    private readonly db: Database,
    private readonly deployments: DeploymentsRepository,
    private readonly jobs: JobsRepository,
    private readonly idempotency: IdempotencyRepository,
    private readonly queue: JobQueue,
    private readonly admission: DeploymentAdmission,
  ) {}

  async create(ctx: RequestContext, req: CreateDeploymentRequest): Promise<CreateDeploymentResult> {
    const caller = requireUser(ctx);
    const { idempotencyKey, ...body } = req;
    checkRequest(req);
    const targets = [...new Set(req.targetOrganizationIds)];
    const requestHash = hash(JSON.stringify(canonical(body)));

    if (idempotencyKey !== undefined) {
      const replay = await this.replay(caller, idempotencyKey, requestHash);
      if (replay) return replay;
    }

    const { item, eligible } = await this.prepare(ctx, req);

    const created: JobRow[] = [];
    const result = await this.db.transaction(async (tx) => {
      if (idempotencyKey !== undefined) {
        const claim = await this.idempotency.claim(tx, caller.userId, idempotencyKey, requestHash);
        if (!claim.claimed) return this.answerFor(claim, requestHash);
      }
      // One statement for all the targets' deployments and one for their jobs (50 targets: not 100 round trips).
      const rows = targets.flatMap((orgId) => {
        const org = eligible.get(orgId);
        return org ? [this.newRow(caller, req, item, org)] : [];
      });
      const placed = await this.deployments.insertManyOrFindInFlight(tx, rows);
      const fresh = [...placed.values()].filter((p) => !p.deduped).map((p) => p.row.id);
      await this.admission.admit(tx, caller.userId, fresh.length);
      created.push(...(await this.jobs.insertMany(tx, fresh, 'deploy')));
      const results: DeploymentResult[] = targets.map((orgId) => {
        const org = eligible.get(orgId);
        const row = org && rows.find((r) => r.platform_org_id === org.id);
        const found = row && placed.get(row.dedupe_key);
        if (!org || !found)
          return {
            ok: false,
            organizationId: orgId,
            organizationName: null,
            error: NOT_ELIGIBLE,
            deployment: null,
          };
        return {
          ok: true,
          organizationId: org.id,
          organizationName: org.name,
          error: null,
          deployment: { id: found.row.id, status: found.row.status, deduped: found.deduped },
        };
      });
      const answer: CreateDeploymentResult = {
        status: results.every((r) => r.ok) ? 201 : 207,
        results,
      };
      if (idempotencyKey !== undefined)
        await this.idempotency.store(tx, caller.userId, idempotencyKey, answer);
      return answer;
    });
    // Committed: a job that cannot be enqueued now is enqueued at the next start (see JobQueue). The
    // publishes go out together (50 targets: one round trip's wait instead of fifty in a row).
    await Promise.all(
      created.map((job) =>
        this.queue
          .enqueue(job)
          .catch((error: unknown) => log.error({ err: error, job: job.id }, 'enqueue failed after commit')),
      ),
    );
    return result;
  }

  /**
   * The checks of a request, in order, with nothing written (create, the plan and a roll-out share
   * them): the item the caller may deploy, the connection usable in the workspace, the reviewed build,
   * and which of the targets the connection may deploy to.
   */
  async prepare(ctx: RequestContext, req: CreateDeploymentRequest): Promise<PreparedDeployment> {
    const caller = requireUser(ctx);
    checkRequest(req);
    const item =
      (req.assetType ?? 'policy') === 'ruleset'
        ? await this.deployableRuleset(ctx, req.rulesetId!)
        : await this.deployablePolicy(ctx, req.policyId!);
    await this.usableConnection(ctx, req.workspaceId, req.connectionId);
    const reviewed = await this.reviewedOrAllowed(ctx, caller, req, item);
    item.source = { ...item.source, pin: item.pin, reviewed };
    const eligible = await this.eligibleOrganizations(ctx, item, req.connectionId, req.targetOrganizationIds);
    return { item, eligible, newRow: (org) => this.newRow(caller, req, item, org) };
  }

  private newRow(
    caller: UserCaller,
    req: CreateDeploymentRequest,
    item: DeployableItem,
    org: Pick<Organization, 'id' | 'name'>,
  ): NewDeployment {
    const row: NewDeployment = {
      asset_type: item.assetType,
      policy_id: item.assetType === 'policy' ? item.id : null,
      ruleset_id: item.assetType === 'ruleset' ? item.id : null,
      asset_name: item.name,
      asset_slug: item.slug,
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
      source: item.source,
      governance_profile: item.governanceProfile,
      dedupe_key: '',
    };
    row.dedupe_key = hash(
      JSON.stringify([
        caller.userId,
        row.asset_type,
        row.policy_id ?? row.ruleset_id,
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
    return row;
  }

  /**
   * What was reviewed is what ships. For a published policy or ruleset, a build (publish or release) without a ref
   * builds the pinned commit (409 when it has no pin: an administrator pins it first); another ref is a
   * dev build: the owner's and administrators' only (403 for everyone else), never a release (422), and
   * only with a connection of their own (403 with a shared one). Returns whether the job builds the
   * reviewed commit (`reviewed` on the deployment).
   */
  private async reviewedOrAllowed(
    ctx: RequestContext,
    caller: UserCaller,
    req: CreateDeploymentRequest,
    item: DeployableItem,
  ): Promise<boolean> {
    // An unpublished item (its owner's and administrators' to see) has no review: its builds read the
    // ref named or the source ref, unreviewed.
    if (!item.published) return false;
    const pin = item.pin;
    const otherRef =
      (req.ref !== undefined && req.ref !== pin?.commit) ||
      (req.implementationRef !== undefined &&
        req.implementationRef !== (pin?.implementation_commit ?? undefined));
    const builds = (req.doPublish ?? false) || (req.doRelease ?? false);
    if (!otherRef) {
      if (builds && !pin)
        throw deploymentsError(
          'DEPLOYMENTS.NOT_PINNED',
          `${item.name} is not pinned to a reviewed commit: an administrator pins it ` +
            `(POST /api/${item.assetType === 'ruleset' ? 'rulesets' : 'policies'}/{id}/pin) before it is built again`,
        );
      return true;
    }
    if (!caller.isAdmin && caller.userId !== item.ownerId)
      throw forbidden(
        'Only the owner or an administrator may deploy a ref other than the reviewed commit' +
          (pin ? ` (${pin.commit})` : ''),
      );
    if (req.doRelease)
      throw deploymentsError(
        'DEPLOYMENTS.RELEASE_REF_NOT_REVIEWED',
        'A release always builds the reviewed commit: deploy another ref with doPublish',
        [{ field: 'ref', message: 'not the reviewed commit; leave it out for a release' }],
      );
    const { owned } = await this.bus.request(ConnectionsRpc.ownership, ctx, { id: req.connectionId });
    if (!owned)
      throw forbidden(
        'A build of an unreviewed ref goes only to organizations you deploy to with a connection of your own',
      );
    return false;
  }

  private async replay(
    caller: UserCaller,
    key: string,
    requestHash: string,
  ): Promise<CreateDeploymentResult | null> {
    const stored = await this.idempotency.find(this.db.pool, caller.userId, key);
    if (!stored || stored.response === null) return null;
    return this.answerFor(stored, requestHash);
  }

  private answerFor(
    stored: { requestHash: string; response: CreateDeploymentResult | null },
    requestHash: string,
  ): CreateDeploymentResult {
    if (stored.requestHash !== requestHash)
      throw deploymentsError(
        'DEPLOYMENTS.IDEMPOTENCY_KEY_REUSED',
        'This Idempotency-Key was used with a different request body',
      );
    if (stored.response === null)
      throw deploymentsError(
        'DEPLOYMENTS.IDEMPOTENCY_KEY_IN_FLIGHT',
        'A request with this Idempotency-Key is still being processed',
      );
    return stored.response;
  }

  private async deployablePolicy(ctx: RequestContext, policyId: string): Promise<DeployableItem> {
    // The catalog answers 404 for a policy the caller may not see, and so may not deploy.
    const { policy } = await this.bus.request(CatalogRpc.getPolicy, ctx, { id: policyId });
    return policyItem(policy);
  }

  private async deployableRuleset(ctx: RequestContext, rulesetId: string): Promise<DeployableItem> {
    // The rulesets service answers 404 for a ruleset the caller may not see, and so may not deploy.
    const { ruleset } = await this.bus.request(RulesetsRpc.get, ctx, { id: rulesetId });
    return rulesetItem(ruleset);
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
    throw deploymentsError(
      'DEPLOYMENTS.CONNECTION_NOT_USABLE',
      'The connection is neither yours nor actively shared into this workspace',
      [{ field: 'connectionId', message: 'not usable in this workspace' }],
    );
  }

  /**
   * The targets the connection may deploy to, by id. The connections service looks each one up in the
   * whole tree: the eligible organizations' list stops at one reply's worth (some 220 with long names),
   * and a target past it is eligible all the same.
   */
  private async eligibleOrganizations(
    ctx: RequestContext,
    item: DeployableItem,
    connectionId: string,
    targets: string[],
  ): Promise<Map<string, Organization>> {
    // The platform is read within a credential check's deadline: its timeout (502) comes before this wait ends.
    const { orgs } = await this.bus.request(
      ConnectionsRpc.checkEligibleOrgs,
      ctx,
      {
        ...(item.assetType === 'ruleset' ? { rulesetId: item.id } : { policyId: item.id }),
        connectionId,
        organizationIds: [...new Set(targets)],
      },
      { timeoutMs: CONNECTION_LIMITS.credentialCheckWaitMs },
    );
    return new Map(orgs.map((o) => [o.id, o]));
  }
}

/** What `prepare` found: the item, the eligible targets by id, and a deployment row per organization. */
export interface PreparedDeployment {
  item: DeployableItem;
  eligible: Map<string, Organization>;
  newRow: (org: Pick<Organization, 'id' | 'name'>) => NewDeployment;
}

/** The body's own rules (before anything is asked of another service). */
function checkRequest(req: CreateDeploymentRequest): void {
  checkAssetFields(req.assetType ?? 'policy', req);
  if (req.version !== undefined && !VERSION_PATTERN.test(req.version))
    throw badRequest('version must be MAJOR.MINOR.PATCH', [
      { field: 'version', message: 'three dot-separated non-negative integers, no prefix or suffix' },
    ]);
}

/** `policyId` for a policy, `rulesetId` for a ruleset, never both; `implementationRef` only for a policy. */
function checkAssetFields(assetType: AssetType, req: CreateDeploymentRequest): void {
  const [own, other] = assetType === 'ruleset' ? ['rulesetId', 'policyId'] : ['policyId', 'rulesetId'];
  if (!req[own as 'policyId' | 'rulesetId'])
    throw badRequest(`${own} is required for a ${assetType} deployment`, [
      { field: own, message: 'required' },
    ]);
  if (req[other as 'policyId' | 'rulesetId'] !== undefined)
    throw badRequest(`${other} does not belong in a ${assetType} deployment`, [
      { field: other, message: `only with assetType ${assetType === 'ruleset' ? 'policy' : 'ruleset'}` },
    ]);
  if (assetType === 'ruleset' && req.implementationRef !== undefined)
    throw badRequest('implementationRef belongs to split policies only', [
      { field: 'implementationRef', message: 'not for a ruleset deployment' },
    ]);
}

function policyItem(policy: Policy): DeployableItem {
  return {
    assetType: 'policy',
    id: policy.id,
    name: policy.name,
    slug: policy.slug,
    source: {
      source_host_url: policy.source_host_url,
      implementation_source_host_url: policy.implementation_source_host_url,
      source_ref: policy.source_ref,
      implementation_source_ref: policy.implementation_source_ref,
      description: policy.description,
      listing: {
        category: policy.category,
        kit_version: policy.kit_version,
        owner_name: policy.owner_name,
        submitted_by: policy.owner_id,
        icon_url: policy.icon_url,
        target_scopes: [],
      },
    },
    governanceProfile: null,
    ownerId: policy.owner_id,
    pin: policy.pin
      ? {
          commit: policy.pin.commit,
          content_digest: policy.pin.content_digest,
          implementation_commit: policy.pin.implementation_commit,
          implementation_content_digest: policy.pin.implementation_content_digest,
        }
      : null,
    published: policy.status === 'published',
    listedVersion: policy.version,
  };
}

/**
 * A ruleset is one `governance-ruleset` asset whose id is the one its registry.json declares, else one
 * made from its name.
 */
function rulesetItem(ruleset: Ruleset): DeployableItem {
  return {
    assetType: 'ruleset',
    id: ruleset.id,
    name: ruleset.name,
    slug: ruleset.registry_asset_id ?? rulesetAssetId(ruleset),
    source: {
      source_host_url: ruleset.source_url,
      implementation_source_host_url: null,
      source_ref: ruleset.source_ref,
      implementation_source_ref: null,
      description: ruleset.description,
      ruleset_path: ruleset.ruleset_path,
      listing: {
        category: ruleset.category,
        kit_version: null,
        owner_name: ruleset.owner_name,
        submitted_by: ruleset.submitted_by,
        icon_url: ruleset.icon_url,
        target_scopes: ruleset.target_scopes,
      },
    },
    governanceProfile: {
      profile_name: ruleset.profile_name,
      rule_counts: ruleset.rule_counts,
      rule_names: ruleset.rule_names,
      target_scopes: ruleset.target_scopes,
    },
    ownerId: ruleset.owner_id,
    pin: ruleset.pin
      ? {
          commit: ruleset.pin.commit,
          content_digest: ruleset.pin.content_digest,
          implementation_commit: null,
          implementation_content_digest: null,
        }
      : null,
    // Published once: an update under review leaves the published ruleset (and its pin) as they were.
    published: ruleset.published_at !== null,
    listedVersion: null,
  };
}

function rulesetAssetId(ruleset: Ruleset): string {
  const slug = ruleset.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug ? `ruleset-${slug}` : `ruleset-${ruleset.id.slice(0, 8)}`;
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
