import { Controller } from '@nestjs/common';
import {
  type ApiIdRequest,
  type CreateWaiverRequest,
  type Envelope,
  GovernanceRpc,
  type WaiverIdRequest,
} from '@pc/contracts';
import { Handles } from '@pc/platform';
import { WaiversService } from './waivers.service';

@Controller()
export class WaiversHandler {
  constructor(private readonly waivers: WaiversService) {}

  @Handles(GovernanceRpc.listWaivers)
  list({ ctx, data }: Envelope<ApiIdRequest>) {
    return this.waivers.list(ctx, data.id);
  }

  @Handles(GovernanceRpc.createWaiver)
  create({ ctx, data }: Envelope<CreateWaiverRequest>) {
    return this.waivers.create(ctx, data);
  }

  @Handles(GovernanceRpc.deleteWaiver)
  delete({ ctx, data }: Envelope<WaiverIdRequest>) {
    return this.waivers.delete(ctx, data);
  }
}
