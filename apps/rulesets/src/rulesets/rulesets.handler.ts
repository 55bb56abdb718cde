import { Controller } from '@nestjs/common';
import {
  type CountRulesetViewsRequest,
  type Envelope,
  type ListRulesetsRequest,
  RulesetsRpc,
  type UpdateRulesetRequest,
} from '@pc/contracts';
import { Handles } from '@pc/platform';
import { RulesetsService } from './rulesets.service';

@Controller()
export class RulesetsHandler {
  constructor(private readonly rulesets: RulesetsService) {}

  @Handles(RulesetsRpc.list)
  list({ ctx, data }: Envelope<ListRulesetsRequest>) {
    return this.rulesets.list(ctx, data);
  }

  @Handles(RulesetsRpc.get)
  get({ ctx, data }: Envelope<{ id: string }>) {
    return this.rulesets.get(ctx, data.id);
  }

  @Handles(RulesetsRpc.countViews)
  countViews({ data }: Envelope<CountRulesetViewsRequest>) {
    return this.rulesets.countViews(data);
  }

  @Handles(RulesetsRpc.update)
  update({ ctx, data }: Envelope<UpdateRulesetRequest>) {
    return this.rulesets.update(ctx, data);
  }
}
