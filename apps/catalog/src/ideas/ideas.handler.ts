import { Controller } from '@nestjs/common';
import {
  CatalogRpc,
  type DeclareIdeasRequest,
  type DeliverIdeasRequest,
  type Envelope,
  type IdeaDeclaration,
  type ListIdeaDeliveriesRequest,
  type ReviewRequest,
  type SubmitIdeaRequest,
} from '@pc/contracts';
import { Handles } from '@pc/platform';
import { IdeasService } from './ideas.service';

@Controller()
export class IdeasHandler {
  constructor(private readonly ideas: IdeasService) {}

  @Handles(CatalogRpc.submitIdea)
  submit({ ctx, data }: Envelope<SubmitIdeaRequest>) {
    return this.ideas.submit(ctx, data);
  }

  @Handles(CatalogRpc.listIdeas)
  list({ ctx }: Envelope<Record<string, never>>) {
    return this.ideas.list(ctx);
  }

  @Handles(CatalogRpc.getIdea)
  get({ ctx, data }: Envelope<{ id: string }>) {
    return this.ideas.get(ctx, data.id);
  }

  @Handles(CatalogRpc.approveIdea)
  approve({ ctx, data }: Envelope<ReviewRequest>) {
    return this.ideas.approve(ctx, data);
  }

  @Handles(CatalogRpc.rejectIdea)
  reject({ ctx, data }: Envelope<ReviewRequest>) {
    return this.ideas.reject(ctx, data);
  }

  @Handles(CatalogRpc.checkIdeas)
  check({ ctx, data }: Envelope<{ ideas: IdeaDeclaration[] }>) {
    return this.ideas.check(ctx, data.ideas);
  }

  @Handles(CatalogRpc.declareIdeas)
  declare({ ctx, data }: Envelope<DeclareIdeasRequest>) {
    return this.ideas.declare(ctx, data);
  }

  @Handles(CatalogRpc.deliverIdeas)
  deliver({ ctx, data }: Envelope<DeliverIdeasRequest>) {
    return this.ideas.deliver(ctx, data);
  }

  @Handles(CatalogRpc.listIdeaDeliveries)
  deliveries({ data }: Envelope<ListIdeaDeliveriesRequest>) {
    return this.ideas.deliveries(data);
  }
}
