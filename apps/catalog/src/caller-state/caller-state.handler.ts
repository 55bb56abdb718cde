import { CatalogCallerStateRpc } from '@pc/contracts';
import { handlerOf } from '@pc/listings';
import { CallerStateService } from './caller-state.service';

export const CallerStateHandler = handlerOf('CallerStateHandler', { states: CallerStateService }, (serve) => [
  serve(CatalogCallerStateRpc.get, ({ states }, ctx) => states.of(ctx)),
]);
