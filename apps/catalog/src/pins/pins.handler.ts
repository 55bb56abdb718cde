import { CatalogRpc } from '@pc/contracts';
import { handlerOf, Pinning } from '@pc/listings';
import { answeredAsJson } from '@pc/platform';
import { PinsService } from './pins.service';

export const PinsHandler = handlerOf('PinsHandler', { pinning: Pinning, pins: PinsService }, (serve) => [
  serve(answeredAsJson(CatalogRpc.pinPolicy), ({ pinning, pins }, ctx, data) => pinning.pin(pins, ctx, data)),
  serve(CatalogRpc.getChangesSinceReview, ({ pinning, pins }, ctx, data) =>
    pinning.changesSinceReview(pins, ctx, data.id),
  ),
]);
