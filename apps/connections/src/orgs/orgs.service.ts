import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  CatalogRpc,
  CONNECTION_LIMITS,
  type EligibleOrgsCheckRequest,
  type EligibleOrgsCheckResult,
  type EligibleOrgsRequest,
  type Organization,
  type OrganizationList,
  type PlatformCredentials,
  type RequestContext,
  RulesetsRpc,
} from '@pc/contracts';
import type { GatewayPlatform, PlatformOrganization, PlatformOrganizationList } from '@pc/gateway-platform';
import { badRequest, BusClient, fitToBudget, requireUser } from '@pc/platform';
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
  async discover(ctx: RequestContext, credentials: PlatformCredentials): Promise<OrganizationList> {
    requireUser(ctx);
    const platform = platformConnection(credentials);
    this.check.vetHost(platform);
    return organizationList(await this.check.organizations(platform), (o) => o.isPrimary);
  }

  /**
   * The organization tree the credential reaches, root first, with full paths (owner and members), read
   * within a credential check's deadline.
   */
  async list(ctx: RequestContext, connectionId: string): Promise<OrganizationList> {
    const { row } = await this.access.visible(ctx, connectionId);
    const all = await this.load(row, 'all', () => this.checked().listOrganizations(this.stored.of(row)));
    return organizationList(all, (o) => o.id === row.organization_id);
  }

  /**
   * Organizations eligible for a policy or a ruleset: it must be visible to the caller (else 404), the
   * connection usable by them (owner, or shared into a workspace they are an active member of; else 404),
   * and an organization is eligible when the platform lets the connection's credential deploy to it. Read
   * within a credential check's deadline.
   */
  async eligible(ctx: RequestContext, req: EligibleOrgsRequest): Promise<OrganizationList> {
    const row = await this.deployingWith(ctx, req);
    const deployable = await this.load(row, 'deployable', () =>
      this.checked().listDeployableOrganizations(this.stored.of(row)),
    );
    return organizationList(deployable, (o) => o.id === row.organization_id);
  }

  /**
   * Which of the organizations named (a deployment's targets) are eligible, with the same checks as
   * `eligible`: each is looked for in the whole tree, not in the list, which stops at `orgsMax` and at one
   * reply's byte budget (some 220 organizations with long IDs and paths), so a target past the cut is
   * eligible all the same. Within a credential check's deadline: the deployments service waits for it
   * (`credentialCheckWaitMs`) while a deployment request, plan or roll-out waits for that.
   */
  async checkEligible(
    ctx: RequestContext,
    { organizationIds, ...req }: EligibleOrgsCheckRequest,
  ): Promise<EligibleOrgsCheckResult> {
    const row = await this.deployingWith(ctx, req);
    const asked = [...new Set(organizationIds)].sort();
    // Cached like the lists, by a digest of the ids (50 of 255 characters would make a 13 KB key).
    const digest = createHash('sha256').update(JSON.stringify(asked)).digest('hex');
    const found = await this.load(row, `deployable:${digest}`, () =>
      this.checked().findDeployableOrganizations(this.stored.of(row), asked),
    );
    return { orgs: found.map((o) => toOrganization(o, (org) => org.id === row.organization_id)) };
  }

  /** The connection, once the item is visible to the caller (else 404) and the connection usable by them. */
  private async deployingWith(
    ctx: RequestContext,
    { policyId, rulesetId, connectionId }: EligibleOrgsRequest,
  ): Promise<ConnectionRow> {
    if (rulesetId !== undefined) await this.bus.request(RulesetsRpc.get, ctx, { id: rulesetId });
    else if (policyId !== undefined) await this.bus.request(CatalogRpc.getPolicy, ctx, { id: policyId });
    else throw badRequest('policyId or rulesetId is required');
    const { row } = await this.access.visible(ctx, connectionId);
    return row;
  }

  /**
   * The platform with one deadline for all the calls of a read (`credentialCheckMs`, none tried again): a
   * custom domain that hangs is the platform's `timeout` (502) before the caller stops waiting.
   */
  private checked(): GatewayPlatform {
    return this.platform.within(CONNECTION_LIMITS.credentialCheckMs);
  }

  private async load<T>(row: ConnectionRow, kind: string, fetch: () => Promise<T>): Promise<T> {
    try {
      return await this.cache.get(`${row.id}@${row.updated_at.toISOString()}:${kind}`, fetch);
    } catch (error) {
      throw platformFailure(error);
    }
  }
}

/**
 * The reply: the organizations read, as many as one list reply's byte budget holds (1,000 with maximal
 * IDs, names and paths are over 2 MB, more than the bus carries), `truncated` when the tree has more.
 */
function organizationList(
  { organizations, truncated }: PlatformOrganizationList,
  isPrimary: (organization: PlatformOrganization) => boolean,
): OrganizationList {
  const orgs = fitToBudget(organizations.map((o) => toOrganization(o, isPrimary)));
  return { orgs, truncated: truncated || orgs.length < organizations.length };
}

function toOrganization(
  organization: PlatformOrganization,
  isPrimary: (organization: PlatformOrganization) => boolean,
): Organization {
  const { id, name, fullPath } = organization;
  return { id, name, isPrimary: isPrimary(organization), fullPath };
}
