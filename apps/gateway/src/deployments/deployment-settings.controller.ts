import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { ApiExtension, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { DeploymentsRpc, type RequestContext } from '@pc/contracts';
import { BusClient } from '@pc/platform';
import { IsBoolean } from 'class-validator';
import { ApiErrors, Authenticated, Ctx } from '../auth/auth.decorators';
import { AUDIT, Audited } from '../audit/audited';
import { BAD_ID, uuid } from '../http/uuid-param';

export class DeploymentSettingsDto {
  @ApiProperty({ format: 'uuid' }) workspace_id!: string;
  @ApiProperty({
    description:
      'When true, the drift reconcile applies a drifted deployment of this workspace again (a job); a ' +
      'version a roll-out rolled back is never re-applied, and nothing is while the workspace is archived ' +
      '(a drift is only recorded)',
  })
  self_heal!: boolean;
}

export class DeploymentSettingsEnvelopeDto {
  @ApiProperty({ type: DeploymentSettingsDto }) settings!: DeploymentSettingsDto;
}

export class PutDeploymentSettingsDto {
  @ApiProperty({ description: 'Opt into self-heal' })
  @IsBoolean()
  selfHeal!: boolean;
}

const EXTENSION = ApiExtension('x-extension', { reason: 'Drift detection and self-heal (not in the spec)' });
const NOT_MEMBER: [number, string] = [404, 'No such workspace the caller is a member of'];

@ApiTags('workspaces')
@Controller('workspaces')
export class DeploymentSettingsController {
  constructor(private readonly bus: BusClient) {}

  @Get(':id/deployment-settings')
  @Authenticated()
  @EXTENSION
  @ApiOperation({
    summary: "A workspace's deployment settings (self-heal of drifted deployments)",
    description:
      'Whether deployments of the workspace that drift from the platform (removed or changed out of band) ' +
      'are redeployed automatically (self-heal). Any member may read them.',
  })
  @ApiOkResponse({ type: DeploymentSettingsEnvelopeDto })
  @ApiErrors(BAD_ID, NOT_MEMBER)
  get(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.bus.request(DeploymentsRpc.getWorkspaceSettings, ctx, { workspaceId: id });
  }

  @Audited(AUDIT.deploymentSettingsChanged)
  @Put(':id/deployment-settings')
  @Authenticated()
  @EXTENSION
  @ApiOperation({
    summary: "Change a workspace's deployment settings (its owner and admins)",
    description:
      "For the owner and admins: turns self-heal of drifted deployments on or off for the workspace's " +
      'deployments. An archived workspace is read-only: 409 WORKSPACES.ARCHIVED until it is unarchived.',
  })
  @ApiOkResponse({ type: DeploymentSettingsEnvelopeDto })
  @ApiErrors([400, 'Invalid body or id'], [403, 'A member who is not the owner or an admin'], NOT_MEMBER, [
    409,
    'The workspace is archived (WORKSPACES.ARCHIVED)',
  ])
  put(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string, @Body() body: PutDeploymentSettingsDto) {
    return this.bus.request(DeploymentsRpc.putWorkspaceSettings, ctx, {
      workspaceId: id,
      selfHeal: body.selfHeal,
    });
  }
}
