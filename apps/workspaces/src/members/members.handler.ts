import { Controller } from '@nestjs/common';
import {
  type AddMemberRequest,
  type Envelope,
  type MemberRequest,
  type UpdateMemberRequest,
  WorkspacesRpc,
} from '@pc/contracts';
import { Handles } from '@pc/platform';
import { MembersService } from './members.service';

@Controller()
export class MembersHandler {
  constructor(private readonly members: MembersService) {}

  @Handles(WorkspacesRpc.addMember)
  add({ ctx, data }: Envelope<AddMemberRequest>) {
    return this.members.add(ctx, data);
  }

  @Handles(WorkspacesRpc.updateMember)
  update({ ctx, data }: Envelope<UpdateMemberRequest>) {
    return this.members.update(ctx, data);
  }

  @Handles(WorkspacesRpc.disableMember)
  disable({ ctx, data }: Envelope<MemberRequest>) {
    return this.members.disable(ctx, data.id, data.userId);
  }

  @Handles(WorkspacesRpc.memberImpact)
  impact({ ctx, data }: Envelope<MemberRequest>) {
    return this.members.impact(ctx, data.id, data.userId);
  }
}
