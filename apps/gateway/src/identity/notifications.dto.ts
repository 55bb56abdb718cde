import { ApiProperty } from '@nestjs/swagger';

/** An entry of the caller's inbox. */
export class NotificationDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({
    enum: ['idea_delivered', 'webhook_disabled', 'deployment_drifted'],
    description:
      '`deployment_drifted` (an extension): the drift reconcile found a deployment of yours drifted',
  })
  kind!: 'idea_delivered' | 'webhook_disabled' | 'deployment_drifted';
  @ApiProperty() title!: string;
  @ApiProperty() body!: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) data!: Record<string, unknown>;
  @ApiProperty() read!: boolean;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

export class NotificationListDto {
  @ApiProperty({ type: [NotificationDto], description: 'Newest first' }) notifications!: NotificationDto[];
}
