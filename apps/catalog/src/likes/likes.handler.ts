import { Controller } from '@nestjs/common';
import { CatalogRpc, type Envelope, type PolicyIdRequest } from '@pc/contracts';
import { Handles } from '@pc/platform';
import { LikesService } from './likes.service';

@Controller()
export class LikesHandler {
  constructor(private readonly likes: LikesService) {}

  @Handles(CatalogRpc.getLike)
  get({ ctx, data }: Envelope<PolicyIdRequest>) {
    return this.likes.get(ctx, data.id);
  }

  @Handles(CatalogRpc.toggleLike)
  toggle({ ctx, data }: Envelope<PolicyIdRequest>) {
    return this.likes.toggle(ctx, data.id);
  }
}
