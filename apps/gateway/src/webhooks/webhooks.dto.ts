import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  WEBHOOK_ATTEMPTS_KEPT,
  WEBHOOK_DELIVERY_PAGE,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_ENDPOINT_STATUSES,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_RESPONSE_EXCERPT_BYTES,
  WEBHOOK_ROTATION_OVERLAP_DEFAULT_SECONDS,
  WEBHOOK_ROTATION_OVERLAP_MAX_SECONDS,
  WEBHOOK_URL_MAX,
  type WebhookDeliveryStatus,
  type WebhookEndpointStatus,
  type WebhookEventType,
  WORKSPACE_WEBHOOK_EVENT_TYPES,
} from '@pc/contracts';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsString, MaxLength } from 'class-validator';
import { Optional, PageCursor, PageInfoDto, PageLimit, trim } from '../http/common.dto';
import { OptionalBoolean, OptionalInteger } from '../http/schema-fields';

const URL_DOC = {
  format: 'uri',
  maxLength: WEBHOOK_URL_MAX,
  example: 'https://ci.example.com/hooks/policy-catalog',
  description:
    'Where deliveries are POSTed: https when WEBHOOKS_REQUIRE_HTTPS (the default), resolving to public addresses only ' +
    '(unless its host is in OUTBOUND_ALLOWLIST); redirects are not followed',
};
const EVENT_TYPES_DOC = {
  enum: WEBHOOK_EVENT_TYPES,
  isArray: true,
  minItems: 1,
  maxItems: WEBHOOK_EVENT_TYPES.length,
  description:
    'The event types delivered; each payload is the schema of that name under `webhooks`. A workspace endpoint ' +
    `takes only ${WORKSPACE_WEBHOOK_EVENT_TYPES.join(', ')} (400 otherwise)`,
};

export class CreateWebhookDto {
  @ApiProperty(URL_DOC)
  @IsString()
  @MaxLength(WEBHOOK_URL_MAX)
  url!: string;

  @ApiPropertyOptional({ maxLength: WEBHOOK_DESCRIPTION_MAX, description: 'Empty when omitted' })
  @Optional()
  @Transform(trim)
  @IsString()
  @MaxLength(WEBHOOK_DESCRIPTION_MAX)
  description?: string;

  @ApiProperty(EVENT_TYPES_DOC)
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(WEBHOOK_EVENT_TYPES.length)
  @IsIn(WEBHOOK_EVENT_TYPES, { each: true })
  event_types!: WebhookEventType[];
}

export class UpdateWebhookDto {
  @ApiPropertyOptional(URL_DOC)
  @Optional()
  @IsString()
  @MaxLength(WEBHOOK_URL_MAX)
  url?: string;

  @ApiPropertyOptional({ maxLength: WEBHOOK_DESCRIPTION_MAX })
  @Optional()
  @Transform(trim)
  @IsString()
  @MaxLength(WEBHOOK_DESCRIPTION_MAX)
  description?: string;

  @ApiPropertyOptional(EVENT_TYPES_DOC)
  @Optional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(WEBHOOK_EVENT_TYPES.length)
  @IsIn(WEBHOOK_EVENT_TYPES, { each: true })
  event_types?: WebhookEventType[];

  @OptionalBoolean({
    description: 'true enables a disabled endpoint again (its failure count restarts); false disables it',
  })
  enabled?: boolean;
}

export class RotateWebhookSecretDto {
  @OptionalInteger({
    type: 'integer',
    minimum: 0,
    maximum: WEBHOOK_ROTATION_OVERLAP_MAX_SECONDS,
    default: WEBHOOK_ROTATION_OVERLAP_DEFAULT_SECONDS,
    description:
      'Seconds during which the previous secret still signs beside the new one (both signatures are sent)',
  })
  overlap_seconds?: number;
}

export class WebhookEndpointDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: "A workspace's endpoint (managed by the workspace's owner), or null: the caller's own",
  })
  workspace_id!: string | null;
  @ApiProperty({ format: 'uri' }) url!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, isArray: true }) event_types!: WebhookEventType[];
  @ApiProperty({ enum: WEBHOOK_ENDPOINT_STATUSES }) status!: WebhookEndpointStatus;
  @ApiProperty({ type: String, nullable: true }) disabled_reason!: string | null;
  @ApiProperty({
    type: 'integer',
    description: 'Failed attempts in a row; WEBHOOKS_DISABLE_AFTER_FAILURES disables',
  })
  consecutive_failures!: number;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'End of the rotation overlap',
  })
  previous_secret_expires_at!: string | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
}

export class WebhookEndpointListDto {
  @ApiProperty({ type: [WebhookEndpointDto] }) endpoints!: WebhookEndpointDto[];
}

export class WebhookEndpointReplyDto {
  @ApiProperty({ type: WebhookEndpointDto }) endpoint!: WebhookEndpointDto;
}

export class WebhookWithSecretDto {
  @ApiProperty({ type: WebhookEndpointDto }) endpoint!: WebhookEndpointDto;
  @ApiProperty({
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    description: 'The signing secret (Standard Webhooks, `whsec_` + base64): shown in this response only',
  })
  secret!: string;
}

export class WebhookDeliveryDto {
  @ApiProperty({ format: 'uuid', description: 'Also the `webhook-id` header: the same on every attempt' })
  id!: string;
  @ApiProperty({ format: 'uuid' }) endpoint_id!: string;
  @ApiProperty({ description: 'The event it carries (de-duplicated per endpoint)' }) event_id!: string;
  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES }) event_type!: WebhookEventType;
  @ApiProperty({ enum: WEBHOOK_DELIVERY_STATUSES }) status!: WebhookDeliveryStatus;
  @ApiProperty({ type: 'integer' }) attempts!: number;
  @ApiProperty({ type: 'integer', nullable: true, description: "The last attempt's HTTP status" })
  response_status!: number | null;
  @ApiProperty({ type: 'integer', nullable: true }) duration_ms!: number | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The first 1 KiB of the last response, or why no response came',
  })
  response_excerpt!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) next_attempt_at!: string | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) delivered_at!: string | null;
}

export class WebhookDeliveryReplyDto {
  @ApiProperty({ type: WebhookDeliveryDto }) delivery!: WebhookDeliveryDto;
}

export class WebhookDeliveryPageDto extends PageInfoDto {
  @ApiProperty({ type: [WebhookDeliveryDto], description: 'Newest first' }) deliveries!: WebhookDeliveryDto[];
}

export class WebhookDeliveryAttemptDto {
  @ApiProperty({
    type: 'integer',
    minimum: 1,
    description: '1 for the first attempt; a redelivery continues the count',
  })
  attempt!: number;
  @ApiProperty({ format: 'date-time', description: 'When the request was sent' }) started_at!: string;
  @ApiProperty({ type: 'integer', minimum: 0 }) duration_ms!: number;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: "The receiver's HTTP status; null when no response came",
  })
  response_status!: number | null;
  @ApiProperty({
    type: String,
    nullable: true,
    maxLength: WEBHOOK_RESPONSE_EXCERPT_BYTES,
    description: 'The first 1 KiB of the response body (a response came)',
  })
  response_excerpt!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    maxLength: WEBHOOK_RESPONSE_EXCERPT_BYTES,
    description: 'Why no response came (a timeout, a refused connection, an address not allowed), or null',
  })
  error!: string | null;
}

export class WebhookDeliveryAttemptsDto {
  @ApiProperty({
    type: [WebhookDeliveryAttemptDto],
    maxItems: WEBHOOK_ATTEMPTS_KEPT,
    description: `Newest first: the newest ${WEBHOOK_ATTEMPTS_KEPT} attempts of the delivery`,
  })
  attempts!: WebhookDeliveryAttemptDto[];
}

export class WebhookDeliveriesQueryDto {
  @PageLimit(WEBHOOK_DELIVERY_PAGE) limit?: number;
  @PageCursor() cursor?: string;
}
