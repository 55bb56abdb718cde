import { Injectable } from '@nestjs/common';
import {
  type RequestContext,
  type WorkspaceDeploymentSettings,
  type WorkspaceMembership,
} from '@pc/contracts';
import { BusClient, Database, DomainError, forbidden, notFound } from '@pc/platform';
import { requireUser } from '../common/caller';
import { DriftRepository } from './drift.repository';
import { membershipOf } from './workspace-membership';

/**
 * A workspace's deployment settings (an extension): `self_heal` makes the drift reconcile apply a
 * drifted deployment of the workspace again. Its members read them; its owner and admins change them,
 * but not while it is archived (read-only: 409 WORKSPACES.ARCHIVED, as its other writes); anyone else
 * gets 404.
 */
@Injectable()
export class WorkspaceSettingsService {
  constructor(
    private readonly db: Database,
    private readonly drift: DriftRepository,
    private readonly bus: BusClient,
  ) {}

  async get(ctx: RequestContext, workspaceId: string): Promise<{ settings: WorkspaceDeploymentSettings }> {
    await this.membership(ctx, workspaceId);
    return { settings: await this.read(workspaceId) };
  }

  async put(
    ctx: RequestContext,
    workspaceId: string,
    selfHeal: boolean,
  ): Promise<{ settings: WorkspaceDeploymentSettings }> {
    const { role, workspace } = await this.membership(ctx, workspaceId);
    if (role === 'member')
      throw forbidden("Only the workspace's owner and admins change its deployment settings");
    if (workspace.archived_at !== null)
      throw new DomainError(
        'WORKSPACES.ARCHIVED',
        'This workspace is archived: unarchive it before changing its deployment settings',
      );
    await this.drift.saveSettings(this.db.pool, workspaceId, selfHeal, requireUser(ctx).userId);
    return { settings: await this.read(workspaceId) };
  }

  private async read(workspaceId: string): Promise<WorkspaceDeploymentSettings> {
    const { self_heal } = await this.drift.settings(this.db.pool, workspaceId);
    return { workspace_id: workspaceId, self_heal };
  }

  private async membership(ctx: RequestContext, workspaceId: string): Promise<WorkspaceMembership> {
    requireUser(ctx);
    const membership = await membershipOf(this.bus, ctx, workspaceId);
    if (!membership) throw notFound('Workspace');
    return membership;
  }
}
