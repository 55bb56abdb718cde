import { Controller, type Type } from '@nestjs/common';
import type { Envelope } from '@pc/contracts';
import type { ListingIdRequest, ListingKind } from '../listing-kind';
import { LikesService } from './likes.service';

/** The handler of a kind's like descriptors (typed from them through the kind's `handles`). */
export function likesHandlerFor(kind: ListingKind): Type {
  @Controller()
  class LikesHandler {
    constructor(private readonly likes: LikesService) {}

    @kind.handles.getLike
    get({ ctx, data }: Envelope<ListingIdRequest>) {
      return this.likes.get(ctx, data.id);
    }

    @kind.handles.toggleLike
    toggle({ ctx, data }: Envelope<ListingIdRequest>) {
      return this.likes.toggle(ctx, data.id);
    }
  }
  return LikesHandler;
}
