import { ApiProperty } from '@nestjs/swagger';
import type { OpenAPIObject } from '@nestjs/swagger';

/** The payloads of the webhook event types, version 1 (named schemas; the `webhooks` section names them). */
export class DeploymentSucceededWebhookV1Dto {
  @ApiProperty({ format: 'uuid' }) deployment_id!: string;
  @ApiProperty({ enum: ['policy', 'ruleset'] }) asset_type!: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) policy_id!: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) ruleset_id!: string | null;
  @ApiProperty({ format: 'uuid' }) workspace_id!: string;
  @ApiProperty({ format: 'uuid' }) connection_id!: string;
  @ApiProperty() platform_org_id!: string;
}

export class IdeaDeliveredWebhookV1Dto {
  @ApiProperty({ format: 'uuid' }) idea_id!: string;
  @ApiProperty() idea_title!: string;
  @ApiProperty({ enum: ['policy', 'ruleset'] }) resource_type!: 'policy' | 'ruleset';
  @ApiProperty({ format: 'uuid' }) resource_id!: string;
  @ApiProperty() resource_name!: string;
}

export class PingWebhookV1Dto {
  @ApiProperty({ format: 'uuid' }) endpoint_id!: string;
  @ApiProperty({ example: 'ping' }) message!: string;
}

const MESSAGES = [
  ['deployment.succeeded', 'A deployment by the endpoint owner succeeded', DeploymentSucceededWebhookV1Dto],
  ['idea.delivered', "A policy or ruleset delivered the owner's idea", IdeaDeliveredWebhookV1Dto],
  ['webhook.ping', 'A test message (POST /api/webhooks/{id}/ping)', PingWebhookV1Dto],
] as const;

export const WEBHOOK_PAYLOAD_MODELS = MESSAGES.map(([, , model]) => model);

/**
 * The OpenAPI 3.1 `webhooks` section: one entry per event type, the POST a receiver gets, with the
 * Standard Webhooks headers and the envelope `{type, version, timestamp, data}` whose `data` is the
 * event's named, versioned schema.
 */
export function addWebhookMessages(document: OpenAPIObject): void {
  const header = (description: string) => ({ required: true, schema: { type: 'string' }, description });
  const webhooks: Record<string, unknown> = {};
  for (const [type, summary, model] of MESSAGES) {
    webhooks[type] = {
      post: {
        summary,
        description:
          'Signed as Standard Webhooks: verify `webhook-signature` (space-separated `v1,<base64 HMAC-SHA256>` of ' +
          '`<webhook-id>.<webhook-timestamp>.<body>`, two during a secret rotation) and refuse timestamps older than five minutes. ' +
          'Answer 2xx within WEBHOOKS_TIMEOUT_MS; anything else is retried with backoff.',
        parameters: [
          {
            name: 'webhook-id',
            in: 'header',
            ...header('The message id: the same on every attempt (de-duplicate by it)'),
          },
          { name: 'webhook-timestamp', in: 'header', ...header('Seconds since the epoch of this attempt') },
          {
            name: 'webhook-signature',
            in: 'header',
            ...header('`v1,<signature>` per signing secret, space-separated'),
          },
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['type', 'version', 'timestamp', 'data'],
                properties: {
                  type: { type: 'string', const: type },
                  version: { type: 'integer', const: 1 },
                  timestamp: { type: 'string', format: 'date-time' },
                  data: { $ref: `#/components/schemas/${model.name}` },
                },
              },
            },
          },
        },
        responses: { '200': { description: 'Accepted (any 2xx)' } },
      },
    };
  }
  Object.assign(document, { webhooks });
}
