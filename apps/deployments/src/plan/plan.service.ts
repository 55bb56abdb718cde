import { Inject, Injectable } from '@nestjs/common';
import type { CreateDeploymentRequest, DeploymentPlan, PlannedTarget, RequestContext } from '@pc/contracts';
import { type AppliedAsset, delegatedAccess, type GatewayPlatform } from '@pc/gateway-platform';
import { definitionAssetId, DeploymentsRepository } from '@pc/deployments-store';
import { BusClient, Database } from '@pc/platform';
import { requireUser } from '../common/caller';
import { CreateDeploymentService, type DeployableItem, NOT_ELIGIBLE } from '../create';
import { GATEWAY_PLATFORM } from '../platform';

/**
 * `POST /api/deployments` with `dryRun: true`: every check of the real request (the same 4xx), then per
 * target what apply would do, from what the platform runs there now: `create` (nothing applied),
 * `update` (from the version it runs to the one apply leaves), `unchanged` (that version already: the real
 * request applies it again), or
 * the `error` the real request would give that target. Nothing is written, enqueued or applied.
 */
@Injectable()
export class PlanService {
  constructor(
    private readonly deployments: CreateDeploymentService,
    private readonly bus: BusClient,
    private readonly db: Database,
    private readonly ledger: DeploymentsRepository,
    @Inject(GATEWAY_PLATFORM) private readonly platform: GatewayPlatform,
  ) {}

  async plan(ctx: RequestContext, req: CreateDeploymentRequest): Promise<DeploymentPlan> {
    const caller = requireUser(ctx);
    const { item, eligible } = await this.deployments.prepare(ctx, req);
    const assetId = definitionAssetId(item.slug);
    const to = await this.plannedVersion(req, item);
    const targets = [...new Set(req.targetOrganizationIds)];
    const reachable = targets.filter((id) => eligible.has(id));
    const running = new Map<string, AppliedAsset | null | Error>();
    if (reachable.length > 0) {
      const { platform } = await delegatedAccess(this.bus, caller.userId, req.connectionId, req.workspaceId);
      await Promise.all(
        reachable.map(async (orgId) =>
          running.set(
            orgId,
            await this.platform
              .getApplied(platform, orgId, assetId)
              .catch((error: unknown) => error as Error),
          ),
        ),
      );
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
        if (!now) return { ...base, action: 'create', from: null, to, error: null };
        const action = to !== null && now.version === to ? 'unchanged' : 'update';
        return { ...base, action, from: now.version, to, error: null };
      }),
    };
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
