import { CatalogRpc } from '@pc/contracts';
import { handlerOf } from '@pc/listings';
import { RevisionsService } from './revisions.service';

export const RevisionsHandler = handlerOf('RevisionsHandler', { revisions: RevisionsService }, (serve) => [
  serve(CatalogRpc.listRevisions, ({ revisions }, ctx, data) => revisions.listMine(ctx, data)),
  serve(CatalogRpc.createRevision, ({ revisions }, ctx, data) => revisions.propose(ctx, data)),
  serve(CatalogRpc.approveRevision, ({ revisions }, ctx, data) => revisions.approve(ctx, data)),
  serve(CatalogRpc.rejectRevision, ({ revisions }, ctx, data) => revisions.reject(ctx, data)),
]);
