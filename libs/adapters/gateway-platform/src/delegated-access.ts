import { randomUUID } from 'node:crypto';
import { ConnectionsRpc, type PlatformAccessGrant, type RequestContext } from '@pc/contracts';
import { PlatformError } from './gateway-platform.errors';
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
 * the stored credentials for a short-lived token, for the deployment's author, who must still be allowed
 * to use the connection in the deployment's workspace (`workspaceId`; null only for the connection's
 * owner's own work, of no workspace): one withdrawn from that workspace is refused (403) even while it
 * is shared into another of the author's. The token is reused until shortly before it expires and asked
 * again on a 401.
 */
export async function delegatedAccess(
  bus: BusClient,
  authorId: string,
  connectionId: string,
  workspaceId: string | null,
): Promise<DelegatedAccess> {
  const ctx = authorContext(authorId);
  const first = await bus.request(ConnectionsRpc.platformAccess, ctx, { id: connectionId, workspaceId });
  let grant = first;
  let changed = false;
  const token: AccessTokenProvider = async (options) => {
    if (changed) throw new ConnectionChangedError();
    const expired = Date.parse(grant.expires_at) - 10_000 < Date.now();
    if (options?.forceRefresh || expired) {
      const next = await bus.request(ConnectionsRpc.platformAccess, ctx, {
        id: connectionId,
        workspaceId,
        forceRefresh: options?.forceRefresh ?? false,
      });
      // The platform and the registry group are the first grant's: a token for another place is not sent there.
      if (!samePlace(first, next)) {
        changed = true;
        throw new ConnectionChangedError();
      }
      grant = next;
    }
    return grant.access_token;
  };
  return {
    platform: { host: first.host, customDomain: first.custom_domain, accessToken: token },
    token,
    groupId: first.organization_id,
  };
}

/**
 * The connection was moved while the work ran (another host, custom domain or organization): its new
 * credentials' token is not sent to the place the work started with, and the work stops (not retried:
 * it would fail again); run it again to use the connection as it is now.
 */
export class ConnectionChangedError extends PlatformError {
  constructor() {
    super(
      'forbidden',
      'The connection was changed while this ran (its host, custom domain or organization is not the one it ' +
        'started with): stopped rather than send the new credentials to the old place; run it again',
    );
  }
}

function samePlace(first: PlatformAccessGrant, next: PlatformAccessGrant): boolean {
  return (
    first.host === next.host &&
    (first.custom_domain ?? null) === (next.custom_domain ?? null) &&
    first.organization_id === next.organization_id
  );
}

/** Work done on the author's behalf carries their rights, no more. */
export function authorContext(userId: string): RequestContext {
  return {
    requestId: randomUUID(),
    caller: { kind: 'user', userId, isAdmin: false, scopes: ['api:read', 'api:write'], via: 'token' },
  };
}
