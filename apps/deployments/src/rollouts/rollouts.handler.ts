import { Controller } from '@nestjs/common';
import {
  type CreateRolloutRequest,
  DeploymentsRpc,
  type Envelope,
  type ListRolloutsRequest,
  type RolloutActionRequest,
  type RolloutEventsAfterRequest,
  type RolloutIdRequest,
} from '@pc/contracts';
import { Handles } from '@pc/platform';
import { RolloutsService } from './rollouts.service';

@Controller()
export class RolloutsHandler {
  constructor(private readonly rollouts: RolloutsService) {}

  @Handles(DeploymentsRpc.createRollout)
  create({ ctx, data }: Envelope<CreateRolloutRequest>) {
    return this.rollouts.create(ctx, data);
  }

  @Handles(DeploymentsRpc.getRollout)
  get({ ctx, data }: Envelope<RolloutIdRequest>) {
    return this.rollouts.get(ctx, data.id);
  }

  @Handles(DeploymentsRpc.listRollouts)
  list({ ctx, data }: Envelope<ListRolloutsRequest>) {
    return this.rollouts.list(ctx, data);
  }

  @Handles(DeploymentsRpc.rolloutAction)
  act({ ctx, data }: Envelope<RolloutActionRequest>) {
    return this.rollouts.act(ctx, data);
  }

  @Handles(DeploymentsRpc.rolloutEventsAfter)
  eventsAfter({ ctx, data }: Envelope<RolloutEventsAfterRequest>) {
    return this.rollouts.eventsAfter(ctx, data);
  }
}
