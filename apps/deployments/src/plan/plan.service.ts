import { Inject, Injectable } from '@nestjs/common';
import {
  type CreateDeploymentRequest,
  type DeploymentPlan,
  type PlannedTarget,
  type RequestContext,
  VERSION_PATTERN,
} from '@pc/contracts';
import {
  type AppliedAsset,
  type DelegatedAccess,
  delegatedAccess,
  type GatewayPlatform,
} from '@pc/gateway-platform';
import {
  definitionAssetId,
  DEPLOY_WITH_A_BUILD,
  DeploymentsRepository,
  notOnRegistry,
} from '@pc/deployments-store';
import { BusClient, Database } from '@pc/platform';
import type { Registry } from '@pc/registry';
import { requireUser } from '../common/caller';
import { CreateDeploymentService, type DeployableItem, NOT_ELIGIBLE } from '../create';
import { GATEWAY_PLATFORM, REGISTRY } from '../platform';

/**
 * `POST /api/deployments` with `dryRun: true`: every check of the real request (the same 4xx), then per
 * target what apply would do, from what the platform runs there now: `create` (nothing applied),
 * `update` (from the version it runs to the one apply leaves), `unchanged` (that version already: the real
 * request applies it again), or
 * the `error` the real request would give that target, or its deployment would fail with: an apply with
 * neither publish nor release takes the version from the registry, so the plan asks the registry first
 * and says that nothing is there to apply rather than `create` a deployment bound to fail. Nothing is
 * written, enqueued or applied.
 */
@Injectable()
export class PlanService {
  constructor(
    private readonly deployments: CreateDeploymentService,
    private readonly bus: BusClient,
    private readonly db: Database,
    private readonly ledger: DeploymentsRepository,
    @Inject(GATEWAY_PLATFORM) private readonly platform: GatewayPlatform,
    @Inject(REGISTRY) private readonly registry: Registry,
  ) {}

  async plan(ctx: RequestContext, req: CreateDeploymentRequest): Promise<DeploymentPlan> {
    const caller = requireUser(ctx);
    const { item, eligible } = await this.deployments.prepare(ctx, req);
    const assetId = definitionAssetId(item.slug);
    let to = await this.plannedVersion(req, item);
    const targets = [...new Set(req.targetOrganizationIds)];
    const reachable = targets.filter((id) => eligible.has(id));
    const running = new Map<string, AppliedAsset | null | Error>();
    let blocked: string | null = null;
    if (reachable.length > 0) {
      const access = await delegatedAccess(this.bus, caller.userId, req.connectionId, req.workspaceId);
      const applied = Promise.all(
        reachable.map(async (orgId) =>
          running.set(
            orgId,
            await this.platform
              .getApplied(access.platform, orgId, assetId)
              .catch((error: unknown) => error as Error),
          ),
        ),
      );
      if (!req.doPublish && !req.doRelease)
        ({ to, missing: blocked } = await this.fromRegistry(access, assetId, item, to));
      await applied;
    }
    return {
      dryRun: true,
      assetId,
      targets: targets.map((orgId): PlannedTarget => {
        const org = eligible.get(orgId);
        const base = { organizationId: orgId, organizationName: org?.name ?? null };
        if (!org) return { ...base, action: 'error', from: null, to: null, error: NOT_ELIGIBLE };
        const now = running.get(orgId);
        if (now instanceof Error)
          return {
            ...base,
            action: 'error',
            from: null,
            to,
            error: `The platform could not say what runs there: ${now.message}`,
          };
        if (blocked !== null)
          return { ...base, action: 'error', from: now?.version ?? null, to, error: blocked };
        if (!now) return { ...base, action: 'create', from: null, to, error: null };
        const action = to !== null && now.version === to ? 'unchanged' : 'update';
        return { ...base, action, from: now.version, to, error: null };
      }),
    };
  }

  /**
   * What the registry says of an apply with neither publish nor release, which applies a version already
   * there (the worker looks for `to` when the plan knows it, else for the version the sources give: a
   * plain MAJOR.MINOR.PATCH, never a publish's dev version). `missing`: why the deployment would fail for
   * want of it, or that the registry could not answer; null when it is there. `to`: the plan's, else the
   * registry's only release of the item (apply can leave no other), else still unknown (null).
   */
  private async fromRegistry(
    access: DelegatedAccess,
    assetId: string,
    item: DeployableItem,
    to: string | null,
  ): Promise<{ to: string | null; missing: string | null }> {
    const asset = { groupId: access.groupId, assetId };
    try {
      if (to !== null) {
        const found = await this.registry.getVersion(access.token, { ...asset, version: to });
        if (found) return { to, missing: null };
        return {
          to,
          missing: notOnRegistry(`${item.name} ${to}`),
        };
      }
      const versions = await this.registry.listVersions(access.token, asset);
      const releases = versions.filter((v) => VERSION_PATTERN.test(v.version));
      if (releases.length === 1) return { to: releases[0].version, missing: null };
      if (releases.length > 1) return { to: null, missing: null };
      return {
        to: null,
        missing:
          versions.length === 0
            ? notOnRegistry(item.name)
            : `${item.name} has only dev builds on the registry, no release yet: ${DEPLOY_WITH_A_BUILD}`,
      };
    } catch (error) {
      return {
        to,
        missing: `The registry could not say whether ${item.name} is there: ${(error as Error).message}`,
      };
    }
  }

  /**
   * The version apply leaves in each organization. A publish without a release applies the build's
   * `-dev.<timestamp>` version whatever `version` says, so that is unknown (null). Otherwise the request's
   * `version`; without one, a release of the reviewed commit, or an apply of it with neither publish nor
   * release (which applies from the registry the version that commit's sources give), leaves the version
   * that commit gives: what an earlier release of it built, else the listing's (a policy's), unless a
   * release was built from another commit (the listing's version may be that commit's: a revision moves
   * the pin without reading its version). Unknown (null) when only the sources can say (a commit never
   * built, a dev build of another ref), so the plan never says `unchanged` for what apply would change.
   * An apply with neither publish nor release that this leaves unknown may still learn it from the
   * registry (`fromRegistry`); a release or a publish cannot: it builds a version the registry may not
   * hold yet (a release of an unpublished item reads the ref's sources only when it runs).
   */
  private async plannedVersion(req: CreateDeploymentRequest, item: DeployableItem): Promise<string | null> {
    if (req.doPublish && !req.doRelease) return null;
    if (req.version !== undefined) return req.version;
    const pin = item.source.reviewed ? item.pin : null;
    if (!pin) return null;
    const released = await this.ledger.releasedVersionOf(
      this.db.pool,
      item,
      pin.commit,
      pin.implementation_commit,
    );
    if (released.version !== null) return released.version;
    return released.otherCommitReleased ? null : item.listedVersion;
  }
}
