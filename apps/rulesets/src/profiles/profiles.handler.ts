import { GovernanceRpc } from '@pc/contracts';
import { handlerOf } from '@pc/listings';
import { ProfilesService } from './profiles.service';

export const ProfilesHandler = handlerOf('ProfilesHandler', { profiles: ProfilesService }, (serve) => [
  serve(GovernanceRpc.listProfiles, ({ profiles }, ctx, data) => profiles.list(ctx, data.workspaceId)),
  serve(GovernanceRpc.createProfile, ({ profiles }, ctx, data) => profiles.create(ctx, data)),
  serve(GovernanceRpc.updateProfile, ({ profiles }, ctx, data) => profiles.update(ctx, data)),
  serve(GovernanceRpc.rulesetFollowers, ({ profiles }, ctx, data) => profiles.followers(ctx, data.id)),
  serve(GovernanceRpc.getProfile, ({ profiles }, ctx, data) => profiles.get(ctx, data.id)),
  serve(GovernanceRpc.deleteProfile, ({ profiles }, ctx, data) => profiles.delete(ctx, data.id)),
]);
