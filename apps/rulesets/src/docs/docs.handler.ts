import { RulesetsRpc } from '@pc/contracts';
import { handlerOf } from '@pc/listings';
import { DocsService } from './docs.service';

export const DocsHandler = handlerOf('DocsHandler', { docs: DocsService }, (serve) => [
  serve(RulesetsRpc.getDocs, ({ docs }, ctx, data) => docs.get(ctx, data.id)),
  serve(RulesetsRpc.replaceDocs, ({ docs }, ctx, data) => docs.replace(ctx, data)),
  serve(RulesetsRpc.upsertTab, ({ docs }, ctx, data) => docs.upsert(ctx, data)),
  serve(RulesetsRpc.deleteTab, ({ docs }, ctx, data) => docs.delete(ctx, data)),
]);
