import { Controller } from '@nestjs/common';
import {
  type ApiIdRequest,
  type CreateGovernanceProfileRequest,
  type Envelope,
  GovernanceRpc,
  type UpdateGovernanceProfileRequest,
  type WorkspaceIdData,
} from '@pc/contracts';
import { Handles } from '@pc/platform';
import { ProfilesService } from './profiles.service';

@Controller()
export class ProfilesHandler {
  constructor(private readonly profiles: ProfilesService) {}

  @Handles(GovernanceRpc.listProfiles)
  list({ ctx, data }: Envelope<WorkspaceIdData>) {
    return this.profiles.list(ctx, data.workspaceId);
  }

  @Handles(GovernanceRpc.createProfile)
  create({ ctx, data }: Envelope<CreateGovernanceProfileRequest>) {
    return this.profiles.create(ctx, data);
  }

  @Handles(GovernanceRpc.updateProfile)
  update({ ctx, data }: Envelope<UpdateGovernanceProfileRequest>) {
    return this.profiles.update(ctx, data);
  }

  @Handles(GovernanceRpc.rulesetFollowers)
  followers({ ctx, data }: Envelope<ApiIdRequest>) {
    return this.profiles.followers(ctx, data.id);
  }

  @Handles(GovernanceRpc.deleteProfile)
  delete({ ctx, data }: Envelope<ApiIdRequest>) {
    return this.profiles.delete(ctx, data.id);
  }
}
