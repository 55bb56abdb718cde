import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CatalogRpc,
  type CreateTransferRequest,
  type Envelope,
  type ReviewRequest,
  type SubmitIdeaRequest,
  type TransferDecisionRequest,
} from '@pc/contracts';
import { IdeasService } from '../ideas/ideas.service';
import { TransfersService } from './transfers.service';

@Controller()
export class TransfersHandler {
  constructor(
    private readonly transfers: TransfersService,
    private readonly ideas: IdeasService,
  ) {}

  @MessagePattern(CatalogRpc.createTransfer.pattern)
  offer(@Payload() { ctx, data }: Envelope<CreateTransferRequest>) {
    return this.transfers.offer(ctx, data);
  }

  @MessagePattern(CatalogRpc.acceptTransfer.pattern)
  accept(@Payload() { ctx, data }: Envelope<TransferDecisionRequest>) {
    return this.transfers.accept(ctx, data);
  }

  @MessagePattern(CatalogRpc.rejectTransfer.pattern)
  reject(@Payload() { ctx, data }: Envelope<TransferDecisionRequest>) {
    return this.transfers.reject(ctx, data);
  }

  @MessagePattern(CatalogRpc.cancelTransfer.pattern)
  cancel(@Payload() { ctx, data }: Envelope<TransferDecisionRequest>) {
    return this.transfers.cancel(ctx, data);
  }

  @MessagePattern(CatalogRpc.listMyTransfers.pattern)
  listMine(@Payload() { ctx, data }: Envelope<{ role?: 'recipient' | 'initiator' }>) {
    return this.transfers.listMine(ctx, data.role);
  }

  @MessagePattern(CatalogRpc.submitIdea.pattern)
  submitIdea(@Payload() { ctx, data }: Envelope<SubmitIdeaRequest>) {
    return this.ideas.submit(ctx, data);
  }

  @MessagePattern(CatalogRpc.listIdeas.pattern)
  listIdeas(@Payload() { ctx }: Envelope<Record<string, never>>) {
    return this.ideas.list(ctx);
  }

  @MessagePattern(CatalogRpc.getIdea.pattern)
  getIdea(@Payload() { ctx, data }: Envelope<{ id: string }>) {
    return this.ideas.get(ctx, data.id);
  }

  @MessagePattern(CatalogRpc.approveIdea.pattern)
  approveIdea(@Payload() { ctx, data }: Envelope<ReviewRequest>) {
    return this.ideas.approve(ctx, data);
  }

  @MessagePattern(CatalogRpc.rejectIdea.pattern)
  rejectIdea(@Payload() { ctx, data }: Envelope<ReviewRequest>) {
    return this.ideas.reject(ctx, data);
  }
}
