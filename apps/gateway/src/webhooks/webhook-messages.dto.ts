import { ApiProperty } from '@nestjs/swagger';
import type { OpenAPIObject } from '@nestjs/swagger';
import { GOVERNANCE_LIMITS, type WebhookEventType } from '@pc/contracts';

/** The deployment a `deployment.*` payload is about (not a schema of its own: each payload lists them). */
abstract class DeploymentWebhookFieldsDto {
  @ApiProperty({ format: 'uuid' }) deployment_id!: string;
  @ApiProperty({ enum: ['policy', 'ruleset'] }) asset_type!: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) policy_id!: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) ruleset_id!: string | null;
  @ApiProperty({ format: 'uuid' }) workspace_id!: string;
  @ApiProperty({ format: 'uuid' }) connection_id!: string;
  @ApiProperty() platform_org_id!: string;
}

/** The payloads of the webhook event types, version 1 (named schemas; the `webhooks` section names them). */
export class DeploymentSucceededWebhookV1Dto extends DeploymentWebhookFieldsDto {
  @ApiProperty({
    type: Boolean,
    enum: [true],
    required: false,
    description:
      "Present, `true`, when the job was a self-heal: the drift check applied the workspace's drifted deployment " +
      'again (the item had been removed, or changed, on the platform). That is not another deploy of the item: ' +
      'its `deploys` do not count it. Absent for every other success, so a receiver counting deploys skips the messages that carry it',
  })
  self_heal?: true;
}

export class DeploymentFailedWebhookV1Dto extends DeploymentWebhookFieldsDto {
  @ApiProperty({ type: String, nullable: true, description: 'The failure as the deployment shows it' })
  error!: string | null;
}

export class DeploymentDriftDetectedWebhookV1Dto {
  @ApiProperty({ format: 'uuid' }) deployment_id!: string;
  @ApiProperty({ enum: ['policy', 'ruleset'] }) asset_type!: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) policy_id!: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) ruleset_id!: string | null;
  @ApiProperty({ format: 'uuid' }) workspace_id!: string;
  @ApiProperty() platform_org_id!: string;
  @ApiProperty({
    enum: ['deleted', 'reapplied'],
    description: '`deleted`: removed from the platform out of band; `reapplied`: there again',
  })
  found!: 'deleted' | 'reapplied';
  @ApiProperty({ enum: ['removed', 'succeeded'], description: "The deployment's status now" })
  status!: 'removed' | 'succeeded';
}

export class RolloutHaltedWebhookV1Dto {
  @ApiProperty({ format: 'uuid' }) rollout_id!: string;
  @ApiProperty({ enum: ['policy', 'ruleset'] }) asset_type!: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) policy_id!: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) ruleset_id!: string | null;
  @ApiProperty() asset_name!: string;
  @ApiProperty({ format: 'uuid' }) workspace_id!: string;
  @ApiProperty({ format: 'uuid' }) connection_id!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The version rolled out, when the request named one',
  })
  version!: string | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    minimum: 1,
    description: 'The step that halted (1-based); null before the first step started',
  })
  step!: number | null;
  @ApiProperty({
    description:
      'Why it halted: the organization and what its deployment or the platform said (as `halt_reason` of the roll-out)',
  })
  reason!: string;
  @ApiProperty({ format: 'date-time' }) halted_at!: string;
}

export class SubmissionDecidedWebhookV1Dto {
  @ApiProperty({ format: 'uuid', description: 'The submission (or revision) decided' })
  submission_id!: string;
  @ApiProperty({ enum: ['policy', 'ruleset'] }) asset_type!: 'policy' | 'ruleset';
  @ApiProperty({
    enum: ['submission', 'revision'],
    description: '`revision`: a proposed change of a published policy',
  })
  kind!: 'submission' | 'revision';
  @ApiProperty({ enum: ['approved', 'rejected', 'needs_improvement'] })
  decision!: 'approved' | 'rejected' | 'needs_improvement';
  @ApiProperty({ format: 'uuid' }) resource_id!: string;
  @ApiProperty() resource_name!: string;
  @ApiProperty({ type: String, nullable: true, description: "The reviewer's feedback" }) feedback!:
    string | null;
}

export class VersionPublishedWebhookV1Dto {
  @ApiProperty({ enum: ['policy', 'ruleset'] }) asset_type!: 'policy' | 'ruleset';
  @ApiProperty({ format: 'uuid' }) resource_id!: string;
  @ApiProperty() resource_name!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The version the resource declares, when it declares one',
  })
  version!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The reviewed commit now pinned, when known' })
  commit!: string | null;
}

export class TransferOfferedWebhookV1Dto {
  @ApiProperty({ format: 'uuid' }) transfer_id!: string;
  @ApiProperty({ enum: ['policy', 'idea', 'ruleset'] }) resource_type!: 'policy' | 'idea' | 'ruleset';
  @ApiProperty({ format: 'uuid' }) resource_id!: string;
  @ApiProperty() resource_name!: string;
  @ApiProperty({ format: 'uuid', description: 'Who offers it' }) from_user_id!: string;
  @ApiProperty({ format: 'date-time', description: 'Accept or reject it before then' }) expires_at!: string;
}

export class CommentCreatedWebhookV1Dto {
  @ApiProperty({ format: 'uuid' }) comment_id!: string;
  @ApiProperty({ format: 'uuid' }) policy_id!: string;
  @ApiProperty() policy_name!: string;
  @ApiProperty({ format: 'uuid' }) author_id!: string;
  @ApiProperty({ maxLength: 200, description: "The comment's first 200 characters" }) excerpt!: string;
}

export class IdeaDeliveredWebhookV1Dto {
  @ApiProperty({ format: 'uuid' }) idea_id!: string;
  @ApiProperty() idea_title!: string;
  @ApiProperty({ enum: ['policy', 'ruleset'] }) resource_type!: 'policy' | 'ruleset';
  @ApiProperty({ format: 'uuid' }) resource_id!: string;
  @ApiProperty() resource_name!: string;
}

export class ApiThresholdCrossedWebhookV1Dto {
  @ApiProperty({ format: 'uuid' }) api_id!: string;
  @ApiProperty() api_name!: string;
  @ApiProperty({ format: 'uuid' }) workspace_id!: string;
  @ApiProperty({ enum: ['below', 'above'] }) direction!: 'below' | 'above';
  @ApiProperty({ minimum: 0, maximum: 100 }) threshold!: number;
  @ApiProperty({ type: Number, nullable: true, minimum: 0, maximum: 100 }) conformance!: number | null;
  @ApiProperty({ type: Number, nullable: true, minimum: 0, maximum: 100 }) previous_conformance!:
    number | null;
  @ApiProperty({ format: 'uuid' }) evaluation_id!: string;
}

export class WaiverExpiredWebhookV1Dto {
  @ApiProperty({ format: 'uuid' }) waiver_id!: string;
  @ApiProperty({ format: 'uuid' }) api_id!: string;
  @ApiProperty() api_name!: string;
  @ApiProperty({ format: 'uuid' }) workspace_id!: string;
  @ApiProperty() rule!: string;
  @ApiProperty() location!: string;
  @ApiProperty({
    type: Number,
    nullable: true,
    minimum: 0,
    maximum: 100,
    description: "The API's conformance without it",
  })
  conformance!: number | null;
}

export class ConformanceChangeDto {
  @ApiProperty({ format: 'uuid' }) api_id!: string;
  @ApiProperty() api_name!: string;
  @ApiProperty({ type: Number, nullable: true, minimum: 0, maximum: 100 }) previous_conformance!:
    number | null;
  @ApiProperty({ type: Number, nullable: true, minimum: 0, maximum: 100 }) conformance!: number | null;
}

export class ConformanceChangedWebhookV1Dto {
  @ApiProperty({ format: 'uuid' }) workspace_id!: string;
  @ApiProperty({ format: 'uuid' }) ruleset_id!: string;
  @ApiProperty() ruleset_name!: string;
  @ApiProperty({ type: String, nullable: true, description: "The new version's commit" }) version!:
    string | null;
  @ApiProperty({ minimum: 1, description: 'How many of the APIs following the ruleset changed' })
  changed!: number;
  @ApiProperty({
    type: [ConformanceChangeDto],
    maxItems: GOVERNANCE_LIMITS.changesListed,
    description: 'The APIs whose conformance changed, by name (the first 100)',
  })
  apis!: ConformanceChangeDto[];
}

export class PingWebhookV1Dto {
  @ApiProperty({ format: 'uuid' }) endpoint_id!: string;
  @ApiProperty({ example: 'ping' }) message!: string;
}

const MESSAGES = [
  [
    'submission.decided',
    "An administrator approved, rejected or sent back the owner's submission (or policy revision)",
    SubmissionDecidedWebhookV1Dto,
  ],
  [
    'version.published',
    'A new reviewed version of a policy or ruleset the owner (or the workspace) deployed',
    VersionPublishedWebhookV1Dto,
  ],
  [
    'deployment.succeeded',
    "A deployment by the endpoint's owner (or in its workspace) succeeded, or a self-heal of one did (`self_heal`)",
    DeploymentSucceededWebhookV1Dto,
  ],
  [
    'deployment.failed',
    "A deployment by the endpoint's owner (or in its workspace) failed",
    DeploymentFailedWebhookV1Dto,
  ],
  [
    'deployment.drift_detected',
    'A synchronization found a deployment removed from the platform out of band, or applied again',
    DeploymentDriftDetectedWebhookV1Dto,
  ],
  [
    'rollout.halted',
    "A roll-out by the endpoint's owner (or in its workspace) halted: the organizations it changed get back what they ran before",
    RolloutHaltedWebhookV1Dto,
  ],
  [
    'transfer.offered',
    'Another user offered the owner a policy, idea or ruleset',
    TransferOfferedWebhookV1Dto,
  ],
  ['comment.created', "Someone commented on the owner's policy", CommentCreatedWebhookV1Dto],
  ['idea.delivered', "A policy or ruleset delivered the owner's idea", IdeaDeliveredWebhookV1Dto],
  [
    'governed_api.threshold_crossed',
    "A governed API the owner registered (or of the workspace) crossed the workspace's at-risk threshold, either way (an extension)",
    ApiThresholdCrossedWebhookV1Dto,
  ],
  [
    'governed_api.waiver_expired',
    'A waiver the owner made (or of the workspace) expired: its findings count again (an extension)',
    WaiverExpiredWebhookV1Dto,
  ],
  [
    'governed_api.conformance_changed',
    "A new version of a ruleset the workspace's profiles follow changed the conformance of its APIs, listed before and after, once per version (an extension)",
    ConformanceChangedWebhookV1Dto,
  ],
  ['webhook.ping', 'A test message (POST /api/webhooks/{id}/ping)', PingWebhookV1Dto],
] as const satisfies ReadonlyArray<readonly [WebhookEventType, string, unknown]>;

/** Every event type has its message: a new type without a schema does not compile. */
const everyTypeDocumented: [Exclude<WebhookEventType, (typeof MESSAGES)[number][0]>] extends [never]
  ? true
  : never = true;
void everyTypeDocumented;

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
        operationId: `webhook_${type.replace(/[._]([a-z])/g, (_, c: string) => c.toUpperCase())}`,
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
        // The receiver authenticates the message by its signature (above), not by a security scheme.
        security: [],
      },
    };
  }
  Object.assign(document, { webhooks });
}
