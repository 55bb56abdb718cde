import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs';
import { PlatformModule } from '../platform';
import { DriftReconciler } from './drift.reconciler';
import { DriftRepository } from './drift.repository';
import { WorkspaceSettingsHandler } from './workspace-settings.handler';
import { WorkspaceSettingsService } from './workspace-settings.service';

/** The drift reconcile (and self-heal) and the workspace settings that turn it on. */
@Module({
  imports: [JobsModule, PlatformModule],
  controllers: [WorkspaceSettingsHandler],
  providers: [DriftRepository, DriftReconciler, WorkspaceSettingsService],
})
export class DriftModule {}
