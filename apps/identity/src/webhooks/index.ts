export { WebhooksModule } from './webhooks.module';
export { WebhooksService } from './webhooks.service';
