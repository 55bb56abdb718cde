import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type Envelope, type IdeaDeliveredEvent, IdentityRpc } from '@pc/contracts';
import { NotificationsService } from './notifications.service';

@Controller()
export class NotificationsHandler {
  constructor(private readonly notifications: NotificationsService) {}

  @MessagePattern(IdentityRpc.listNotifications.pattern)
  list(@Payload() { ctx }: Envelope<Record<string, never>>) {
    return this.notifications.list(ctx);
  }

  @MessagePattern(IdentityRpc.notifyIdeaDelivered.pattern)
  ideaDelivered(@Payload() { data }: Envelope<IdeaDeliveredEvent>) {
    return this.notifications.ideaDelivered(data);
  }
}
