import { RulesetOwnershipRpc } from '@pc/contracts';
import { handlerOf } from '@pc/listings';
import { OwnershipService } from './ownership.service';

export const OwnershipHandler = handlerOf('OwnershipHandler', { ownership: OwnershipService }, (serve) => [
  serve(RulesetOwnershipRpc.get, ({ ownership }, ctx, data) => ownership.get(ctx, data.id)),
  serve(RulesetOwnershipRpc.move, ({ ownership }, ctx, data) => ownership.move(ctx, data)),
  serve(RulesetOwnershipRpc.end, ({ ownership }, ctx, data) => ownership.end(ctx, data)),
  serve(RulesetOwnershipRpc.endMany, ({ ownership }, ctx, data) => ownership.endMany(ctx, data)),
]);
