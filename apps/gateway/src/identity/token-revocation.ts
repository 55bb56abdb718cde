import { Injectable } from '@nestjs/common';
import { IdentityRpc, type RequestContext, type RevokeTokenResult } from '@pc/contracts';
import { BusClient, CallerCache } from '@pc/platform';

/**
 * Revokes through identity, then drops this replica's cached look-up at once; the other replicas
 * drop theirs on the broadcast identity sends.
 */
@Injectable()
export class TokenRevocation {
  constructor(
    private readonly bus: BusClient,
    private readonly callers: CallerCache,
  ) {}

  async revoke(ctx: RequestContext, id: string): Promise<RevokeTokenResult> {
    const result = await this.bus.request(IdentityRpc.revokeToken, ctx, { id });
    this.callers.evictTokenId(id);
    return result;
  }
}
