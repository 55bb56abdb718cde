import { Controller } from '@nestjs/common';
import { ConnectionsRpc, type Envelope, type PlatformAccessRequest } from '@pc/contracts';
import { Handles } from '@pc/platform';
import { PlatformAccessService } from './platform-access.service';

@Controller()
export class PlatformAccessHandler {
  constructor(private readonly grants: PlatformAccessService) {}

  @Handles(ConnectionsRpc.platformAccess)
  grant({ ctx, data }: Envelope<PlatformAccessRequest>) {
    return this.grants.grant(ctx, data.id, data.workspaceId ?? null, data.forceRefresh);
  }
}
