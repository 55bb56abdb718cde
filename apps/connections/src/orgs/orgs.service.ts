import { Inject, Injectable } from '@nestjs/common';
import {
  CatalogRpc,
  CONNECTION_LIMITS,
  type EligibleOrgsRequest,
  type Organization,
  type PlatformCredentials,
  type RequestContext,
  RulesetsRpc,
} from '@pc/contracts';
import type { GatewayPlatform, PlatformOrganization } from '@pc/gateway-platform';
import { badRequest, BusClient, requireUser } from '@pc/platform';
import { ConnectionAccess, type ConnectionRow } from '../connections';
import {
  CredentialCheck,
  GATEWAY_PLATFORM,
  OrgsCache,
  platformConnection,
  platformFailure,
} from '../platform';
import { StoredCredentials } from '../secrets';

@Injectable()
export class OrgsService {
  constructor(
    private readonly access: ConnectionAccess,
    private readonly stored: StoredCredentials,
    private readonly cache: OrgsCache,
    private readonly bus: BusClient,
    private readonly check: CredentialCheck,
    @Inject(GATEWAY_PLATFORM) private readonly platform: GatewayPlatform,
  ) {}

  /**
   * The organizations credentials reach, before a connection holds them (nothing is saved, nothing
   * cached): where a new connection's organizationId is chosen, the root (`isPrimary`) first.
   */
  async discover(ctx: RequestContext, credentials: PlatformCredentials): Promise<{ orgs: Organization[] }> {
    requireUser(ctx);
    const platform = platformConnection(credentials);
    this.check.vetHost(platform);
    return { orgs: await this.check.organizations(platform) };
  }

  /** The organization tree the credential reaches, root first, with full paths (owner and members). */
  async list(ctx: RequestContext, connectionId: string): Promise<{ orgs: Organization[] }> {
    const { row } = await this.access.visible(ctx, connectionId);
    const all = await this.load(row, 'all', () => this.platform.listOrganizations(this.stored.of(row)));
    return { orgs: all.map((o) => toOrganization(o, row)) };
  }

  /**
   * Organizations eligible for a policy or a ruleset: it must be visible to the caller (else 404), the
   * connection usable by them (owner, or shared into a workspace they are an active member of; else 404),
   * and an organization is eligible when the platform lets the connection's credential deploy to it.
   */
  async eligible(
    ctx: RequestContext,
    { policyId, rulesetId, connectionId }: EligibleOrgsRequest,
  ): Promise<{ orgs: Organization[] }> {
    if (rulesetId !== undefined) await this.bus.request(RulesetsRpc.get, ctx, { id: rulesetId });
    else if (policyId !== undefined) await this.bus.request(CatalogRpc.getPolicy, ctx, { id: policyId });
    else throw badRequest('policyId or rulesetId is required');
    const { row } = await this.access.visible(ctx, connectionId);
    const deployable = await this.load(row, 'deployable', () =>
      this.platform.listDeployableOrganizations(this.stored.of(row)),
    );
    return { orgs: deployable.map((o) => toOrganization(o, row)) };
  }

  private async load(
    row: ConnectionRow,
    kind: string,
    fetch: () => Promise<PlatformOrganization[]>,
  ): Promise<PlatformOrganization[]> {
    try {
      const orgs = await this.cache.get(`${row.id}@${row.updated_at.toISOString()}:${kind}`, fetch);
      return orgs.slice(0, CONNECTION_LIMITS.orgsMax);
    } catch (error) {
      throw platformFailure(error);
    }
  }
}

function toOrganization(org: PlatformOrganization, row: ConnectionRow): Organization {
  return { id: org.id, name: org.name, isPrimary: org.id === row.organization_id, fullPath: org.fullPath };
}
