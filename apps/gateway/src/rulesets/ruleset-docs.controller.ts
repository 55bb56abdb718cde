import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type RequestContext, RULESET_LIMITS as L, RulesetsRpc } from '@pc/contracts';
import { BusClient } from '@pc/platform';
import { ApiErrors, Authenticated, Ctx, OptionalAuth } from '../auth/auth.decorators';
import {
  ReplaceRulesetDocsDto,
  RulesetDocsDto,
  RulesetTabEnvelopeDto,
  RulesetTabParams,
  UpsertRulesetTabDto,
} from './ruleset-docs.dto';
import { OkDto } from '../http/common.dto';
import { PublicReads } from '../public-reads/public-reads';
import { ConditionalRead, PUBLIC_READ_HEADERS } from '../public-reads/public-reads.decorators';
import { BAD_ID, uuid } from '../http/uuid-param';

const MISSING: [number, string] = [404, 'No such ruleset, or not visible to the caller'];
const NOT_EDITOR: [number, string] = [403, 'Not the owner or an administrator'];

@ApiTags('rulesets')
@Controller('rulesets/:id/docs')
export class RulesetDocsController {
  constructor(
    private readonly bus: BusClient,
    private readonly reads: PublicReads,
  ) {}

  @Get()
  @OptionalAuth()
  @ApiOperation({
    summary: 'The documentation tabs, ordered by sortOrder',
    description:
      'Callers who cannot edit get only the overview and tabs with content; completeness counts the four ' +
      'predefined tabs (overview, rules, examples, faq) with content.',
  })
  @ApiOkResponse({ type: RulesetDocsDto, headers: PUBLIC_READ_HEADERS })
  @ConditionalRead()
  @ApiErrors(BAD_ID, MISSING)
  get(
    @Ctx() ctx: RequestContext,
    @Param('id', uuid) id: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    return this.reads.serve(ctx, request, reply, RulesetsRpc.getDocs, { id });
  }

  @Post()
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({
    summary: 'Replace the whole set of tabs (owner or administrator)',
    description:
      `1 to ${L.docTabSet.maxItems} tabs counted as sent: the predefined tabs added empty for missing keys do ` +
      `not count, so a stored set holds at most ${L.docTabsStored.maxItems}.`,
  })
  @ApiOkResponse({ type: RulesetDocsDto })
  @ApiErrors([400, `Not 1 to ${L.docTabSet.maxItems} tabs, or a tab is malformed`], NOT_EDITOR, MISSING, [
    422,
    'No overview tab, a key listed twice, or the bodies together are too large',
  ])
  replace(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string, @Body() body: ReplaceRulesetDocsDto) {
    return this.bus.request(RulesetsRpc.replaceDocs, ctx, { id, tabs: body.tabs });
  }

  @Put(':key')
  @Authenticated()
  @ApiOperation({
    summary: 'Create or replace one tab (owner or administrator)',
    description:
      'For the owner and administrators: creates the tab with this key or replaces its title, body and ' +
      'order. The set stays within its limits: at most 54 tabs and a total body size (422 over).',
  })
  @ApiOkResponse({ type: RulesetTabEnvelopeDto })
  @ApiErrors([400, 'The key does not match the pattern, or the body is malformed'], NOT_EDITOR, MISSING, [
    422,
    `The set would hold more than ${L.docTabsStored.maxItems} tabs, or the bodies together are too large`,
  ])
  upsert(@Ctx() ctx: RequestContext, @Param() params: RulesetTabParams, @Body() body: UpsertRulesetTabDto) {
    return this.bus.request(RulesetsRpc.upsertTab, ctx, { ...body, id: params.id, key: params.key });
  }

  @Delete(':key')
  @Authenticated()
  @ApiOperation({
    summary: 'Remove one tab (owner or administrator); never the overview',
    description:
      'For the owner and administrators: removes the tab with this key. The overview tab is always there ' +
      'and cannot be removed (422).',
  })
  @ApiOkResponse({ type: OkDto })
  @ApiErrors(
    [400, 'The key does not match the pattern'],
    NOT_EDITOR,
    [404, 'No such ruleset or tab'],
    [422, 'The overview tab cannot be deleted'],
  )
  delete(@Ctx() ctx: RequestContext, @Param() params: RulesetTabParams) {
    return this.bus.request(RulesetsRpc.deleteTab, ctx, { id: params.id, key: params.key });
  }
}
