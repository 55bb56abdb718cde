import { GovernanceRpc } from '@pc/contracts';
import { handlerOf } from '@pc/listings';
import { GovernedApisService } from './governed-apis.service';

export const GovernedApisHandler = handlerOf(
  'GovernedApisHandler',
  { apis: GovernedApisService },
  (serve) => [
    serve(GovernanceRpc.registerApi, ({ apis }, ctx, data) => apis.register(ctx, data)),
    serve(GovernanceRpc.listApis, ({ apis }, ctx, data) => apis.list(ctx, data)),
    serve(GovernanceRpc.getApi, ({ apis }, ctx, data) => apis.get(ctx, data.id)),
    serve(GovernanceRpc.updateApi, ({ apis }, ctx, data) => apis.update(ctx, data)),
    serve(GovernanceRpc.deleteApi, ({ apis }, ctx, data) => apis.delete(ctx, data.id)),
    serve(GovernanceRpc.pushDocument, ({ apis }, ctx, data) => apis.pushDocument(ctx, data)),
    serve(GovernanceRpc.getSettings, ({ apis }, ctx, data) => apis.getSettings(ctx, data.workspaceId)),
    serve(GovernanceRpc.updateSettings, ({ apis }, ctx, data) => apis.updateSettings(ctx, data)),
  ],
);
