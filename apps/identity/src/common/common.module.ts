import { Module } from '@nestjs/common';
import { WorkspaceOwners } from './workspace-owners';

/** What several features of identity ask the same way: who owns a workspace (the workspaces service says). */
@Module({ providers: [WorkspaceOwners], exports: [WorkspaceOwners] })
export class IdentityCommonModule {}
