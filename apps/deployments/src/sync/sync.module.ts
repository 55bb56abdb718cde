import { Module } from '@nestjs/common';
import { DeploymentsFeatureModule } from '../deployments';
import { OutboxModule } from '../outbox';
import { PlatformModule } from '../platform';
import { SyncDriftRepository } from './drift.repository';
import { SyncHandler } from './sync.handler';
import { SyncService } from './sync.service';

/** Synchronizing one deployment with what the platform runs, and the dev-version probe. */
@Module({
  imports: [DeploymentsFeatureModule, OutboxModule, PlatformModule],
  controllers: [SyncHandler],
  providers: [SyncDriftRepository, SyncService],
})
export class SyncModule {}
