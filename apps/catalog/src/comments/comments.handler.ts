import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CatalogRpc,
  type CreateCommentRequest,
  type DeleteCommentRequest,
  type Envelope,
  type PolicyIdRequest,
  type UpdateCommentRequest,
} from '@pc/contracts';
import { LikesService } from '../likes/likes.service';
import { CommentsService } from './comments.service';

@Controller()
export class SocialHandler {
  constructor(
    private readonly comments: CommentsService,
    private readonly likes: LikesService,
  ) {}

  @MessagePattern(CatalogRpc.listComments.pattern)
  list(@Payload() { ctx, data }: Envelope<PolicyIdRequest>) {
    return this.comments.list(ctx, data.id);
  }

  @MessagePattern(CatalogRpc.createComment.pattern)
  create(@Payload() { ctx, data }: Envelope<CreateCommentRequest>) {
    return this.comments.create(ctx, data);
  }

  @MessagePattern(CatalogRpc.updateComment.pattern)
  edit(@Payload() { ctx, data }: Envelope<UpdateCommentRequest>) {
    return this.comments.edit(ctx, data);
  }

  @MessagePattern(CatalogRpc.deleteComment.pattern)
  remove(@Payload() { ctx, data }: Envelope<DeleteCommentRequest>) {
    return this.comments.remove(ctx, data);
  }

  @MessagePattern(CatalogRpc.getLike.pattern)
  getLike(@Payload() { ctx, data }: Envelope<PolicyIdRequest>) {
    return this.likes.get(ctx, data.id);
  }

  @MessagePattern(CatalogRpc.toggleLike.pattern)
  toggleLike(@Payload() { ctx, data }: Envelope<PolicyIdRequest>) {
    return this.likes.toggle(ctx, data.id);
  }
}
