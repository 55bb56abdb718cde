import { Controller } from '@nestjs/common';
import { type Envelope, type PinRulesetRequest, RulesetsRpc } from '@pc/contracts';
import { Handles } from '@pc/platform';
import { PinsService } from './pins.service';

@Controller()
export class PinsHandler {
  constructor(private readonly pins: PinsService) {}

  @Handles(RulesetsRpc.pin)
  pin({ ctx, data }: Envelope<PinRulesetRequest>) {
    return this.pins.pin(ctx, data);
  }

  @Handles(RulesetsRpc.getChangesSinceReview)
  changes({ ctx, data }: Envelope<{ id: string }>) {
    return this.pins.changesSinceReview(ctx, data.id);
  }
}
