import { RulesetsRpc } from '@pc/contracts';
import { handlerOf } from '@pc/listings';
import { PinsService } from './pins.service';

export const PinsHandler = handlerOf('PinsHandler', { pins: PinsService }, (serve) => [
  serve(RulesetsRpc.pin, ({ pins }, ctx, data) => pins.pin(ctx, data)),
  serve(RulesetsRpc.getChangesSinceReview, ({ pins }, ctx, data) => pins.changesSinceReview(ctx, data.id)),
]);
