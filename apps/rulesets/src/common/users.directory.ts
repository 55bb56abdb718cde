import { Injectable } from '@nestjs/common';
import { IdentityRpc, type RequestContext, type UserSummary } from '@pc/contracts';
import { BusClient } from '@pc/platform';

/** Who users are, asked of identity over the bus (this service never reads another schema). */
@Injectable()
export class UsersDirectory {
  constructor(private readonly bus: BusClient) {}

  async findMany(ctx: RequestContext, ids: Array<string | null>): Promise<Map<string, UserSummary>> {
    const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
    if (wanted.length === 0) return new Map();
    const { users } = await this.bus.request(IdentityRpc.findUsers, ctx, { ids: wanted });
    return new Map(users.map((u) => [u.id, u]));
  }
}
