import { RulesetsRpc } from '@pc/contracts';
import { handlerOf } from '@pc/listings';
import { answeredAsJson } from '@pc/platform';
import { RulesetsService } from './rulesets.service';

export const RulesetsHandler = handlerOf('RulesetsHandler', { rulesets: RulesetsService }, (serve) => [
  serve(answeredAsJson(RulesetsRpc.list), ({ rulesets }, ctx, data) => rulesets.list(ctx, data)),
  serve(answeredAsJson(RulesetsRpc.get), ({ rulesets }, ctx, data) => rulesets.get(ctx, data.id)),
  serve(RulesetsRpc.countViews, ({ rulesets }, _ctx, data) => rulesets.countViews(data)),
  serve(answeredAsJson(RulesetsRpc.update), ({ rulesets }, ctx, data) => rulesets.update(ctx, data)),
]);
