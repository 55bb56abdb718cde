import { Injectable } from '@nestjs/common';
import {
  AUDIT_ACTIONS,
  AUDIT_EXPORT_PAGE,
  type AuditPage,
  type AuditRecordedEvent,
  boundAuditSummary,
  type ListAuditRequest,
  type RequestContext,
} from '@pc/contracts';
import { badRequest, Database, forbidden, pageOf, requireUser } from '@pc/platform';
import { decodeTimeKey } from '../common/time-cursor';
import { WorkspaceOwners } from '../common/workspace-owners';
import { AuditRepository } from './audit.repository';

/** The kind its cursors name: a cursor of another list is a 400. */
const AUDIT = 'audit';

/**
 * The audit log: appended from the gateway's events; read by administrators (everything), by each user
 * (their own entries) and by a workspace's owner (the entries of actions in that workspace).
 */
@Injectable()
export class AuditService {
  constructor(
    private readonly db: Database,
    private readonly audit: AuditRepository,
    private readonly owners: WorkspaceOwners,
  ) {}

  async record(id: string, event: AuditRecordedEvent): Promise<void> {
    if (!AUDIT_ACTIONS.includes(event.action)) {
      throw badRequest('Unknown audit action', [{ field: 'action', message: 'is not an audit action' }]);
    }
    await this.audit.append(this.db.pool, id, {
      ...event,
      summary: boundAuditSummary(event.summary),
    });
  }

  async list(ctx: RequestContext, request: ListAuditRequest): Promise<AuditPage> {
    const caller = requireUser(ctx);
    if (request.scope === 'all' && !caller.isAdmin) throw forbidden('Administrators only');
    if (request.scope === 'workspace') {
      if (!request.workspace_id)
        throw badRequest('A workspace is required', [{ field: 'workspace_id', message: 'is required' }]);
      if (!caller.isAdmin) await this.owners.requireOwner(ctx, request.workspace_id);
    }
    const limit = Math.min(Math.max(request.limit ?? 50, 1), AUDIT_EXPORT_PAGE.max);
    const rows = await this.audit.list(this.db.pool, {
      actorUserId: request.scope === 'mine' ? caller.userId : request.actor_user_id,
      actorName: request.scope === 'mine' ? undefined : request.actor_name,
      workspaceId: request.scope === 'workspace' ? request.workspace_id : undefined,
      action: request.action,
      actionGroup: request.action_group,
      target: request.target,
      targetType: request.target_type,
      since: request.since,
      until: request.until,
      after: decodeTimeKey(request.cursor, AUDIT),
      limit: limit + 1,
    });
    // Entries kept before summaries were bounded are bounded as they are read, and a page is cut to the
    // bus's byte budget (with a cursor), so a page or an export always answers.
    const page = await pageOf(rows, limit, AUDIT, (head) =>
      head.map(({ cursor_key: _key, ...entry }) => ({ ...entry, summary: boundAuditSummary(entry.summary) })),
    );
    return { entries: page.items, hasMore: page.hasMore, nextCursor: page.nextCursor };
  }
}
