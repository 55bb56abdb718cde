import { Module } from '@nestjs/common';
import { ConnectionsFeatureModule } from '../connections';
import { PlatformModule } from '../platform';
import { SecretsModule } from '../secrets';
import { PlatformAccessHandler } from './platform-access.handler';
import { PlatformAccessService } from './platform-access.service';

/** Short-lived platform tokens for the deployment workers; the client secret stays in this service. */
@Module({
  imports: [ConnectionsFeatureModule, PlatformModule, SecretsModule],
  controllers: [PlatformAccessHandler],
  providers: [PlatformAccessService],
})
export class PlatformAccessModule {}
