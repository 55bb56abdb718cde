import { Controller, Get, Headers, Param, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import { AUDIT_EXPORT_PAGE, AuditRpc, type RequestContext } from '@pc/contracts';
import { BusClient } from '@pc/platform';
import type { FastifyReply } from 'fastify';
import { AdminOnly, ApiErrors, Authenticated, Ctx } from '../auth/auth.decorators';
import { auditCsv } from './audit-csv';
import { AdminAuditExportQueryDto, AdminAuditQueryDto, AuditPageDto, MyAuditQueryDto } from './audit.dto';
import { uuid } from '../http/uuid-param';

/** Extension: the audit log (kept by identity, fed by the gateway's records). Read-only: no route changes it. */
@ApiTags('audit')
@Controller()
export class AuditController {
  constructor(private readonly bus: BusClient) {}

  @Get('admin/audit')
  @AdminOnly()
  @ApiOperation({
    summary: 'Extension: the audit log, newest first, filtered by actor, action and time (keyset pages)',
    description:
      'For administrators: every audited change (who, what, on which object, when), newest first. Filters ' +
      'by actor, action and time range (`actor`, `action`, `since`, `until`); keyset pages (`limit`, ' +
      '`cursor`).',
  })
  @ApiOkResponse({ type: AuditPageDto })
  list(@Ctx() ctx: RequestContext, @Query() query: AdminAuditQueryDto) {
    const { actor, ...rest } = query;
    return this.bus.request(AuditRpc.list, ctx, { scope: 'all', ...rest, actor_user_id: actor });
  }

  @Get('admin/audit/export')
  @AdminOnly()
  @ApiProduces('application/x-ndjson', 'text/csv')
  @ApiOperation({
    summary: 'Extension: a page of the audit log as JSON lines or CSV (one entry per line, newest first)',
    description:
      'JSON lines by default; CSV with `format=csv` or `Accept: text/csv` (a header row, then one entry a ' +
      'row: time, actor name and id, how they signed in, action, target type, name and id, workspace, ' +
      'address, user agent, request id and the summary as JSON; a cell starting with =, +, -, @, a tab or ' +
      "a carriage return is prefixed with ' so a spreadsheet shows it as text), sent as a download. " +
      'At most `limit` entries ' +
      `(default ${AUDIT_EXPORT_PAGE.default}, at most ${AUDIT_EXPORT_PAGE.max}); the \`Audit-Next-Cursor\` header, when ` +
      'present, is the `cursor` of the next page. The same filters as the list.',
  })
  @ApiResponse({
    status: 200,
    description: 'One AuditEntryDto as JSON per line, or a CSV table',
    content: {
      'application/x-ndjson': { schema: { type: 'string' } },
      'text/csv': { schema: { type: 'string' } },
    },
  })
  async export(
    @Ctx() ctx: RequestContext,
    @Query() query: AdminAuditExportQueryDto,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const { actor, format, ...rest } = query;
    const page = await this.bus.request(AuditRpc.list, ctx, {
      scope: 'all',
      ...rest,
      limit: rest.limit ?? AUDIT_EXPORT_PAGE.default,
      actor_user_id: actor,
    });
    if (page.nextCursor) void reply.header('audit-next-cursor', page.nextCursor);
    if ((format ?? (accept?.includes('text/csv') ? 'csv' : 'ndjson')) === 'csv') {
      void reply.header('content-type', 'text/csv; charset=utf-8');
      void reply.header(
        'content-disposition',
        `attachment; filename="audit-${new Date().toISOString().slice(0, 19).replace(/:/g, '-')}.csv"`,
      );
      return auditCsv(page.entries);
    }
    void reply.header('content-type', 'application/x-ndjson; charset=utf-8');
    return page.entries.map((entry) => JSON.stringify(entry)).join('\n') + (page.entries.length ? '\n' : '');
  }

  @Get('workspaces/:id/audit')
  @Authenticated()
  @ApiOperation({
    summary:
      "Extension: the workspace's audit log (its owner, and administrators): member and share changes, deployments, connections shared, its webhooks",
    description:
      "For the workspace's owner and administrators: the workspace's audited changes (members, shares, " +
      'deployments, connections shared, its webhooks), newest first; keyset pages.',
  })
  @ApiOkResponse({ type: AuditPageDto })
  @ApiErrors(
    [403, "A member who is not the workspace's owner"],
    [404, 'No such workspace of which the caller is a member'],
  )
  workspace(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string, @Query() query: AdminAuditQueryDto) {
    const { actor, ...rest } = query;
    return this.bus.request(AuditRpc.list, ctx, {
      scope: 'workspace',
      workspace_id: id,
      ...rest,
      actor_user_id: actor,
    });
  }

  @Get('me/audit')
  @Authenticated()
  @ApiOperation({
    summary: "Extension: the caller's own security events (sign-ins, tokens, profile, webhooks)",
    description:
      "The caller's own security events, newest first: sign-ins, tokens created and revoked, profile " +
      'changes and webhook changes, to spot activity they did not do.',
  })
  @ApiOkResponse({ type: AuditPageDto })
  mine(@Ctx() ctx: RequestContext, @Query() query: MyAuditQueryDto) {
    return this.bus.request(AuditRpc.list, ctx, { scope: 'mine', ...query });
  }
}
