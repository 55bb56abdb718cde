import {
  BadRequestException,
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Patch,
  Post,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ApiCreatedResponse,
  ApiExtension,
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { CatalogRpc, CHANGES_FILES_MAX, type RequestContext, RulesetsRpc } from '@pc/contracts';
import { BusClient } from '@pc/platform';
import { AdminOnly, ApiErrors, Authenticated, Ctx, OptionalAuth } from '../auth/auth.decorators';
import { ChangesSinceReviewDto } from '../catalog/policies.dto';
import { RateLimited } from '../http/rate-limit';
import { PublicReads } from '../public-reads/public-reads';
import { RulesetViews } from './ruleset-views';
import { ConditionalRead, PUBLIC_READ_HEADERS } from '../public-reads/public-reads.decorators';
import {
  CreateRulesetTransferDto,
  ListRulesetsQuery,
  PinRulesetDto,
  RulesetEnvelopeDto,
  RulesetLikedDto,
  RulesetListDto,
  RulesetReviewerStatusDto,
  RulesetSlugParams,
  RulesetSummaryDto,
  RulesetTransferEnvelopeDto,
  UpdateRulesetDto,
  VendorRulesetEnvelopeDto,
  VendorRulesetSummaryDto,
} from './rulesets.dto';
import { AUDIT, Audited } from '../audit/audited';

const uuid = new ParseUUIDPipe();
const MISSING: [number, string] = [404, 'No such ruleset, or not visible to the caller'];
/** Routes this API adds to the contract it implements. */
const EXTENSION = (why: string) => ApiExtension('x-extension', { reason: why });

@ApiTags('rulesets')
@ApiExtraModels(RulesetSummaryDto, VendorRulesetSummaryDto)
@Controller()
export class RulesetsController {
  constructor(
    private readonly bus: BusClient,
    private readonly reads: PublicReads,
    private readonly views: RulesetViews,
  ) {}

  @Get('rulesets')
  @OptionalAuth()
  @ApiOperation({
    summary: 'List and search rulesets',
    description:
      "Community rulesets (published ones, plus the caller's own) or, with source=vendor, the vendor index. `q` " +
      'matches words as prefixes (name, profile name, description; ranked) and parts of the name (trigram); ' +
      '`category` `All Categories` means no filter; `scope` `agent-network` is an alias of `agent`. Pages of ' +
      '`limit` rows from `offset`, also cut short past 512 KiB of JSON; `hasMore` says whether rows remain after ' +
      'the ones returned.',
  })
  @ApiOkResponse({ type: RulesetListDto, headers: PUBLIC_READ_HEADERS })
  @ConditionalRead()
  @ApiErrors([400, 'A query parameter is invalid'])
  list(
    @Ctx() ctx: RequestContext,
    @Query() query: ListRulesetsQuery,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    return this.reads.serve(ctx, request, reply, RulesetsRpc.list, query);
  }

  @Get('vendor-rulesets/:slug')
  @OptionalAuth()
  @EXTENSION('Vendor rulesets by slug, as GET /vendor-policies/{slug} serves vendor policies')
  @ApiOperation({
    summary: 'A vendor ruleset of the index, with its documentation body',
    description:
      'A ruleset of the `vendor` index (loaded from its folder at start or by POST ' +
      '/admin/vendor-index/reload), by its slug, with the Markdown documentation body. Anyone may read it.',
  })
  @ApiOkResponse({ type: VendorRulesetEnvelopeDto })
  @ApiErrors([400, 'Not a slug'], [404, 'The slug is not (or no longer) in the index'])
  vendor(@Ctx() ctx: RequestContext, @Param() params: RulesetSlugParams) {
    return this.bus.request(RulesetsRpc.getVendorRuleset, ctx, { slug: params.slug });
  }

  @Get('rulesets/:id')
  @OptionalAuth()
  @ApiOperation({
    summary: 'A ruleset the caller may see (counts a view)',
    description:
      'Every answer counts a view, a 304 and a cached one too; views are added up by the gateway and ' +
      'reach `views` within about a second, and a cached answer shows the count of when it was read.',
  })
  @ApiOkResponse({ type: RulesetEnvelopeDto, headers: PUBLIC_READ_HEADERS })
  @ConditionalRead()
  @ApiErrors([400, 'The id is not a UUID'], MISSING)
  get(
    @Ctx() ctx: RequestContext,
    @Param('id', uuid) id: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    return this.reads.serve(ctx, request, reply, RulesetsRpc.get, { id }, () => this.views.count(id));
  }

  @Audited(AUDIT.rulesetUpdated)
  @Patch('rulesets/:id')
  @Authenticated()
  @ApiOperation({
    summary: 'Set or clear (empty string) the video tutorial and examples links (owner or administrator)',
    description:
      'For the owner and administrators: sets the video tutorial and examples links of a ruleset, or clears ' +
      'one with an empty string. Fields not sent stay as they are.',
  })
  @ApiOkResponse({ type: RulesetEnvelopeDto })
  @ApiErrors(
    [400, 'Neither videoTutorialUrl nor examplesUrl, or not a URL'],
    [403, 'Not the owner or an administrator'],
    MISSING,
  )
  update(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string, @Body() body: UpdateRulesetDto) {
    return this.bus.request(RulesetsRpc.update, ctx, { ...atLeastOneLink(body), id });
  }

  @Audited(AUDIT.rulesetPinned)
  @Post('rulesets/:id/pin')
  @HttpCode(200)
  @AdminOnly()
  @EXTENSION('What was reviewed is what ships: the reviewed commit a ruleset release builds, as for policies')
  @ApiOperation({
    summary: 'Pin a published ruleset to a reviewed commit',
    description:
      'Administrators only. Releases build the commit pinned on the ruleset (approval pins the commit the ' +
      'submission was validated at; an approved update of the submission moves it). This route pins a ' +
      'ruleset that has no pin (published before pins, with a source ref that is not a commit: its releases ' +
      'are refused until then), or moves the pin by hand: the repository is validated at `commit` (default: ' +
      'the source ref now) and that commit and its content digest are pinned.',
  })
  @ApiOkResponse({ type: RulesetEnvelopeDto })
  @ApiErrors(
    [400, 'Invalid body (a commit that is not a full hexadecimal SHA), or the id is not a UUID'],
    [404, 'No such ruleset'],
    [422, 'The ruleset is not published, or the repository is not a valid ruleset repository at that commit'],
    [502, 'The source host could not be read; try again later'],
  )
  pin(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string, @Body() body: PinRulesetDto) {
    return this.bus.request(RulesetsRpc.pin, ctx, { id, ...body });
  }

  @Get('rulesets/:id/changes-since-review')
  @OptionalAuth()
  @RateLimited('branches')
  @EXTENSION('What was reviewed is what ships: how far the source ref moved on since review, as for policies')
  @ApiOperation({
    summary: 'How far the source ref moved on since the reviewed commit',
    description:
      "From the source host's compare of the pinned commit with the source ref's head: the commits it is " +
      `ahead and the files changed (at most ${CHANGES_FILES_MAX}), so the owner knows to submit an update ` +
      '(an edit of the approved submission; approving it moves the pin). `pinned: false` when nothing is ' +
      'pinned; `implementation` is always null.',
  })
  @ApiOkResponse({ type: ChangesSinceReviewDto })
  @ApiErrors(
    [400, 'The id is not a UUID'],
    [404, 'No such ruleset, or not visible, or its repository is gone'],
    [502, 'The source host could not be read, or rate limits requests (Retry-After); try again later'],
  )
  changesSinceReview(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.bus.request(RulesetsRpc.getChangesSinceReview, ctx, { id });
  }

  @Get('rulesets/:id/like')
  @Authenticated()
  @EXTENSION('Likes on rulesets, as on policies')
  @ApiOperation({
    summary: "The caller's like of the ruleset",
    description: 'Whether the caller likes the ruleset.',
  })
  @ApiOkResponse({ type: RulesetLikedDto })
  @ApiErrors([400, 'The id is not a UUID'], MISSING)
  liked(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.bus.request(RulesetsRpc.getLike, ctx, { id });
  }

  @Post('rulesets/:id/like')
  @HttpCode(200)
  @Authenticated()
  @EXTENSION('Likes on rulesets, as on policies')
  @ApiOperation({
    summary: 'Toggle the like; answers the resulting state',
    description: "Adds the caller's like if absent, removes it if present, and answers the resulting state.",
  })
  @ApiOkResponse({ type: RulesetLikedDto })
  @ApiErrors([400, 'The id is not a UUID'], MISSING)
  like(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.bus.request(RulesetsRpc.toggleLike, ctx, { id });
  }

  @Get('rulesets/:id/reviewers/me')
  @Authenticated()
  @ApiOperation({
    summary:
      "The caller's standing: administrators are reviewers (editor); the owner is an editor; others viewers",
    description:
      "The caller's role on the ruleset: administrators are reviewers (they edit), its owner an editor, " +
      'anyone else a viewer. The dashboard shows its editing controls from it.',
  })
  @ApiOkResponse({ type: RulesetReviewerStatusDto })
  @ApiErrors([400, 'The id is not a UUID'], MISSING)
  reviewer(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.bus.request(RulesetsRpc.getReviewerStatus, ctx, { id });
  }

  @Audited(AUDIT.rulesetTransferOffered)
  @Post('rulesets/:id/transfers')
  @Authenticated()
  @EXTENSION(
    'The contract lists ruleset transfers (resourceType ruleset) but no way to offer one: this is the policy form for rulesets',
  )
  @ApiOperation({
    summary:
      'Offer the ruleset to another user (owner); accepting it (POST /transfers/{id}/accept) moves ownership',
    description:
      'Same body and rules as POST /policies/{id}/transfers: a recipient by username (with or without @) or email.',
  })
  @ApiCreatedResponse({ type: RulesetTransferEnvelopeDto })
  @ApiErrors(
    [400, 'Neither recipientUsername nor recipientEmail, or malformed'],
    [403, 'Not the owner'],
    [404, 'No such ruleset, or no such recipient'],
    [409, 'A transfer of this ruleset is already pending'],
    [422, 'The recipient is the caller'],
  )
  transfer(
    @Ctx() ctx: RequestContext,
    @Param('id', uuid) id: string,
    @Body() body: CreateRulesetTransferDto,
  ) {
    return this.bus.request(CatalogRpc.createTransfer, ctx, {
      resourceType: 'ruleset',
      resourceId: id,
      recipientUsername: body.recipientUsername,
      recipientEmail: body.recipientEmail,
    });
  }
}

/** PATCH needs at least one of the two links (400 otherwise). */
function atLeastOneLink(body: UpdateRulesetDto): UpdateRulesetDto {
  if (body.videoTutorialUrl === undefined && body.examplesUrl === undefined) {
    throw new BadRequestException({
      message: 'Validation failed',
      details: [{ field: 'videoTutorialUrl', message: 'or examplesUrl is required' }],
    });
  }
  return { videoTutorialUrl: body.videoTutorialUrl, examplesUrl: body.examplesUrl };
}
