import { Controller } from '@nestjs/common';
import { type Envelope, type IdeaDeliveredEvent, IdentityRpc } from '@pc/contracts';
import { Handles } from '@pc/platform';
import { NotificationsService } from './notifications.service';

@Controller()
export class NotificationsHandler {
  constructor(private readonly notifications: NotificationsService) {}

  @Handles(IdentityRpc.listNotifications)
  list({ ctx }: Envelope<Record<string, never>>) {
    return this.notifications.list(ctx);
  }

  @Handles(IdentityRpc.notifyIdeaDelivered)
  ideaDelivered({ data }: Envelope<IdeaDeliveredEvent>) {
    return this.notifications.ideaDelivered(data);
  }
}
