import { GovernanceRpc } from '@pc/contracts';
import { handlerOf } from '@pc/listings';
import { WaiversService } from './waivers.service';

export const WaiversHandler = handlerOf('WaiversHandler', { waivers: WaiversService }, (serve) => [
  serve(GovernanceRpc.listWaivers, ({ waivers }, ctx, data) => waivers.list(ctx, data)),
  serve(GovernanceRpc.createWaiver, ({ waivers }, ctx, data) => waivers.create(ctx, data)),
  serve(GovernanceRpc.deleteWaiver, ({ waivers }, ctx, data) => waivers.delete(ctx, data)),
]);
