import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type RequestContext, WorkspacesRpc } from '@pc/contracts';
import { BusClient } from '@pc/platform';
import { ApiErrors, Authenticated, Ctx } from '../auth/auth.decorators';
import {
  ArchiveResultDto,
  ConnectionStatsDto,
  CreateWorkspaceDto,
  MemberListDto,
  MembershipListDto,
  RenameWorkspaceDto,
  UnarchiveResultDto,
  WorkspaceDetailEnvelopeDto,
  WorkspaceEnvelopeDto,
} from './workspaces.dto';
import { AUDIT, Audited } from '../audit/audited';
import { BAD_ID, uuid } from '../http/uuid-param';

export const WORKSPACE_NOT_VISIBLE: [number, string] = [
  404,
  'No such workspace, or the caller is not an active member (disabled members included) nor a platform administrator',
];
export const MANAGERS_ONLY: [number, string] = [
  403,
  'Only the owner and admins of the workspace may do this',
];
export const ARCHIVED: [number, string] = [
  409,
  'The workspace is archived (code WORKSPACES.ARCHIVED), or a conflict named in the message',
];

@ApiTags('workspaces')
@ApiExtraModels(ConnectionStatsDto)
@Controller('workspaces')
export class WorkspacesController {
  constructor(private readonly bus: BusClient) {}

  @Get()
  @Authenticated()
  @ApiOperation({
    summary: "The caller's workspaces with their role; the personal workspace is created on first use",
    description:
      "Every workspace of which the caller is an active member, with the caller's role (owner, admin or " +
      'member). The personal workspace is created the first time it is needed, so the list is never empty.',
  })
  @ApiOkResponse({ type: MembershipListDto })
  list(@Ctx() ctx: RequestContext) {
    return this.bus.request(WorkspacesRpc.list, ctx, {});
  }

  @Audited(AUDIT.workspaceCreated)
  @Post()
  @Authenticated()
  @ApiOperation({
    summary: 'Create a workspace; the caller is its owner',
    description:
      'A shared workspace with a unique slug; the caller becomes its owner and first member. The number of ' +
      'workspaces one user owns is bounded (409 beyond it, as for a taken slug).',
  })
  @ApiCreatedResponse({ type: WorkspaceEnvelopeDto })
  @ApiErrors(
    [400, 'Invalid name or slug'],
    [409, 'The slug is taken, or the caller owns the maximum number of workspaces'],
  )
  create(@Ctx() ctx: RequestContext, @Body() body: CreateWorkspaceDto) {
    return this.bus.request(WorkspacesRpc.create, ctx, body);
  }

  @Get(':id')
  @Authenticated()
  @ApiOperation({
    summary: 'Workspace detail with the caller role, shared connections, members and what is installed',
    description:
      'Deployment-derived parts (connectionStats, installedPolicies, installedRulesets) come from the deployments ' +
      'service; this system has none yet, so the stats are zero and nothing is installed.',
  })
  @ApiOkResponse({ type: WorkspaceDetailEnvelopeDto })
  @ApiErrors(BAD_ID, WORKSPACE_NOT_VISIBLE)
  get(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.bus.request(WorkspacesRpc.get, ctx, { id });
  }

  @Audited(AUDIT.workspaceRenamed)
  @Patch(':id')
  @Authenticated()
  @ApiOperation({
    summary: 'Rename a workspace (owner and admins)',
    description:
      "Changes the workspace's name. Its owner and admins may; an archived workspace is read-only (409).",
  })
  @ApiOkResponse({ type: WorkspaceEnvelopeDto })
  @ApiErrors([400, 'Invalid name, or the id is not a UUID'], MANAGERS_ONLY, WORKSPACE_NOT_VISIBLE, ARCHIVED)
  rename(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string, @Body() body: RenameWorkspaceDto) {
    return this.bus.request(WorkspacesRpc.rename, ctx, { id, name: body.name });
  }

  @Audited(AUDIT.workspaceArchived)
  @Post(':id/archive')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({
    summary:
      'Archive a workspace (owner): read-only until unarchived (no new deployments, members or shares: 409)',
    description:
      'For the owner: the workspace becomes read-only (no new deployments, members or shares: 409) until ' +
      'unarchived; what it holds stays readable. A personal workspace cannot be archived.',
  })
  @ApiOkResponse({ type: ArchiveResultDto })
  @ApiErrors(BAD_ID, [403, 'Only the owner archives'], WORKSPACE_NOT_VISIBLE, [
    409,
    'A personal workspace cannot be archived',
  ])
  archive(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.bus.request(WorkspacesRpc.archive, ctx, { id });
  }

  @Audited(AUDIT.workspaceUnarchived)
  @Delete(':id/archive')
  @Authenticated()
  @ApiOperation({
    summary: 'Unarchive a workspace (owner): `archived_at` back to null',
    description:
      'For the owner: the workspace becomes writable again (`archived_at` is null), and its memberships count ' +
      'toward the workspaces a user may belong to again: a member who already belongs to as many as allowed is ' +
      'disabled (as DELETE /members/{userId} would; re-enabling them later counts as adding them). The answer ' +
      'names them in `disabled_members` (with `reason: membership_limit`), and the audit log has a ' +
      '`workspace.member_disabled` entry for each.',
  })
  @ApiOkResponse({ type: UnarchiveResultDto })
  @ApiErrors(BAD_ID, [403, 'Only the owner unarchives'], WORKSPACE_NOT_VISIBLE, [
    409,
    'A personal workspace cannot be archived, or the owner already belongs to as many workspaces as allowed ' +
      '(WORKSPACES.MEMBERSHIP_LIMIT)',
  ])
  unarchive(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.bus.request(WorkspacesRpc.unarchive, ctx, { id });
  }

  @Get(':id/members')
  @Authenticated()
  @ApiOperation({
    summary: 'Members, owner first (empty for a personal workspace); emails only for the owner and admins',
    description:
      'Every member with role, state and join date, owner first; a personal workspace has none. Emails are ' +
      'shown only to the owner and admins.',
  })
  @ApiOkResponse({ type: MemberListDto })
  @ApiErrors(BAD_ID, WORKSPACE_NOT_VISIBLE)
  members(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.bus.request(WorkspacesRpc.listMembers, ctx, { id });
  }
}
