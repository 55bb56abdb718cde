import { Module } from '@nestjs/common';
import { IdentityCommonModule } from '../common/common.module';
import { NotificationsModule } from '../notifications';
import { WebhooksModule } from '../webhooks';
import { GovernanceNewsSubscriber } from './governance-news.subscriber';

/** API governance's news (the rulesets service's events): the inbox entry and the webhooks. */
@Module({
  imports: [IdentityCommonModule, NotificationsModule, WebhooksModule],
  providers: [GovernanceNewsSubscriber],
})
export class GovernanceNewsModule {}
