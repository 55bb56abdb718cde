import { CatalogRpc } from '@pc/contracts';
import { handlerOf } from '@pc/listings';
import { IdeasService } from './ideas.service';

export const IdeasHandler = handlerOf('IdeasHandler', { ideas: IdeasService }, (serve) => [
  serve(CatalogRpc.submitIdea, ({ ideas }, ctx, data) => ideas.submit(ctx, data)),
  serve(CatalogRpc.listIdeas, ({ ideas }, ctx, data) => ideas.list(ctx, data)),
  serve(CatalogRpc.getIdea, ({ ideas }, ctx, data) => ideas.get(ctx, data.id)),
  serve(CatalogRpc.voteIdea, ({ ideas }, ctx, data) => ideas.vote(ctx, data)),
  serve(CatalogRpc.approveIdea, ({ ideas }, ctx, data) => ideas.approve(ctx, data)),
  serve(CatalogRpc.rejectIdea, ({ ideas }, ctx, data) => ideas.reject(ctx, data)),
  serve(CatalogRpc.checkIdeas, ({ ideas }, ctx, data) => ideas.check(ctx, data.ideas)),
  serve(CatalogRpc.declareIdeas, ({ ideas }, ctx, data) => ideas.declare(ctx, data)),
  serve(CatalogRpc.deliverIdeas, ({ ideas }, ctx, data) => ideas.deliver(ctx, data)),
  serve(CatalogRpc.listIdeaDeliveries, ({ ideas }, _ctx, data) => ideas.deliveries(data)),
]);
