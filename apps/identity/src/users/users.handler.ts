import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  type Envelope,
  type FindUsersRequest,
  type GetPublicProfileRequest,
  IdentityRpc,
  type ResolveUserRequest,
  type UpdateProfileRequest,
} from '@pc/contracts';
import { UsersService } from './users.service';

@Controller()
export class UsersHandler {
  constructor(private readonly users: UsersService) {}

  @MessagePattern(IdentityRpc.getMe.pattern)
  getMe(@Payload() { ctx }: Envelope<Record<string, never>>) {
    return this.users.getMe(ctx);
  }

  @MessagePattern(IdentityRpc.updateMe.pattern)
  updateMe(@Payload() { ctx, data }: Envelope<UpdateProfileRequest>) {
    return this.users.updateMe(ctx, data);
  }

  @MessagePattern(IdentityRpc.getPublicProfile.pattern)
  getPublicProfile(@Payload() { data }: Envelope<GetPublicProfileRequest>) {
    return this.users.getPublicProfile(data.username);
  }

  @MessagePattern(IdentityRpc.findUsers.pattern)
  findUsers(@Payload() { data }: Envelope<FindUsersRequest>) {
    return this.users.findMany(data);
  }

  @MessagePattern(IdentityRpc.resolveUser.pattern)
  resolveUser(@Payload() { data }: Envelope<ResolveUserRequest>) {
    return this.users.resolve(data);
  }
}
