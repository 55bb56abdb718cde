import { Controller } from '@nestjs/common';
import {
  type Envelope,
  type FindUsersRequest,
  type GetPublicProfileRequest,
  IdentityRpc,
  type ResolveUserRequest,
  type UpdateProfileRequest,
} from '@pc/contracts';
import { Handles } from '@pc/platform';
import { UsersService } from './users.service';

@Controller()
export class UsersHandler {
  constructor(private readonly users: UsersService) {}

  @Handles(IdentityRpc.getMe)
  getMe({ ctx }: Envelope<Record<string, never>>) {
    return this.users.getMe(ctx);
  }

  @Handles(IdentityRpc.updateMe)
  updateMe({ ctx, data }: Envelope<UpdateProfileRequest>) {
    return this.users.updateMe(ctx, data);
  }

  @Handles(IdentityRpc.getPublicProfile)
  getPublicProfile({ data }: Envelope<GetPublicProfileRequest>) {
    return this.users.getPublicProfile(data.username);
  }

  @Handles(IdentityRpc.findUsers)
  findUsers({ data }: Envelope<FindUsersRequest>) {
    return this.users.findMany(data);
  }

  @Handles(IdentityRpc.resolveUser)
  resolveUser({ data }: Envelope<ResolveUserRequest>) {
    return this.users.resolve(data);
  }
}
