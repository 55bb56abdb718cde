import { Module } from '@nestjs/common';
import { parseKeyRing, SecretBox } from '@pc/platform';
import { IdentityCommonModule } from '../common/common.module';
import { IdentityEnv } from '../identity.env';
import { FollowsModule } from '../follows';
import { NotificationsModule } from '../notifications';
import { WebhookDispatcher } from './webhook-dispatcher';
import { WebhookEventsSubscriber } from './webhook-events.subscriber';
import { WebhookSecretsSealer } from './webhook-secrets.sealer';
import { WebhooksHandler } from './webhooks.handler';
import { WebhooksRepository } from './webhooks.repository';
import { WebhooksService } from './webhooks.service';

/** Webhook endpoints, their deliveries and the events that feed them; others fan out through WebhooksService. */
@Module({
  imports: [IdentityCommonModule, NotificationsModule, FollowsModule],
  controllers: [WebhooksHandler],
  providers: [
    {
      provide: SecretBox,
      useFactory: (env: IdentityEnv) =>
        new SecretBox(
          parseKeyRing(env.WEBHOOKS_ENCRYPTION_KEYS, 'WEBHOOKS_ENCRYPTION_KEYS'),
          'WEBHOOKS_ENCRYPTION_KEYS',
        ),
      inject: [IdentityEnv],
    },
    WebhooksRepository,
    WebhooksService,
    WebhookDispatcher,
    WebhookEventsSubscriber,
    WebhookSecretsSealer,
  ],
  exports: [WebhooksService],
})
export class WebhooksModule {}
