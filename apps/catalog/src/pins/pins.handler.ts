import { Controller } from '@nestjs/common';
import { CatalogRpc, type Envelope, type PinPolicyRequest, type PolicyIdRequest } from '@pc/contracts';
import { Handles } from '@pc/platform';
import { PinsService } from './pins.service';

@Controller()
export class PinsHandler {
  constructor(private readonly pins: PinsService) {}

  @Handles(CatalogRpc.pinPolicy)
  pin({ ctx, data }: Envelope<PinPolicyRequest>) {
    return this.pins.pin(ctx, data);
  }

  @Handles(CatalogRpc.getChangesSinceReview)
  changes({ ctx, data }: Envelope<PolicyIdRequest>) {
    return this.pins.changesSinceReview(ctx, data.id);
  }
}
