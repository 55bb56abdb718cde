import { Module } from '@nestjs/common';
import { DeploymentsFeatureModule } from '../deployments';
import { JobsModule } from '../jobs';
import { PlatformModule } from '../platform';
import { DriftRefreshHandler } from './drift-refresh.handler';
import { DriftReconciler } from './drift.reconciler';
import { DriftRepository } from './drift.repository';
import { WorkspaceSettingsHandler } from './workspace-settings.handler';
import { WorkspaceSettingsService } from './workspace-settings.service';

/** The drift reconcile (and self-heal), its refresh now, and the workspace settings that turn it on. */
@Module({
  imports: [DeploymentsFeatureModule, JobsModule, PlatformModule],
  controllers: [WorkspaceSettingsHandler, DriftRefreshHandler],
  providers: [DriftRepository, DriftReconciler, WorkspaceSettingsService],
})
export class DriftModule {}
