import { Inject, Injectable } from '@nestjs/common';
import {
  APPLIED_STATUSES,
  type DeploymentStatus,
  type RequestContext,
  type SyncDeploymentResult,
} from '@pc/contracts';
import { definitionAssetId, type DeploymentRow } from '@pc/deployments-store';
import { delegatedAccess, type GatewayPlatform } from '@pc/gateway-platform';
import type { Registry } from '@pc/registry';
import { BusClient, createLogger, Database } from '@pc/platform';
import { DeploymentAccess } from '../deployments';
import { OutboxRelay } from '../outbox';
import { GATEWAY_PLATFORM, REGISTRY } from '../platform';
import { SyncDriftRepository } from './drift.repository';

const log = createLogger('deployments');

export type Probe = 'in_sync' | 'deleted' | 'unknown';

@Injectable()
export class SyncService {
  constructor(
    private readonly access: DeploymentAccess,
    private readonly bus: BusClient,
    @Inject(GATEWAY_PLATFORM) private readonly platform: GatewayPlatform,
    @Inject(REGISTRY) private readonly registry: Registry,
    private readonly db: Database,
    private readonly drift: SyncDriftRepository,
    private readonly relay: OutboxRelay,
  ) {}

  /**
   * Compares a deployment with the platform: `in_sync` when the item is applied in the target
   * organization, `deleted` when it is not there any more (removed out of band), `unknown` when the
   * deployment never reached the platform or the platform could not be asked. The status follows what
   * was found: a `succeeded` deployment found deleted becomes `removed`, a `removed` one found applied
   * again `succeeded`; `unknown` changes nothing.
   */
  async sync(ctx: RequestContext, id: string): Promise<SyncDeploymentResult> {
    const deployment = await this.access.owned(this.db.pool, ctx, id);
    const result = await this.probe(deployment);
    const status = await this.reconcile(deployment, result);
    return { ok: true, result, status };
  }

  async probe(deployment: DeploymentRow): Promise<Probe> {
    if (!APPLIED_STATUSES.includes(deployment.status) || deployment.applied_version === null)
      return 'unknown';
    try {
      const { platform } = await delegatedAccess(
        this.bus,
        deployment.created_by,
        deployment.connection_id,
        deployment.workspace_id,
      );
      const applied = await this.platform.getApplied(
        platform,
        deployment.platform_org_id,
        definitionAssetId(deployment.asset_slug),
      );
      return applied === null ? 'deleted' : 'in_sync';
    } catch (error) {
      log.warn({ err: error, deployment: deployment.id }, 'sync probe failed');
      return 'unknown';
    }
  }

  private async reconcile(deployment: DeploymentRow, result: Probe): Promise<DeploymentStatus> {
    const [from, to]: [DeploymentStatus, DeploymentStatus] | [null, null] =
      result === 'deleted'
        ? ['succeeded', 'removed']
        : result === 'in_sync'
          ? ['removed', 'succeeded']
          : [null, null];
    if (from === null || deployment.status !== from) return deployment.status;
    // A version a roll-out rolled back stays rolled back: a sync never makes it `succeeded` again.
    if (deployment.rollback_pinned_at !== null) return deployment.status;
    // Conditional on the status read: a concurrent change (another sync, a delete) wins. A move is
    // drift: announced (webhooks of the author and the workspace) with it.
    const moved = await this.drift.moveAndAnnounce(
      this.db.pool,
      deployment,
      from,
      to as 'removed' | 'succeeded',
    );
    if (moved === null) return deployment.status;
    this.relay.kick();
    return moved;
  }

  /** Read-only: does at least one of the deployment's tracked -dev versions remain in the registry? */
  async devVersion(ctx: RequestContext, id: string): Promise<{ dev_version_exists: boolean | null }> {
    const deployment = await this.access.visible(this.db.pool, ctx, id);
    if (!deployment.do_publish || deployment.dev_versions.length === 0 || deployment.group_id === null)
      return { dev_version_exists: null };
    try {
      const { token } = await delegatedAccess(
        this.bus,
        deployment.created_by,
        deployment.connection_id,
        deployment.workspace_id,
      );
      const versions = await this.registry.listVersions(token, {
        groupId: deployment.group_id,
        assetId: definitionAssetId(deployment.asset_slug),
      });
      const present = new Set(versions.map((v) => v.version));
      return { dev_version_exists: deployment.dev_versions.some((v) => present.has(v)) };
    } catch (error) {
      log.warn({ err: error, deployment: deployment.id }, 'dev-version probe failed');
      return { dev_version_exists: null };
    }
  }
}
