import { CatalogRpc } from '@pc/contracts';
import { handlerOf } from '@pc/listings';
import { TransfersService } from './transfers.service';

export const TransfersHandler = handlerOf('TransfersHandler', { transfers: TransfersService }, (serve) => [
  serve(CatalogRpc.createTransfer, ({ transfers }, ctx, data) => transfers.offer(ctx, data)),
  serve(CatalogRpc.acceptTransfer, ({ transfers }, ctx, data) => transfers.accept(ctx, data)),
  serve(CatalogRpc.rejectTransfer, ({ transfers }, ctx, data) => transfers.reject(ctx, data)),
  serve(CatalogRpc.cancelTransfer, ({ transfers }, ctx, data) => transfers.cancel(ctx, data)),
  serve(CatalogRpc.listMyTransfers, ({ transfers }, ctx, data) => transfers.listMine(ctx, data)),
]);
