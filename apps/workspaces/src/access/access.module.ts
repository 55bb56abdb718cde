import { Module } from '@nestjs/common';
import { AccessRepository } from './access.repository';
import { WorkspaceAccessRules } from './workspace-access';

/** Who may do what in a workspace: the rules every other feature asks before it acts. */
@Module({
  providers: [AccessRepository, WorkspaceAccessRules],
  exports: [WorkspaceAccessRules],
})
export class AccessModule {}
