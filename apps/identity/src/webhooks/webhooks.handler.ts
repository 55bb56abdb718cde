import { Controller } from '@nestjs/common';
import {
  type CreateWebhookRequest,
  type Envelope,
  type ListWebhookAttemptsRequest,
  type ListWebhookDeliveriesRequest,
  type ListWebhooksRequest,
  type RotateWebhookSecretRequest,
  type UpdateWebhookRequest,
  WebhooksRpc,
} from '@pc/contracts';
import { Handles } from '@pc/platform';
import { WebhooksService } from './webhooks.service';

@Controller()
export class WebhooksHandler {
  constructor(private readonly webhooks: WebhooksService) {}

  @Handles(WebhooksRpc.list)
  list({ ctx, data }: Envelope<ListWebhooksRequest>) {
    return this.webhooks.list(ctx, data);
  }

  @Handles(WebhooksRpc.create)
  create({ ctx, data }: Envelope<CreateWebhookRequest>) {
    return this.webhooks.create(ctx, data);
  }

  @Handles(WebhooksRpc.get)
  get({ ctx, data }: Envelope<{ id: string }>) {
    return this.webhooks.get(ctx, data.id);
  }

  @Handles(WebhooksRpc.update)
  update({ ctx, data }: Envelope<UpdateWebhookRequest>) {
    return this.webhooks.update(ctx, data);
  }

  @Handles(WebhooksRpc.remove)
  remove({ ctx, data }: Envelope<{ id: string }>) {
    return this.webhooks.remove(ctx, data.id);
  }

  @Handles(WebhooksRpc.rotateSecret)
  rotateSecret({ ctx, data }: Envelope<RotateWebhookSecretRequest>) {
    return this.webhooks.rotateSecret(ctx, data);
  }

  @Handles(WebhooksRpc.ping)
  ping({ ctx, data }: Envelope<{ id: string }>) {
    return this.webhooks.ping(ctx, data.id);
  }

  @Handles(WebhooksRpc.listDeliveries)
  listDeliveries({ ctx, data }: Envelope<ListWebhookDeliveriesRequest>) {
    return this.webhooks.listDeliveries(ctx, data);
  }

  @Handles(WebhooksRpc.redeliver)
  redeliver({ ctx, data }: Envelope<{ id: string; delivery_id: string }>) {
    return this.webhooks.redeliver(ctx, data.id, data.delivery_id);
  }

  @Handles(WebhooksRpc.listAttempts)
  listAttempts({ ctx, data }: Envelope<ListWebhookAttemptsRequest>) {
    return this.webhooks.listAttempts(ctx, data);
  }
}
