import { Controller } from '@nestjs/common';
import { type DeploymentIdRequest, DeploymentsRpc, type Envelope } from '@pc/contracts';
import { Handles } from '@pc/platform';
import { SyncService } from './sync.service';

@Controller()
export class SyncHandler {
  constructor(private readonly sync: SyncService) {}

  @Handles(DeploymentsRpc.sync)
  reconcile({ ctx, data }: Envelope<DeploymentIdRequest>) {
    return this.sync.sync(ctx, data.id);
  }

  @Handles(DeploymentsRpc.devVersion)
  devVersion({ ctx, data }: Envelope<DeploymentIdRequest>) {
    return this.sync.devVersion(ctx, data.id);
  }
}
