import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications';
import { WebhooksModule } from '../webhooks';
import { IdeaDeliveredSubscriber } from './idea-delivered.subscriber';

/** A delivered idea (the catalog's event): its submitter's inbox entry and webhook. */
@Module({
  imports: [NotificationsModule, WebhooksModule],
  providers: [IdeaDeliveredSubscriber],
})
export class IdeasModule {}
