import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type RequestContext, WebhooksRpc } from '@pc/contracts';
import { BusClient } from '@pc/platform';
import { AUDIT, Audited } from '../audit/audited';
import { ApiErrors, Authenticated, Ctx } from '../auth/auth.decorators';
import { CreateWebhookDto, WebhookEndpointListDto, WebhookWithSecretDto } from './webhooks.dto';
import { uuid } from '../http/uuid-param';

const OWNER_ONLY: [number, string] = [403, "A member who is not the workspace's owner"];
const NO_WORKSPACE: [number, string] = [404, 'No such workspace of which the caller is a member'];

/**
 * Extension: a workspace's webhook endpoints, managed by its owner. They hear what happens in the
 * workspace (its deployments, new versions of what it deployed); each is then read, changed, rotated,
 * pinged and deleted at `/api/webhooks/{id}` like the caller's own.
 */
@ApiTags('webhooks')
@Controller('workspaces/:id/webhooks')
export class WorkspaceWebhooksController {
  constructor(private readonly bus: BusClient) {}

  @Get()
  @Authenticated()
  @ApiOperation({
    summary: "Extension: the workspace's webhook endpoints (its owner; never their secrets)",
    description:
      "For the workspace's owner: its webhook endpoints, which receive the workspace's events. Secrets are " +
      'never returned after creation.',
  })
  @ApiOkResponse({ type: WebhookEndpointListDto })
  @ApiErrors(OWNER_ONLY, NO_WORKSPACE)
  list(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.bus.request(WebhooksRpc.list, ctx, { workspace_id: id });
  }

  @Audited(AUDIT.webhookCreated)
  @Post()
  @Authenticated()
  @ApiOperation({
    summary:
      "Extension: subscribe a URL to the workspace's event types (its owner); the signing secret is in this response only",
    description:
      "For the workspace's owner: subscribes an endpoint URL to the workspace's events. The URL is resolved " +
      'first (422 for a private, loopback or unresolvable address); the signing secret is answered once.',
  })
  @ApiCreatedResponse({ type: WebhookWithSecretDto })
  @ApiErrors(
    [
      400,
      'Invalid URL (https required by WEBHOOKS_REQUIRE_HTTPS), description, or an event type a workspace endpoint cannot take',
    ],
    OWNER_ONLY,
    NO_WORKSPACE,
    [
      422,
      'The URL resolves to a private, loopback or unresolvable address, or the workspace already has WEBHOOKS_MAX_ENDPOINTS_PER_USER endpoints',
    ],
  )
  create(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string, @Body() body: CreateWebhookDto) {
    return this.bus.request(WebhooksRpc.create, ctx, { ...body, workspace_id: id });
  }
}
