import { Injectable } from '@nestjs/common';
import type { RequestContext } from '@pc/contracts';
import { forbidden, notFound } from '@pc/platform';
import type { EntityManager } from 'typeorm';
import { requireUser } from '../common/caller';
import type { DeploymentRow } from './deployment.rows';
import { DeploymentsRepository } from './deployments.repository';

/**
 * Who may see and change a deployment: its author sees and changes it; a platform administrator sees it
 * (403 on changes); everyone else gets 404, as if it did not exist.
 */
@Injectable()
export class DeploymentAccess {
  constructor(private readonly deployments: DeploymentsRepository) {}

  async visible(ctx: RequestContext, id: string, db?: EntityManager, lock = false): Promise<DeploymentRow> {
    const caller = requireUser(ctx);
    const row = await this.deployments.findById(id, db, lock);
    if (!row || (row.created_by !== caller.userId && !caller.isAdmin)) throw notFound('Deployment');
    return row;
  }

  async owned(ctx: RequestContext, id: string, db?: EntityManager, lock = false): Promise<DeploymentRow> {
    const row = await this.visible(ctx, id, db, lock);
    if (row.created_by !== requireUser(ctx).userId)
      throw forbidden('Only the author of a deployment may change it');
    return row;
  }
}
