import { Controller } from '@nestjs/common';
import {
  type CreateWorkspaceRequest,
  type Envelope,
  type RenameWorkspaceRequest,
  type WorkspaceIdRequest,
  WorkspacesRpc,
} from '@pc/contracts';
import { Handles } from '@pc/platform';
import { WorkspacesService } from './workspaces.service';

@Controller()
export class WorkspacesHandler {
  constructor(private readonly workspaces: WorkspacesService) {}

  @Handles(WorkspacesRpc.list)
  list({ ctx }: Envelope<Record<string, never>>) {
    return this.workspaces.list(ctx);
  }

  @Handles(WorkspacesRpc.create)
  create({ ctx, data }: Envelope<CreateWorkspaceRequest>) {
    return this.workspaces.create(ctx, data);
  }

  @Handles(WorkspacesRpc.get)
  get({ ctx, data }: Envelope<WorkspaceIdRequest>) {
    return this.workspaces.get(ctx, data.id);
  }

  @Handles(WorkspacesRpc.rename)
  rename({ ctx, data }: Envelope<RenameWorkspaceRequest>) {
    return this.workspaces.rename(ctx, data.id, data.name);
  }

  @Handles(WorkspacesRpc.archive)
  archive({ ctx, data }: Envelope<WorkspaceIdRequest>) {
    return this.workspaces.archive(ctx, data.id);
  }

  @Handles(WorkspacesRpc.unarchive)
  unarchive({ ctx, data }: Envelope<WorkspaceIdRequest>) {
    return this.workspaces.unarchive(ctx, data.id);
  }

  @Handles(WorkspacesRpc.listMembers)
  members({ ctx, data }: Envelope<WorkspaceIdRequest>) {
    return this.workspaces.listMembers(ctx, data.id);
  }
}
