import { randomUUID } from 'node:crypto';
import { ConnectionsRpc, type RequestContext } from '@pc/contracts';
import type { AccessTokenProvider, DelegatedPlatformConnection } from './gateway-platform.types';
import type { BusClient } from '@pc/platform';

export interface DelegatedAccess {
  platform: DelegatedPlatformConnection;
  token: AccessTokenProvider;
  /** The registry group of the connection's assets: its organization. */
  groupId: string;
}

/**
 * Platform and registry access for a job without the client secret: the connections service exchanges
 * the stored credentials for a short-lived token, for the deployment's author (who must still be allowed
 * to use the connection). The token is reused until shortly before it expires and asked again on a 401.
 */
export async function delegatedAccess(
  bus: BusClient,
  authorId: string,
  connectionId: string,
): Promise<DelegatedAccess> {
  const ctx = authorContext(authorId);
  let grant = await bus.request(ConnectionsRpc.platformAccess, ctx, { id: connectionId });
  const token: AccessTokenProvider = async (options) => {
    const expired = Date.parse(grant.expires_at) - 10_000 < Date.now();
    if (options?.forceRefresh || expired) {
      grant = await bus.request(ConnectionsRpc.platformAccess, ctx, {
        id: connectionId,
        forceRefresh: options?.forceRefresh ?? false,
      });
    }
    return grant.access_token;
  };
  return {
    platform: { host: grant.host, customDomain: grant.custom_domain, accessToken: token },
    token,
    groupId: grant.organization_id,
  };
}

/** Work done on the author's behalf carries their rights, no more. */
export function authorContext(userId: string): RequestContext {
  return {
    requestId: randomUUID(),
    caller: { kind: 'user', userId, isAdmin: false, scopes: ['api:read', 'api:write'], via: 'token' },
  };
}
