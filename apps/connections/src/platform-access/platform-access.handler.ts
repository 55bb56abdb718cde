import { Controller } from '@nestjs/common';
import {
  ConnectionsRpc,
  type Envelope,
  type PlatformAccessRequest,
  type PlatformAccessRequestV1,
} from '@pc/contracts';
import { Handles } from '@pc/platform';
import { PlatformAccessService } from './platform-access.service';

@Controller()
export class PlatformAccessHandler {
  constructor(private readonly grants: PlatformAccessService) {}

  @Handles(ConnectionsRpc.platformAccess)
  grant({ ctx, data }: Envelope<PlatformAccessRequest>) {
    return this.grants.grant(ctx, data.id, data.workspaceId, data.forceRefresh);
  }

  /** The previous release's callers, during a rolling release; removed in the next (deploy/README.md). */
  @Handles(ConnectionsRpc.platformAccessV1)
  grantV1({ ctx, data }: Envelope<PlatformAccessRequestV1>) {
    return this.grants.grantV1(ctx, data);
  }
}
