import { ApiProperty } from '@nestjs/swagger';
import type { Notification } from '@pc/contracts';

/** An entry of the caller's inbox. */
export class NotificationDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({
    enum: [
      'idea_delivered',
      'webhook_disabled',
      'deployment_drifted',
      'governed_api_threshold_crossed',
      'waiver_expired',
    ],
    description:
      "`deployment_drifted` (an extension): the drift reconcile found a deployment of yours drifted; `governed_api_threshold_crossed` (an extension): an API you registered crossed its workspace's at-risk threshold, either way; `waiver_expired` (an extension): a waiver you made expired and its findings count again",
  })
  kind!: Notification['kind'];
  @ApiProperty() title!: string;
  @ApiProperty() body!: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) data!: Record<string, unknown>;
  @ApiProperty() read!: boolean;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

export class NotificationListDto {
  @ApiProperty({ type: [NotificationDto], description: 'Newest first' }) notifications!: NotificationDto[];
}
