import { Controller } from '@nestjs/common';
import { DeploymentsRpc, type Envelope } from '@pc/contracts';
import { Handles } from '@pc/platform';
import { WorkspaceSettingsService } from './workspace-settings.service';

@Controller()
export class WorkspaceSettingsHandler {
  constructor(private readonly settings: WorkspaceSettingsService) {}

  @Handles(DeploymentsRpc.getWorkspaceSettings)
  get({ ctx, data }: Envelope<{ workspaceId: string }>) {
    return this.settings.get(ctx, data.workspaceId);
  }

  @Handles(DeploymentsRpc.putWorkspaceSettings)
  put({ ctx, data }: Envelope<{ workspaceId: string; selfHeal: boolean }>) {
    return this.settings.put(ctx, data.workspaceId, data.selfHeal);
  }
}
