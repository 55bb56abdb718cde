import { Injectable } from '@nestjs/common';
import { type RequestContext, type WorkspaceDeploymentSettings, WorkspacesRpc } from '@pc/contracts';
import { Database, forbidden, notFound } from '@pc/platform';
import { BusClient } from '@pc/platform';
import { requireUser } from '../common/caller';
import { DriftRepository } from './drift.repository';

/**
 * A workspace's deployment settings (an extension): `self_heal` makes the drift reconcile apply a
 * drifted deployment of the workspace again. Its members read them; its owner and admins change them;
 * anyone else gets 404.
 */
@Injectable()
export class WorkspaceSettingsService {
  constructor(
    private readonly db: Database,
    private readonly drift: DriftRepository,
    private readonly bus: BusClient,
  ) {}

  async get(ctx: RequestContext, workspaceId: string): Promise<{ settings: WorkspaceDeploymentSettings }> {
    await this.role(ctx, workspaceId);
    return { settings: await this.read(workspaceId) };
  }

  async put(
    ctx: RequestContext,
    workspaceId: string,
    selfHeal: boolean,
  ): Promise<{ settings: WorkspaceDeploymentSettings }> {
    const role = await this.role(ctx, workspaceId);
    if (role === 'member')
      throw forbidden("Only the workspace's owner and admins change its deployment settings");
    await this.drift.saveSettings(this.db.pool, workspaceId, selfHeal, requireUser(ctx).userId);
    return { settings: await this.read(workspaceId) };
  }

  private async read(workspaceId: string): Promise<WorkspaceDeploymentSettings> {
    const { self_heal } = await this.drift.settings(this.db.pool, workspaceId);
    return { workspace_id: workspaceId, self_heal };
  }

  private async role(ctx: RequestContext, workspaceId: string): Promise<string> {
    requireUser(ctx);
    const { memberships } = await this.bus.request(WorkspacesRpc.list, ctx, {});
    const membership = memberships.find((m) => m.workspace.id === workspaceId);
    if (!membership) throw notFound('Workspace');
    return membership.role;
  }
}
