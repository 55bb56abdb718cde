import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type RequestContext, WorkspacesRpc } from '@pc/contracts';
import { BusClient } from '@pc/platform';
import { ApiErrors, Authenticated, Ctx } from '../auth/auth.decorators';
import { OkDto } from '../http/common.dto';
import {
  AddMemberDto,
  MemberImpactDto,
  UpdateMemberDto,
  UpdateMemberResultDto,
} from './workspace-members.dto';
import { ARCHIVED, MANAGERS_ONLY } from './workspaces.controller';
import { AUDIT, Audited } from '../audit/audited';
import { uuid } from '../http/uuid-param';

const NO_MEMBER: [number, string] = [404, 'No such workspace visible to the caller, or no such member'];

@ApiTags('workspaces')
@Controller('workspaces/:id/members')
export class WorkspaceMembersController {
  constructor(private readonly bus: BusClient) {}

  @Audited(AUDIT.memberAdded)
  @Post()
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({
    summary: 'Add a member by username (with or without @) or email (owner and admins)',
    description:
      'For the owner and admins: adds a user as a member, named by username or email. A disabled member is ' +
      're-enabled with PATCH instead (409 here); an archived or personal workspace takes no members (409).',
  })
  @ApiOkResponse({ type: OkDto })
  @ApiErrors(
    [400, 'Invalid role, or not exactly one of username and email'],
    MANAGERS_ONLY,
    [404, 'No such workspace visible to the caller, or no user with that username or email'],
    [
      409,
      'Archived, a personal workspace, already a member (or a disabled one: re-enable with PATCH), or full',
    ],
  )
  add(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string, @Body() body: AddMemberDto) {
    return this.bus.request(WorkspacesRpc.addMember, ctx, { id, ...body });
  }

  @Audited(AUDIT.memberUpdated)
  @Patch(':userId')
  @Authenticated()
  @ApiOperation({
    summary:
      'Change a member role (admin or member) or re-enable them with disabled: false (owner and admins)',
    description:
      "Nobody changes the owner's role (403). Re-enabling also resumes the shares of connections they own, " +
      'and the answer says why they had been disabled (`previous`: they left, a manager removed them, or an ' +
      'unarchiving found them with no room).',
  })
  @ApiOkResponse({ type: UpdateMemberResultDto })
  @ApiErrors(
    [400, 'Invalid body or ids'],
    [403, 'Not the owner or an admin, or the target is the owner'],
    NO_MEMBER,
    ARCHIVED,
  )
  update(
    @Ctx() ctx: RequestContext,
    @Param('id', uuid) id: string,
    @Param('userId', uuid) userId: string,
    @Body() body: UpdateMemberDto,
  ) {
    return this.bus.request(WorkspacesRpc.updateMember, ctx, { id, userId, ...body });
  }

  @Audited(AUDIT.memberDisabled)
  @Delete(':userId')
  @Authenticated()
  @ApiOperation({
    summary:
      'Disable a member (owner and admins), or leave the workspace (any member, with their own user id)',
    description:
      'The member row stays with `disabled_at` set, so deployments they made keep their attribution; shares of ' +
      'connections they own are paused (`owner_disabled`) until they are re-enabled. Nobody removes the owner ' +
      "(403). With the caller's own user id, an admin or member leaves: the same removal, allowed in an archived " +
      'workspace too, and it frees their place under the 500 workspaces a user may belong to (a membership of an ' +
      'archived workspace holds none). The owner cannot ' +
      'leave (409 `WORKSPACES.OWNER_CANNOT_LEAVE`: ownership is not transferred, they archive it instead), nor can ' +
      'anyone leave a personal workspace (409 `WORKSPACES.PERSONAL`). A manager may re-enable someone who left, ' +
      'as they may add anyone; a share the leaver withdrew (DELETE /connections) stays withdrawn.',
  })
  @ApiOkResponse({ type: OkDto })
  @ApiErrors(
    [400, 'The ids are not UUIDs'],
    [
      403,
      'Removing another member: not the owner or an admin, or the target is the owner; or a read-only token',
    ],
    NO_MEMBER,
    [
      409,
      'Removing another member from an archived workspace (WORKSPACES.ARCHIVED); the owner leaving ' +
        '(WORKSPACES.OWNER_CANNOT_LEAVE); leaving a personal workspace (WORKSPACES.PERSONAL)',
    ],
  )
  disable(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string, @Param('userId', uuid) userId: string) {
    return this.bus.request(WorkspacesRpc.disableMember, ctx, { id, userId });
  }

  @Get(':userId/impact')
  @Authenticated()
  @ApiOperation({
    summary: 'What disabling a member would touch (owner and admins), or leaving (a member, their own)',
    description:
      'For the owner and admins, before disabling a member, and for any member with their own user id, before ' +
      'leaving: the connections they share into the workspace and the deployments and roll-outs that use them, ' +
      'which disabling (or leaving) would stop.',
  })
  @ApiOkResponse({ type: MemberImpactDto })
  @ApiErrors(
    [400, 'The ids are not UUIDs'],
    [403, 'Only the owner and admins of the workspace read the impact of another member'],
    NO_MEMBER,
  )
  impact(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string, @Param('userId', uuid) userId: string) {
    return this.bus.request(WorkspacesRpc.memberImpact, ctx, { id, userId });
  }
}
