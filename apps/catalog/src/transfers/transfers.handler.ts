import { Controller } from '@nestjs/common';
import {
  CatalogRpc,
  type CreateTransferRequest,
  type Envelope,
  type PageRequest,
  type TransferDecisionRequest,
  type TransferRole,
} from '@pc/contracts';
import { Handles } from '@pc/platform';
import { TransfersService } from './transfers.service';

@Controller()
export class TransfersHandler {
  constructor(private readonly transfers: TransfersService) {}

  @Handles(CatalogRpc.createTransfer)
  offer({ ctx, data }: Envelope<CreateTransferRequest>) {
    return this.transfers.offer(ctx, data);
  }

  @Handles(CatalogRpc.acceptTransfer)
  accept({ ctx, data }: Envelope<TransferDecisionRequest>) {
    return this.transfers.accept(ctx, data);
  }

  @Handles(CatalogRpc.rejectTransfer)
  reject({ ctx, data }: Envelope<TransferDecisionRequest>) {
    return this.transfers.reject(ctx, data);
  }

  @Handles(CatalogRpc.cancelTransfer)
  cancel({ ctx, data }: Envelope<TransferDecisionRequest>) {
    return this.transfers.cancel(ctx, data);
  }

  @Handles(CatalogRpc.listMyTransfers)
  listMine({ ctx, data }: Envelope<{ role?: TransferRole } & PageRequest>) {
    return this.transfers.listMine(ctx, data);
  }
}
