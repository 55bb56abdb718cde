import { Controller } from '@nestjs/common';
import { type Envelope, type FollowRequest, FollowsRpc } from '@pc/contracts';
import { Handles } from '@pc/platform';
import { FollowsService } from './follows.service';

@Controller()
export class FollowsHandler {
  constructor(private readonly follows: FollowsService) {}

  @Handles(FollowsRpc.get)
  get({ ctx, data }: Envelope<FollowRequest>) {
    return this.follows.get(ctx, data);
  }

  @Handles(FollowsRpc.follow)
  follow({ ctx, data }: Envelope<FollowRequest>) {
    return this.follows.follow(ctx, data);
  }

  @Handles(FollowsRpc.unfollow)
  unfollow({ ctx, data }: Envelope<FollowRequest>) {
    return this.follows.unfollow(ctx, data);
  }
}
