import { Controller } from '@nestjs/common';
import { CatalogRpc, type Envelope, type ReviewRequest, type SubmitIdeaRequest } from '@pc/contracts';
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
}
