import { Inject, Injectable } from '@nestjs/common';
import type { PlatformAccessGrant, PlatformAccessRequestV1, RequestContext } from '@pc/contracts';
import type { GatewayPlatform } from '@pc/gateway-platform';
import { ConnectionAccess, type ConnectionRow } from '../connections';
import { GATEWAY_PLATFORM, platformFailure } from '../platform';
import { StoredCredentials } from '../secrets';

/** Platform tokens are valid this long at most from the caller's point of view (the platform says 3600 s). */
const GRANT_TTL_MS = 5 * 60_000;

/**
 * Exchanges a connection's stored credentials for a short-lived platform access token, for a caller who
 * may use the connection in the deployment's workspace (its owner, or an active member of that workspace
 * while it is shared into it: `ConnectionAccess.usableIn`). The
 * deployment workers call the platform and the registry with that token; the client secret stays here.
 */
@Injectable()
export class PlatformAccessService {
  constructor(
    private readonly access: ConnectionAccess,
    private readonly stored: StoredCredentials,
    @Inject(GATEWAY_PLATFORM) private readonly platform: GatewayPlatform,
  ) {}

  async grant(
    ctx: RequestContext,
    id: string,
    workspaceId: string | null,
    forceRefresh = false,
  ): Promise<PlatformAccessGrant> {
    return this.exchange(await this.access.usableIn(ctx, id, workspaceId), forceRefresh);
  }

  /**
   * `connections.platform.access-token.v1`, kept for one release for the replicas of the previous one
   * (deploy/README.md, "Contract changes under way"): a request that names no workspace, as theirs never
   * did, is granted by their rule (the connection visible to the author: its owner, or an active member of
   * any workspace it is shared into), so their jobs go on while a rolling release replaces them; one that
   * names it gets the workspace's rule. Removed with the subject in the next release.
   */
  async grantV1(ctx: RequestContext, data: PlatformAccessRequestV1): Promise<PlatformAccessGrant> {
    if (data.workspaceId !== undefined)
      return this.grant(ctx, data.id, data.workspaceId, data.forceRefresh ?? false);
    const { row } = await this.access.visible(ctx, data.id);
    return this.exchange(row, data.forceRefresh ?? false);
  }

  private async exchange(row: ConnectionRow, forceRefresh: boolean): Promise<PlatformAccessGrant> {
    let token: string;
    try {
      token = await this.platform.getAccessToken(this.stored.of(row), { forceRefresh });
    } catch (error) {
      throw platformFailure(error);
    }
    return {
      host: row.host,
      custom_domain: row.custom_domain,
      organization_id: row.organization_id,
      access_token: token,
      expires_at: new Date(Date.now() + GRANT_TTL_MS).toISOString(),
    };
  }
}
