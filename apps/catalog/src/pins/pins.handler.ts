import { CatalogRpc } from '@pc/contracts';
import { handlerOf } from '@pc/listings';
import { PinsService } from './pins.service';

export const PinsHandler = handlerOf('PinsHandler', { pins: PinsService }, (serve) => [
  serve(CatalogRpc.pinPolicy, ({ pins }, ctx, data) => pins.pin(ctx, data)),
  serve(CatalogRpc.getChangesSinceReview, ({ pins }, ctx, data) => pins.changesSinceReview(ctx, data.id)),
]);
