import { Controller, Get, Param, ParseUUIDPipe, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import { AuditRpc, type RequestContext } from '@pc/contracts';
import { BusClient } from '@pc/platform';
import type { FastifyReply } from 'fastify';
import { AdminOnly, ApiErrors, Authenticated, Ctx } from '../auth/auth.decorators';
import { AdminAuditExportQueryDto, AdminAuditQueryDto, AuditPageDto, MyAuditQueryDto } from './audit.dto';

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
  @ApiProduces('application/x-ndjson')
  @ApiOperation({
    summary: 'Extension: a page of the audit log as JSON lines (one entry per line, newest first)',
    description:
      'The `Audit-Next-Cursor` header, when present, is the `cursor` of the next page; the same filters as the list.',
  })
  @ApiResponse({
    status: 200,
    description: 'One AuditEntryDto as JSON per line',
    content: { 'application/x-ndjson': { schema: { type: 'string' } } },
  })
  async export(
    @Ctx() ctx: RequestContext,
    @Query() query: AdminAuditExportQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const { actor, ...rest } = query;
    const page = await this.bus.request(AuditRpc.list, ctx, {
      scope: 'all',
      ...rest,
      limit: rest.limit ?? 1000,
      actor_user_id: actor,
    });
    void reply.header('content-type', 'application/x-ndjson; charset=utf-8');
    if (page.nextCursor) void reply.header('audit-next-cursor', page.nextCursor);
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
  workspace(
    @Ctx() ctx: RequestContext,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Query() query: AdminAuditQueryDto,
  ) {
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
