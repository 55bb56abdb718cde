import { Controller } from '@nestjs/common';
import {
  CatalogRpc,
  type CreateRevisionRequest,
  type Envelope,
  type PageRequest,
  type PolicyIdRequest,
  type ReviewRequest,
} from '@pc/contracts';
import { Handles } from '@pc/platform';
import { RevisionsService } from './revisions.service';

@Controller()
export class RevisionsHandler {
  constructor(private readonly revisions: RevisionsService) {}

  @Handles(CatalogRpc.listRevisions)
  listMine({ ctx, data }: Envelope<PolicyIdRequest & PageRequest>) {
    return this.revisions.listMine(ctx, data);
  }

  @Handles(CatalogRpc.createRevision)
  propose({ ctx, data }: Envelope<CreateRevisionRequest>) {
    return this.revisions.propose(ctx, data);
  }

  @Handles(CatalogRpc.approveRevision)
  approve({ ctx, data }: Envelope<ReviewRequest>) {
    return this.revisions.approve(ctx, data);
  }

  @Handles(CatalogRpc.rejectRevision)
  reject({ ctx, data }: Envelope<ReviewRequest>) {
    return this.revisions.reject(ctx, data);
  }
}
