import { Controller, type Type } from '@nestjs/common';
import type { Envelope } from '@pc/contracts';
import type { ListingIdRequest, ListingKind } from '../listing-kind';
import { CallerState } from './caller-state';
import { LikesService } from './likes.service';

/**
 * The handler of a kind's like descriptors and of its callers' state (what each caller likes and owns),
 * typed from them through the kind's `handles`.
 */
export function likesHandlerFor(kind: ListingKind): Type {
  @Controller()
  class LikesHandler {
    constructor(
      private readonly likes: LikesService,
      private readonly callers: CallerState,
    ) {}

    @kind.handles.getLike
    get({ ctx, data }: Envelope<ListingIdRequest>) {
      return this.likes.get(ctx, data.id);
    }

    @kind.handles.toggleLike
    toggle({ ctx, data }: Envelope<ListingIdRequest>) {
      return this.likes.toggle(ctx, data.id);
    }

    @kind.handles.getCallerState
    callerState({ ctx }: Envelope<Record<string, never>>) {
      return this.callers.of(ctx);
    }
  }
  return LikesHandler;
}
