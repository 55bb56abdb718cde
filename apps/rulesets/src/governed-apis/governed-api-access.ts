import { Injectable } from '@nestjs/common';
import type { RequestContext } from '@pc/contracts';
import { Database, DomainError, type Executor, notFound } from '@pc/platform';
import { requireUser } from '../common/caller';
import { type GovernanceAction, GovernanceAccess, type WorkspaceGrant } from './governance-access';
import type { GovernedApiRow } from './governed-api.row';
import { GovernedApisRepository } from './governed-apis.repository';

/** A governed API the caller may act on (`GovernanceAccess` on its workspace): a stranger's 404 otherwise. */
@Injectable()
export class GovernedApiAccess {
  constructor(
    private readonly db: Database,
    private readonly apis: GovernedApisRepository,
    private readonly access: GovernanceAccess,
  ) {}

  async api(
    ctx: RequestContext,
    id: string,
    action: GovernanceAction,
    db: Executor = this.db.pool,
    lock = false,
  ): Promise<{ api: GovernedApiRow; grant: WorkspaceGrant }> {
    requireUser(ctx);
    const api = await this.apis.findById(db, id, lock);
    if (!api) throw notFound('API');
    try {
      return { api, grant: await this.access.check(ctx, api.workspace_id, action) };
    } catch (error) {
      // The workspace's 404 is the API's: a stranger learns nothing about either.
      if (error instanceof DomainError && error.code === 'NOT_FOUND') throw notFound('API');
      throw error;
    }
  }
}
