import { Module } from '@nestjs/common';
import { IdentityCommonModule } from '../common/common.module';
import { DeploymentDriftedSubscriber } from './deployment-drifted.subscriber';
import { NotificationsHandler } from './notifications.handler';
import { NotificationsRepository } from './notifications.repository';
import { NotificationsService } from './notifications.service';

/** The inbox; other features add an entry through NotificationsService. */
@Module({
  imports: [IdentityCommonModule],
  controllers: [NotificationsHandler],
  providers: [NotificationsRepository, NotificationsService, DeploymentDriftedSubscriber],
  exports: [NotificationsService],
})
export class NotificationsModule {}
