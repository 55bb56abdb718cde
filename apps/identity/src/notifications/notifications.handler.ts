import { Controller } from '@nestjs/common';
import { type Envelope, IdentityRpc, type ListNotificationsRequest } from '@pc/contracts';
import { Handles } from '@pc/platform';
import { NotificationsService } from './notifications.service';

@Controller()
export class NotificationsHandler {
  constructor(private readonly notifications: NotificationsService) {}

  @Handles(IdentityRpc.listNotifications)
  list({ ctx, data }: Envelope<ListNotificationsRequest>) {
    return this.notifications.list(ctx, data ?? {});
  }
}
