import { ApiProperty } from '@nestjs/swagger';
import { NOTIFICATION_KINDS, type NotificationKind, NOTIFICATIONS_PAGE } from '@pc/contracts';
import { PageCursor, PageInfoDto, PageLimit } from '../http/common.dto';

/** An entry of the caller's inbox. */
export class NotificationDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({
    enum: NOTIFICATION_KINDS,
    description:
      '`deployment_drifted` (an extension): the drift reconcile found a deployment of yours drifted; ' +
      '`review_decided` (an extension): an administrator approved, rejected or asked for improvements on ' +
      'what you submitted (a policy, a revision of one, a ruleset), with the feedback as `body` and ' +
      '`data` naming it (`assetType`, `resourceId`, `submissionId`, `kind`, `decision`); ' +
      "`governed_api_threshold_crossed` (an extension): an API you registered crossed its workspace's " +
      'at-risk threshold, either way; `waiver_expired` (an extension): a waiver you made expired and its ' +
      'findings count again; `governed_api_conformance_changed` (an extension): a new version of a ruleset ' +
      "your workspace's profiles follow changed the conformance of APIs you registered (`data.apis`: before and after)",
  })
  kind!: NotificationKind;
  @ApiProperty() title!: string;
  @ApiProperty() body!: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) data!: Record<string, unknown>;
  @ApiProperty() read!: boolean;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

/** A page of the inbox: `limit` and `cursor` (the `nextCursor` of the page before). */
export class NotificationsQuery {
  @PageLimit(NOTIFICATIONS_PAGE) limit?: number;
  @PageCursor() cursor?: string;
}

export class NotificationListDto extends PageInfoDto {
  @ApiProperty({ type: [NotificationDto], maxItems: NOTIFICATIONS_PAGE.max, description: 'Newest first' })
  notifications!: NotificationDto[];
}
