import { Module } from '@nestjs/common';
import { DeploymentsLedgerModule } from '../deployments';
import { PlatformModule } from '../platform';
import { SecretsModule } from '../secrets';
import { ConnectionAccess } from './connection-access';
import { ConnectionsHandler } from './connections.handler';
import { ConnectionsRepository } from './connections.repository';
import { ConnectionsService } from './connections.service';

/** A user's connections to the platform; other features ask ConnectionAccess who may use one. */
@Module({
  imports: [SecretsModule, PlatformModule, DeploymentsLedgerModule],
  controllers: [ConnectionsHandler],
  providers: [ConnectionsRepository, ConnectionAccess, ConnectionsService],
  exports: [ConnectionAccess],
})
export class ConnectionsFeatureModule {}
