import { Controller } from '@nestjs/common';
import {
  type Envelope,
  type ReplaceRulesetDocsRequest,
  RulesetsRpc,
  type RulesetTabKeyRequest,
  type UpsertRulesetTabRequest,
} from '@pc/contracts';
import { Handles } from '@pc/platform';
import { DocsService } from './docs.service';

@Controller()
export class DocsHandler {
  constructor(private readonly docs: DocsService) {}

  @Handles(RulesetsRpc.getDocs)
  get({ ctx, data }: Envelope<{ id: string }>) {
    return this.docs.get(ctx, data.id);
  }

  @Handles(RulesetsRpc.replaceDocs)
  replace({ ctx, data }: Envelope<ReplaceRulesetDocsRequest>) {
    return this.docs.replace(ctx, data);
  }

  @Handles(RulesetsRpc.upsertTab)
  upsert({ ctx, data }: Envelope<UpsertRulesetTabRequest>) {
    return this.docs.upsert(ctx, data);
  }

  @Handles(RulesetsRpc.deleteTab)
  delete({ ctx, data }: Envelope<RulesetTabKeyRequest>) {
    return this.docs.delete(ctx, data);
  }
}
