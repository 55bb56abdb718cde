import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type RequestContext, WorkspacesRpc } from '@pc/contracts';
import { BusClient } from '@pc/platform';
import { ApiErrors, Authenticated, Ctx } from '../auth/auth.decorators';
import { OkDto } from '../http/common.dto';
import {
  EnableShareDto,
  ShareConnectionDto,
  ShareImpactDto,
  UnshareQuery,
} from './workspace-connections.dto';
import { MANAGERS_ONLY } from './workspaces.controller';
import { AUDIT, Audited } from '../audit/audited';
import { uuid } from '../http/uuid-param';

const NO_SHARE: [number, string] = [
  404,
  'No such workspace visible to the caller, or the connection is not shared here',
];

@ApiTags('workspaces')
@Controller('workspaces/:id/connections')
export class WorkspaceConnectionsController {
  constructor(private readonly bus: BusClient) {}

  @Audited(AUDIT.connectionShared)
  @Post()
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({
    summary: 'Share a connection the caller owns into the workspace (owner and admins)',
    description:
      "For the owner and admins: makes a connection the caller owns usable by the workspace's members to " +
      'deploy (they never see its secret). A connection already shared, an archived workspace or a full one ' +
      'answers 409.',
  })
  @ApiOkResponse({ type: OkDto })
  @ApiErrors(
    [400, 'Invalid body or id'],
    MANAGERS_ONLY,
    [404, 'No such workspace visible to the caller, or no such connection owned by the caller'],
    [409, 'Archived, already shared (or shared and disabled: re-enable with PATCH), or full'],
  )
  share(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string, @Body() body: ShareConnectionDto) {
    return this.bus.request(WorkspacesRpc.share, ctx, { id, connectionId: body.connection_id });
  }

  @Audited(AUDIT.shareEnabled)
  @Patch()
  @Authenticated()
  @ApiOperation({
    summary: 'Re-enable a disabled share (owner and admins)',
    description:
      "A share the connection's owner withdrew (`unshared`) only they re-enable (403 for anyone else); one another " +
      'manager paused (`paused`) any manager re-enables; one whose owner is a disabled member (`owner_disabled`) ' +
      'comes back with them (409).',
  })
  @ApiOkResponse({ type: OkDto })
  @ApiErrors([400, 'Invalid body or id'], MANAGERS_ONLY, NO_SHARE, [
    409,
    "Archived, or the connection's owner is a disabled member",
  ])
  enable(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string, @Body() body: EnableShareDto) {
    return this.bus.request(WorkspacesRpc.enableShare, ctx, { id, connectionId: body.connection_id });
  }

  @Audited(AUDIT.connectionUnshared)
  @Delete()
  @Authenticated()
  @ApiOperation({
    summary: "Withdraw one's own connection (its owner, always), or pause another's (owner and admins)",
    description:
      "The share is disabled: `unshared` when the connection's owner withdraws it (only they re-enable it), " +
      '`paused` when another manager does (any manager re-enables it). Members lose the connection at once, ' +
      'deployments made through it keep their attribution, and PATCH re-enables it. The owner of the ' +
      'connection withdraws it at any time: whatever their role is now (demoted to member, removed or gone), ' +
      'from an archived workspace too, and a share paused by a manager or by their removal becomes withdrawn ' +
      "(a removed member re-enabled later does not bring it back). Pausing another's connection is a change " +
      'of the workspace: owner and admins only, not while it is archived (409).',
  })
  @ApiOkResponse({ type: OkDto })
  @ApiErrors(
    [400, 'connection_id missing or not a UUID'],
    [403, "Pausing another's connection: not the owner or an admin of the workspace; or a read-only token"],
    NO_SHARE,
    [409, "Pausing another's connection in an archived workspace (code WORKSPACES.ARCHIVED)"],
  )
  unshare(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string, @Query() query: UnshareQuery) {
    return this.bus.request(WorkspacesRpc.unshare, ctx, { id, connectionId: query.connection_id });
  }

  @Get(':connectionId/impact')
  @Authenticated()
  @ApiOperation({
    summary: 'What unsharing a connection would touch (owner and admins)',
    description:
      'For the owner and admins, before unsharing a connection: the deployments and roll-outs in the ' +
      'workspace that use it, which unsharing would stop.',
  })
  @ApiOkResponse({ type: ShareImpactDto })
  @ApiErrors([400, 'The ids are not UUIDs'], MANAGERS_ONLY, NO_SHARE)
  impact(
    @Ctx() ctx: RequestContext,
    @Param('id', uuid) id: string,
    @Param('connectionId', uuid) connectionId: string,
  ) {
    return this.bus.request(WorkspacesRpc.shareImpact, ctx, { id, connectionId });
  }
}
