import { Controller } from '@nestjs/common';
import {
  type ApiIdRequest,
  type Envelope,
  GovernanceRpc,
  type ListApisRequest,
  type PushDocumentRequest,
  type RegisterApiRequest,
  type UpdateApiRequest,
  type UpdateSettingsRequest,
  type WorkspaceIdData,
} from '@pc/contracts';
import { Handles } from '@pc/platform';
import { GovernedApisService } from './governed-apis.service';

@Controller()
export class GovernedApisHandler {
  constructor(private readonly apis: GovernedApisService) {}

  @Handles(GovernanceRpc.registerApi)
  register({ ctx, data }: Envelope<RegisterApiRequest>) {
    return this.apis.register(ctx, data);
  }

  @Handles(GovernanceRpc.listApis)
  list({ ctx, data }: Envelope<ListApisRequest>) {
    return this.apis.list(ctx, data);
  }

  @Handles(GovernanceRpc.getApi)
  get({ ctx, data }: Envelope<ApiIdRequest>) {
    return this.apis.get(ctx, data.id);
  }

  @Handles(GovernanceRpc.updateApi)
  update({ ctx, data }: Envelope<UpdateApiRequest>) {
    return this.apis.update(ctx, data);
  }

  @Handles(GovernanceRpc.deleteApi)
  delete({ ctx, data }: Envelope<ApiIdRequest>) {
    return this.apis.delete(ctx, data.id);
  }

  @Handles(GovernanceRpc.pushDocument)
  pushDocument({ ctx, data }: Envelope<PushDocumentRequest>) {
    return this.apis.pushDocument(ctx, data);
  }

  @Handles(GovernanceRpc.getSettings)
  getSettings({ ctx, data }: Envelope<WorkspaceIdData>) {
    return this.apis.getSettings(ctx, data.workspaceId);
  }

  @Handles(GovernanceRpc.updateSettings)
  updateSettings({ ctx, data }: Envelope<UpdateSettingsRequest>) {
    return this.apis.updateSettings(ctx, data);
  }
}
