import { Controller } from '@nestjs/common';
import { type Envelope, RulesetsRpc } from '@pc/contracts';
import { Handles } from '@pc/platform';
import { LikesService } from './likes.service';

@Controller()
export class LikesHandler {
  constructor(private readonly likes: LikesService) {}

  @Handles(RulesetsRpc.getLike)
  get({ ctx, data }: Envelope<{ id: string }>) {
    return this.likes.get(ctx, data.id);
  }

  @Handles(RulesetsRpc.toggleLike)
  toggle({ ctx, data }: Envelope<{ id: string }>) {
    return this.likes.toggle(ctx, data.id);
  }
}
