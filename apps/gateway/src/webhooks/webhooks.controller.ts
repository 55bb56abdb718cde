import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type RequestContext,
  WEBHOOK_ATTEMPTS_KEPT,
  WEBHOOK_RETRY_SCHEDULE_SECONDS,
  WebhooksRpc,
} from '@pc/contracts';
import { BusClient } from '@pc/platform';
import { ApiErrors, Authenticated, Ctx } from '../auth/auth.decorators';
import { OkDto } from '../http/common.dto';
import { RateLimited } from '../http/rate-limit';
import { WEBHOOK_PAYLOAD_MODELS } from './webhook-messages.dto';
import {
  CreateWebhookDto,
  RotateWebhookSecretDto,
  UpdateWebhookDto,
  WebhookDeliveriesQueryDto,
  WebhookDeliveryPageDto,
  WebhookDeliveryAttemptsDto,
  WebhookDeliveryReplyDto,
  WebhookEndpointListDto,
  WebhookEndpointReplyDto,
  WebhookWithSecretDto,
} from './webhooks.dto';
import { AUDIT, Audited } from '../audit/audited';
import { uuid } from '../http/uuid-param';

/** Extension: signed webhooks of the caller (Standard Webhooks). */
const wait = (seconds: number) =>
  seconds < 60 ? `${seconds} s` : seconds < 3600 ? `${seconds / 60} min` : `${seconds / 3600} h`;

/** The retry schedule as the delivery routes document it. */
const RETRY_SCHEDULE =
  'A delivery is attempted at once; a failed attempt (no 2xx within the timeout) is retried after ' +
  `${WEBHOOK_RETRY_SCHEDULE_SECONDS.map(wait).join(', ')}, then every ${wait(WEBHOOK_RETRY_SCHEDULE_SECONDS.at(-1)!)} ` +
  "(each wait within 10%; Standard Webhooks' recommended schedule), 12 attempts in all by default " +
  '(`WEBHOOKS_MAX_ATTEMPTS`): about 2.8 days. Each attempt is kept (the newest ' +
  `${WEBHOOK_ATTEMPTS_KEPT} of a delivery): \`GET /api/webhooks/{id}/deliveries/{deliveryId}/attempts\`.`;

@ApiTags('webhooks')
@ApiExtraModels(...WEBHOOK_PAYLOAD_MODELS)
@Controller('webhooks')
export class WebhooksController {
  constructor(private readonly bus: BusClient) {}

  @Get()
  @Authenticated()
  @ApiOperation({
    summary: "Extension: list the caller's webhook endpoints (never their secrets)",
    description:
      "The caller's own webhook endpoints with their URL, event types and state. Secrets are never returned " +
      'after creation.',
  })
  @ApiOkResponse({ type: WebhookEndpointListDto })
  list(@Ctx() ctx: RequestContext) {
    return this.bus.request(WebhooksRpc.list, ctx, {});
  }

  @Audited(AUDIT.webhookCreated)
  @Post()
  @Authenticated()
  @ApiOperation({
    summary: 'Extension: subscribe a URL to event types; the signing secret is in this response only',
    description:
      "Subscribes an endpoint URL to the caller's events of the given types. The URL is resolved first: a " +
      'private, loopback or unresolvable address is refused (422). The answer carries the signing secret ' +
      'once: store it to verify signatures.',
  })
  @ApiCreatedResponse({ type: WebhookWithSecretDto })
  @ApiErrors(
    [400, 'Invalid URL (https required by WEBHOOKS_REQUIRE_HTTPS), description or unknown event types'],
    [
      422,
      'The URL resolves to a private, loopback or unresolvable address, or the caller already has WEBHOOKS_MAX_ENDPOINTS_PER_USER endpoints',
    ],
  )
  create(@Ctx() ctx: RequestContext, @Body() body: CreateWebhookDto) {
    return this.bus.request(WebhooksRpc.create, ctx, body);
  }

  @Get(':id')
  @Authenticated()
  @ApiOperation({
    summary: 'Extension: one webhook endpoint of the caller',
    description:
      'One endpoint of the caller: its URL, description, event types and whether it is enabled. Its secret ' +
      'is never returned after creation.',
  })
  @ApiOkResponse({ type: WebhookEndpointReplyDto })
  @ApiErrors([404, 'No such endpoint of the caller'])
  get(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.bus.request(WebhooksRpc.get, ctx, { id });
  }

  @Audited(AUDIT.webhookUpdated)
  @Patch(':id')
  @Authenticated()
  @ApiOperation({
    summary: 'Extension: change the URL, description or event types, or enable/disable the endpoint',
    description:
      'Changes only the fields sent. A new URL is checked as on creation (422 for a private address); a ' +
      'disabled endpoint receives nothing until enabled again.',
  })
  @ApiOkResponse({ type: WebhookEndpointReplyDto })
  @ApiErrors(
    [400, 'Invalid URL, description or unknown event types'],
    [404, 'No such endpoint of the caller'],
    [422, 'The URL resolves to a private, loopback or unresolvable address'],
  )
  update(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string, @Body() body: UpdateWebhookDto) {
    return this.bus.request(WebhooksRpc.update, ctx, { ...body, id });
  }

  @Audited(AUDIT.webhookDeleted)
  @Delete(':id')
  @Authenticated()
  @ApiOperation({
    summary: 'Extension: delete a webhook endpoint and its delivery log',
    description: 'The endpoint receives nothing more; its delivery log is deleted with it.',
  })
  @ApiOkResponse({ type: OkDto })
  @ApiErrors([404, 'No such endpoint of the caller'])
  remove(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.bus.request(WebhooksRpc.remove, ctx, { id });
  }

  @Audited(AUDIT.webhookSecretRotated)
  @Post(':id/rotate-secret')
  @Authenticated()
  @ApiOperation({
    summary:
      'Extension: a new signing secret (shown once); the previous one keeps signing during the overlap',
    description:
      'Generates a new signing secret and answers it once. During the overlap (`overlap_seconds`, at most ' +
      'seven days) messages carry both signatures, so receivers can switch without losing any.',
  })
  @ApiCreatedResponse({ type: WebhookWithSecretDto })
  @ApiErrors([400, 'Invalid overlap'], [404, 'No such endpoint of the caller'])
  rotate(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string, @Body() body: RotateWebhookSecretDto) {
    return this.bus.request(WebhooksRpc.rotateSecret, ctx, { ...body, id });
  }

  @Audited(AUDIT.webhookPinged)
  @Post(':id/ping')
  @Authenticated()
  @RateLimited('webhookSend')
  @ApiOperation({
    summary: 'Extension: send a signed `webhook.ping` message to the endpoint now',
    description:
      "Sends a signed `webhook.ping` message to the endpoint now, to check the receiver's URL and signature " +
      'verification; the attempt appears in the delivery log.',
  })
  @ApiCreatedResponse({ type: WebhookDeliveryReplyDto })
  @ApiErrors([404, 'No such endpoint of the caller'])
  ping(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.bus.request(WebhooksRpc.ping, ctx, { id });
  }

  @Get(':id/deliveries')
  @Authenticated()
  @ApiOperation({
    summary:
      "Extension: the endpoint's delivery log, newest first (status, attempts, response code, duration, first bytes)",
    description:
      "Every delivery to the endpoint, newest first: event type, status, number of attempts, the receiver's " +
      'response code, duration and first bytes of its answer; keyset pages. ' +
      RETRY_SCHEDULE,
  })
  @ApiOkResponse({ type: WebhookDeliveryPageDto })
  @ApiErrors([404, 'No such endpoint of the caller'])
  deliveries(
    @Ctx() ctx: RequestContext,
    @Param('id', uuid) id: string,
    @Query() query: WebhookDeliveriesQueryDto,
  ) {
    return this.bus.request(WebhooksRpc.listDeliveries, ctx, { id, ...query });
  }

  @Get(':id/deliveries/:deliveryId/attempts')
  @Authenticated()
  @ApiOperation({
    summary:
      'Extension: each attempt of a delivery, newest first (time, status, duration, response or error)',
    description: RETRY_SCHEDULE,
  })
  @ApiOkResponse({ type: WebhookDeliveryAttemptsDto })
  @ApiErrors([400, 'An id is not a UUID'], [404, 'No such endpoint of the caller, or no such delivery of it'])
  attempts(
    @Ctx() ctx: RequestContext,
    @Param('id', uuid) id: string,
    @Param('deliveryId', uuid) deliveryId: string,
  ) {
    return this.bus.request(WebhooksRpc.listAttempts, ctx, { id, delivery_id: deliveryId });
  }

  @Audited(AUDIT.webhookRedelivered)
  @Post(':id/deliveries/:deliveryId/redeliver')
  @Authenticated()
  @RateLimited('webhookSend')
  @ApiOperation({
    summary: 'Extension: attempt a delivery again now (same webhook-id, a fresh timestamp and signature)',
    description:
      'Sends the message of a delivery again now, with the same `webhook-id` (receivers de-duplicate by it) ' +
      'and a fresh timestamp and signature. Refused while an attempt is under way (422).',
  })
  @ApiCreatedResponse({ type: WebhookDeliveryReplyDto })
  @ApiErrors(
    [404, 'No such endpoint of the caller, or no such delivery of it'],
    [422, 'An attempt of this delivery is under way'],
  )
  redeliver(
    @Ctx() ctx: RequestContext,
    @Param('id', uuid) id: string,
    @Param('deliveryId', uuid) deliveryId: string,
  ) {
    return this.bus.request(WebhooksRpc.redeliver, ctx, { id, delivery_id: deliveryId });
  }
}
