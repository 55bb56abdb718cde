import { Controller } from '@nestjs/common';
import { type Envelope, type MoveRulesetOwnershipRequest, RulesetOwnershipRpc } from '@pc/contracts';
import { Handles } from '@pc/platform';
import { OwnershipService } from './ownership.service';

@Controller()
export class OwnershipHandler {
  constructor(private readonly ownership: OwnershipService) {}

  @Handles(RulesetOwnershipRpc.get)
  get({ ctx, data }: Envelope<{ id: string }>) {
    return this.ownership.get(ctx, data.id);
  }

  @Handles(RulesetOwnershipRpc.move)
  move({ ctx, data }: Envelope<MoveRulesetOwnershipRequest>) {
    return this.ownership.move(ctx, data);
  }
}
