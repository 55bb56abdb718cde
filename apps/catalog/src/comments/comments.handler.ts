import { CatalogRpc } from '@pc/contracts';
import { handlerOf } from '@pc/listings';
import { CommentsService } from './comments.service';

export const CommentsHandler = handlerOf('CommentsHandler', { comments: CommentsService }, (serve) => [
  serve(CatalogRpc.listComments, ({ comments }, ctx, data) => comments.list(ctx, data)),
  serve(CatalogRpc.createComment, ({ comments }, ctx, data) => comments.create(ctx, data)),
  serve(CatalogRpc.updateComment, ({ comments }, ctx, data) => comments.edit(ctx, data)),
  serve(CatalogRpc.deleteComment, ({ comments }, ctx, data) => comments.remove(ctx, data)),
]);
