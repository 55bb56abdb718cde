import { Controller } from '@nestjs/common';
import {
  CatalogRpc,
  type CreateCommentRequest,
  type DeleteCommentRequest,
  type Envelope,
  type PageRequest,
  type PolicyIdRequest,
  type UpdateCommentRequest,
} from '@pc/contracts';
import { Handles } from '@pc/platform';
import { CommentsService } from './comments.service';

@Controller()
export class CommentsHandler {
  constructor(private readonly comments: CommentsService) {}

  @Handles(CatalogRpc.listComments)
  list({ ctx, data }: Envelope<PolicyIdRequest & PageRequest>) {
    return this.comments.list(ctx, data);
  }

  @Handles(CatalogRpc.createComment)
  create({ ctx, data }: Envelope<CreateCommentRequest>) {
    return this.comments.create(ctx, data);
  }

  @Handles(CatalogRpc.updateComment)
  edit({ ctx, data }: Envelope<UpdateCommentRequest>) {
    return this.comments.edit(ctx, data);
  }

  @Handles(CatalogRpc.deleteComment)
  remove({ ctx, data }: Envelope<DeleteCommentRequest>) {
    return this.comments.remove(ctx, data);
  }
}
