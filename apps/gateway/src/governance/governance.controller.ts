import { Body, Controller, Delete, Get, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiExtension, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { EVALUATION_LIMITS, GOVERNANCE_LIMITS as L, GovernanceRpc, type RequestContext } from '@pc/contracts';
import { BusClient } from '@pc/platform';
import { AUDIT, Audited } from '../audit/audited';
import { ApiErrors, Authenticated, Ctx, OptionalAuth, SOURCE_HOST_UNREADABLE } from '../auth/auth.decorators';
import { BodyLimit } from '../http/body-limit';
import { flatListPagingDescription, OkDto } from '../http/common.dto';
import { RateLimited } from '../http/rate-limit';
import { EVALUATOR_REFUSALS } from '../rulesets/evaluator-refusals';
import { specificationForBus } from '../rulesets/specification-parts';
import {
  ApiDashboardDto,
  ApiDocumentEnvelopeDto,
  ApiDocumentTextEnvelopeDto,
  ApiEvaluationEnvelopeDto,
  ApiHistoryDto,
  CreateProfileDto,
  CreateWaiverDto,
  DiffQuery,
  EvaluationDiffDto,
  GovernanceProfileEnvelopeDto,
  GovernanceProfileListDto,
  GovernanceSettingsEnvelopeDto,
  GovernanceTrendDto,
  GovernedApiEnvelopeDto,
  HistoryQuery,
  ListApisQuery,
  PushedDocumentDto,
  RecordEvaluationDto,
  RegisterApiDto,
  RulesetFollowersDto,
  TrendQuery,
  UpdateApiDto,
  UpdateProfileDto,
  UpdateSettingsDto,
  WaiverEnvelopeDto,
  WaiverListDto,
  WaiversQuery,
} from './governance.dto';
import { BAD_ID, uuid } from '../http/uuid-param';

const EXTENSION = ApiExtension('x-extension', {
  reason:
    'API governance: governed APIs, governance profiles, evaluations kept and waivers (the contract has none)',
});
/**
 * Recording runs the evaluation engine, and registering or pushing a document has it parse the document:
 * the bus waits as long as the evaluation route's.
 */
const EVALUATION_TIMEOUT_MS = EVALUATION_LIMITS.evaluationWaitMs;
/** A document that no engine reads, refused when registered or pushed (nothing is kept). */
const UNPARSEABLE: [number, string] = [
  422,
  'The document does not parse or is no API description the engines evaluate (RULESETS.SPECIFICATION_INVALID: ' +
    'the message names the file, line and column of the first problem, `findings` lists them), or parsing it ran ' +
    'past its time limit (`EVALUATION_TIMEOUT_MS`) or memory limit (`EVALUATION_MEMORY_MB`), named in the message',
];
/** A body that may carry a document of up to 5 MiB (`PushedDocumentDto`), JSON-escaped. */
const DOCUMENT_BODY = BodyLimit(EVALUATION_LIMITS.requestBodyBytes);
const NO_WORKSPACE: [number, string] = [404, 'No such workspace, or the caller is not a member'];
const NO_API: [number, string] = [404, 'No such API, or the caller is not a member of its workspace'];
const MANAGERS: [number, string] = [403, "Only the workspace's owner and admins may do this"];
const ARCHIVED: [number, string] = [409, 'The workspace is archived (read-only)'];

@ApiTags('governance')
@EXTENSION
@Controller()
export class GovernanceController {
  constructor(private readonly bus: BusClient) {}

  @Audited(AUDIT.apiRegistered)
  @Post('workspaces/:id/governed-apis')
  @DOCUMENT_BODY
  @Authenticated()
  @ApiOperation({
    summary: 'Register an API the workspace governs (members)',
    description:
      'An API: its name (unique in the workspace), where its specification lives (a repository, path and ref on ' +
      'the source host) and/or a first document pushed (CI pushes later ones), tags and a scope, which governance ' +
      `profiles match. A workspace governs at most ${L.apisPerWorkspace} APIs (409), and the profiles may apply ` +
      `it at most ${EVALUATION_LIMITS.rulesets.max} rulesets, what one evaluation runs (409 past it). A document is ` +
      'parsed as its evaluations will read it, in the evaluator: one that does not parse, or is no API ' +
      'description (OpenAPI 2.0, 3.0 or 3.1, AsyncAPI 2.0 to 2.6, RAML 1.0), is a 422 naming where, and nothing is registered.',
  })
  @ApiCreatedResponse({ type: GovernedApiEnvelopeDto })
  @ApiErrors(
    [400, 'Invalid body or id'],
    NO_WORKSPACE,
    [
      409,
      'The name is taken in the workspace, the workspace is full or archived, or the profiles would apply more than ' +
        `${EVALUATION_LIMITS.rulesets.max} rulesets to the API (RULESETS.GOVERNANCE_LIMIT)`,
    ],
    [413, 'The document is larger than the limit'],
    UNPARSEABLE,
    ...EVALUATOR_REFUSALS,
  )
  async register(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string, @Body() body: RegisterApiDto) {
    const { document, ...rest } = body;
    return this.bus.request(
      GovernanceRpc.registerApi,
      ctx,
      {
        workspaceId: id,
        ...rest,
        ...(document && { document: await specificationForBus(this.bus, ctx, { ...document }) }),
      },
      { timeoutMs: EVALUATION_TIMEOUT_MS },
    );
  }

  @Get('workspaces/:id/governed-apis')
  @Authenticated()
  @ApiOperation({
    summary: "The workspace's governed APIs with their conformance, at-risk first",
    description:
      "Each API's latest conformance (passed rules over applicable rules), the one before (the trend) and whether " +
      "it is below the workspace's threshold; the totals. Pages by `limit` and `offset`.",
  })
  @ApiOkResponse({ type: ApiDashboardDto })
  @ApiErrors([400, 'Invalid query or id'], NO_WORKSPACE)
  list(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string, @Query() query: ListApisQuery) {
    return this.bus.request(GovernanceRpc.listApis, ctx, { workspaceId: id, ...query });
  }

  @Get('workspaces/:id/governance/trend')
  @Authenticated()
  @ApiOperation({
    summary: "The workspace's conformance over time, one point per day",
    description:
      'For each of the last `days` UTC days (default 90, at most 365), from the evaluations kept of all the ' +
      "workspace's APIs: the mean of each API's latest conformance as of that day, how many APIs had one and " +
      "how many of those were below the workspace's threshold (as set now). A day without evaluations carries " +
      'the last value. Not paged: one point per day. Members read it.',
  })
  @ApiOkResponse({ type: GovernanceTrendDto })
  @ApiErrors([400, 'Invalid days or id'], NO_WORKSPACE)
  trend(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string, @Query() query: TrendQuery) {
    return this.bus.request(GovernanceRpc.workspaceTrend, ctx, { workspaceId: id, ...query });
  }

  @Get('governed-apis/:id')
  @Authenticated()
  @ApiOperation({
    summary: 'A governed API',
    description:
      'Its source, tags, scope, documents kept, latest and previous conformance and whether it is at risk. Members of its workspace read it.',
  })
  @ApiOkResponse({ type: GovernedApiEnvelopeDto })
  @ApiErrors(BAD_ID, NO_API)
  get(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.bus.request(GovernanceRpc.getApi, ctx, { id });
  }

  @Audited(AUDIT.apiUpdated)
  @Patch('governed-apis/:id')
  @Authenticated()
  @ApiOperation({
    summary: 'Edit a governed API (members)',
    description:
      'Any member of its workspace changes its name, description, source (null removes it), tags or scope (empty clears it); the evaluations kept do not change. ' +
      `New tags or scope under which the profiles would apply it more than ${EVALUATION_LIMITS.rulesets.max} rulesets, what one evaluation runs, are a 409.`,
  })
  @ApiOkResponse({ type: GovernedApiEnvelopeDto })
  @ApiErrors([400, 'Invalid body or id'], NO_API, [
    409,
    'The name is taken, the workspace is archived, or the tags or scope would have the profiles apply more than ' +
      `${EVALUATION_LIMITS.rulesets.max} rulesets to the API (RULESETS.GOVERNANCE_LIMIT)`,
  ])
  update(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string, @Body() body: UpdateApiDto) {
    return this.bus.request(GovernanceRpc.updateApi, ctx, { id, ...body });
  }

  @Audited(AUDIT.apiDeleted)
  @Delete('governed-apis/:id')
  @Authenticated()
  @ApiOperation({
    summary: 'Delete a governed API with its documents, evaluations and waivers (owner and admins)',
    description: 'Gone at once, with everything kept about it.',
  })
  @ApiOkResponse({ type: OkDto })
  @ApiErrors(BAD_ID, MANAGERS, NO_API, ARCHIVED)
  delete(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.bus.request(GovernanceRpc.deleteApi, ctx, { id });
  }

  @Audited(AUDIT.apiDocumentPushed)
  @Post('governed-apis/:id/documents')
  @DOCUMENT_BODY
  @Authenticated()
  @ApiOperation({
    summary: "Push a document of the API's specification (members; CI)",
    description:
      `The API keeps its newest ${L.documentsPerApi} documents (a push to one keeping as many replaces its oldest); ` +
      `a workspace at most ${L.documentsPerWorkspace} (409 for a push that would add one). The document is parsed ` +
      'as its evaluations will read it, in the evaluator: one that does not parse, or is no API description, is a ' +
      '422 naming where, and is not kept.',
  })
  @ApiCreatedResponse({ type: ApiDocumentEnvelopeDto })
  @ApiErrors(
    [400, 'Invalid body or id'],
    NO_API,
    [409, 'The workspace is archived or keeps as many documents as allowed'],
    [413, 'The document is larger than the limit'],
    UNPARSEABLE,
    ...EVALUATOR_REFUSALS,
  )
  async pushDocument(
    @Ctx() ctx: RequestContext,
    @Param('id', uuid) id: string,
    @Body() body: PushedDocumentDto,
  ) {
    const document = await specificationForBus(this.bus, ctx, { ...body });
    return this.bus.request(
      GovernanceRpc.pushDocument,
      ctx,
      { apiId: id, ...document },
      { timeoutMs: EVALUATION_TIMEOUT_MS },
    );
  }

  @Audited(AUDIT.apiEvaluated)
  @Post('governed-apis/:id/evaluations')
  @DOCUMENT_BODY
  @Authenticated()
  @RateLimited('evaluation')
  @ApiOperation({
    summary:
      'Evaluate the API against the rulesets its profiles apply, and keep the evaluation (members; CI)',
    description:
      'Evaluates the document sent, else the source on the source host (at the commit its ref is at), else the newest ' +
      "pushed document, against every ruleset the workspace's governance profiles apply to the API (by tag or scope), " +
      "each at its reviewed version. Kept: the specification's digest and commit, each ruleset's version, complete " +
      `counts per severity, up to ${L.findingsKept} findings within ${L.findingsKeptBytes / 1024} KiB (one violation of each failing rule first; ` +
      '`findings_truncated` when cut; each with the waiver covering it), who ran it, and the ' +
      'conformance: passed rules over applicable rules, a rule failing on a violation no waiver covers. Crossing the ' +
      `workspace's threshold is news. A workspace records at most ${L.evaluationsPerHour} evaluations an hour sent by ` +
      "people and CI (429; the service's own re-evaluations do not count).",
  })
  @ApiCreatedResponse({ type: ApiEvaluationEnvelopeDto })
  @ApiErrors(
    [400, 'Invalid body or id'],
    NO_API,
    [404, 'A ruleset a profile applies is no longer visible'],
    [
      409,
      'The workspace is archived, or a profile pins a ruleset version that is no longer its reviewed one',
    ],
    [413, 'The document is larger than the limit'],
    [
      422,
      'No profile applies to the API (RULESETS.NOT_GOVERNED), it has no specification (RULESETS.NO_SPECIFICATION), or ' +
        'the specification does not parse (`findings`) or cannot be read from the source host, or the evaluation ' +
        'ran past its time limit (`EVALUATION_TIMEOUT_MS`) or memory limit (`EVALUATION_MEMORY_MB`) or is too large for an AMF profile (`EVALUATION_AMF_MAX_BYTES`), named in the message',
    ],
    [429, "The workspace's evaluations per hour, or the caller's per minute (Retry-After)"],
    SOURCE_HOST_UNREADABLE,
    [503, 'Every evaluator is busy (Retry-After)', 'retry-after'],
    [504, 'The rulesets service did not answer in time'],
  )
  async record(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string, @Body() body: RecordEvaluationDto) {
    const { document, ...rest } = body;
    return this.bus.request(
      GovernanceRpc.recordEvaluation,
      ctx,
      {
        apiId: id,
        ...rest,
        ...(document && { document: await specificationForBus(this.bus, ctx, { ...document }) }),
      },
      { timeoutMs: EVALUATION_TIMEOUT_MS },
    );
  }

  @Get('governed-apis/:id/evaluations')
  @Authenticated()
  @ApiOperation({
    summary: "The API's evaluations, newest first (its history and conformance over time)",
    description:
      'Without findings; `before` (the last id of a page) pages back. A page is also cut short to stay within ' +
      "512 KiB (`has_more` then true). A `before` that is not an evaluation of this API (another API's, or " +
      'none) is a 400 naming `before`, not an empty page.',
  })
  @ApiOkResponse({ type: ApiHistoryDto })
  @ApiErrors([400, 'Invalid query or id, or a `before` that is not an evaluation of this API'], NO_API)
  history(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string, @Query() query: HistoryQuery) {
    return this.bus.request(GovernanceRpc.listEvaluations, ctx, { apiId: id, ...query });
  }

  @Get('governed-apis/:id/evaluations/:evaluationId')
  @Authenticated()
  @ApiOperation({
    summary: 'One evaluation of the API, with its findings (waived ones marked)',
    description:
      "The evaluation as kept: the specification's digest and commit, each ruleset's version, counts, conformance and the findings kept, each naming the waiver covering it (null: it counts).",
  })
  @ApiOkResponse({ type: ApiEvaluationEnvelopeDto })
  @ApiErrors([400, 'The ids are not UUIDs'], [404, 'No such API or evaluation visible to the caller'])
  evaluation(
    @Ctx() ctx: RequestContext,
    @Param('id', uuid) id: string,
    @Param('evaluationId', uuid) evaluationId: string,
  ) {
    return this.bus.request(GovernanceRpc.getEvaluation, ctx, { apiId: id, evaluationId });
  }

  @Get('governed-apis/:id/evaluations/:evaluationId/diff')
  @Authenticated()
  @ApiOperation({
    summary: 'What changed between two evaluations of the API',
    description:
      'The findings the evaluation introduced and those it resolved since `against` (matched by ruleset, rule, file ' +
      "and JSON pointer), how many stayed, and the conformance's move in points.",
  })
  @ApiOkResponse({ type: EvaluationDiffDto })
  @ApiErrors(
    [400, 'The ids are not UUIDs'],
    [404, 'No such API, or either evaluation, visible to the caller'],
  )
  diff(
    @Ctx() ctx: RequestContext,
    @Param('id', uuid) id: string,
    @Param('evaluationId', uuid) evaluationId: string,
    @Query() query: DiffQuery,
  ) {
    return this.bus.request(GovernanceRpc.diffEvaluations, ctx, {
      apiId: id,
      evaluationId,
      against: query.against,
    });
  }

  @Get('governed-apis/:id/evaluations/:evaluationId/document')
  @Authenticated()
  @ApiOperation({
    summary: 'The document an evaluation read, with its text (for the lines around its findings)',
    description:
      `A pushed document the API still keeps (its newest ${L.documentsPerApi}), matched by the evaluation's ` +
      `specification digest, with its whole text (up to ${L.document.bytes} bytes, as pushed). An evaluation of ` +
      'the source on the source host, or of a document no longer kept, has none here (404).',
  })
  @ApiOkResponse({ type: ApiDocumentTextEnvelopeDto })
  @ApiErrors(
    [400, 'The ids are not UUIDs'],
    [404, 'No such API or evaluation visible to the caller, or the document it read is not kept'],
  )
  evaluatedDocument(
    @Ctx() ctx: RequestContext,
    @Param('id', uuid) id: string,
    @Param('evaluationId', uuid) evaluationId: string,
  ) {
    return this.bus.request(GovernanceRpc.evaluatedDocument, ctx, { apiId: id, evaluationId });
  }

  @Get('governed-apis/:id/waivers')
  @Authenticated()
  @ApiOperation({
    summary: "The API's waivers, expired ones included",
    description:
      'Each with its rule, location, reason and expiry; `expired` ones no longer cover anything. Latest expiry first. ' +
      flatListPagingDescription(L.waiversPage),
  })
  @ApiOkResponse({ type: WaiverListDto })
  @ApiErrors([400, 'Invalid query or id, or a cursor this API did not make'], NO_API)
  waivers(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string, @Query() query: WaiversQuery) {
    return this.bus.request(GovernanceRpc.listWaivers, ctx, { id, ...query });
  }

  @Audited(AUDIT.waiverCreated)
  @Post('governed-apis/:id/waivers')
  @Authenticated()
  @ApiOperation({
    summary: "Waive a rule's findings at a location until a date (owner and admins)",
    description:
      "With `rulesetId` the waiver covers that ruleset's findings of the rule only; without it, the rule's findings in " +
      'every ruleset with a rule of that name. ' +
      "Waived findings are shown as waived and fail no rule: the API's conformance moves at once. When the waiver " +
      `expires its findings count again and its author is told. At most ${L.waiversPerApi} waivers in force per API (409).`,
  })
  @ApiCreatedResponse({ type: WaiverEnvelopeDto })
  @ApiErrors(
    [400, 'Invalid body or id, or the expiry is past or more than a year ahead'],
    MANAGERS,
    [404, `${NO_API[1]}, or the ruleset rulesetId names is not visible to the caller`],
    [409, 'The workspace is archived, or the API has as many waivers as allowed'],
  )
  waive(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string, @Body() body: CreateWaiverDto) {
    return this.bus.request(GovernanceRpc.createWaiver, ctx, { apiId: id, ...body });
  }

  @Audited(AUDIT.waiverDeleted)
  @Delete('governed-apis/:id/waivers/:waiverId')
  @Authenticated()
  @ApiOperation({
    summary: 'Remove a waiver: its findings count again (owner and admins)',
    description: "The latest evaluation's conformance is computed again without it.",
  })
  @ApiOkResponse({ type: OkDto })
  @ApiErrors(
    [400, 'The ids are not UUIDs'],
    MANAGERS,
    [404, 'No such API or waiver visible to the caller'],
    ARCHIVED,
  )
  unwaive(
    @Ctx() ctx: RequestContext,
    @Param('id', uuid) id: string,
    @Param('waiverId', uuid) waiverId: string,
  ) {
    return this.bus.request(GovernanceRpc.deleteWaiver, ctx, { apiId: id, waiverId });
  }

  @Get('rulesets/:id/governed-apis')
  @OptionalAuth()
  @ApiOperation({
    summary: 'How many governed APIs a ruleset governs',
    description:
      "Counts over every workspace's governance profiles (no workspace or API is named): the APIs a profile applies " +
      'the ruleset to, those following its latest version (evaluated again when it publishes one), and the workspaces.',
  })
  @ApiOkResponse({ type: RulesetFollowersDto })
  @ApiErrors(BAD_ID, [404, 'No such ruleset visible to the caller'])
  followers(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.bus.request(GovernanceRpc.rulesetFollowers, ctx, { id });
  }

  @Get('workspaces/:id/governance-profiles')
  @Authenticated()
  @ApiOperation({
    summary: "The workspace's governance profiles",
    description:
      "Which rulesets (each pinned or following its latest) apply to which of the workspace's APIs, by name. Members read them.",
  })
  @ApiOkResponse({ type: GovernanceProfileListDto })
  @ApiErrors(BAD_ID, NO_WORKSPACE)
  profiles(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.bus.request(GovernanceRpc.listProfiles, ctx, { workspaceId: id });
  }

  @Audited(AUDIT.governanceProfileCreated)
  @Post('workspaces/:id/governance-profiles')
  @Authenticated()
  @ApiOperation({
    summary: 'Say which rulesets govern which APIs of the workspace (owner and admins)',
    description:
      'Each ruleset pinned to its reviewed version (`version`: its commit) or following its latest; the profile applies ' +
      'to APIs with any of `matchTags` or `matchScopes` (both empty: every API). The profiles together apply at most ' +
      `${EVALUATION_LIMITS.rulesets.max} rulesets (each counted once) to each registered API, what one evaluation runs (409 past it).`,
  })
  @ApiCreatedResponse({ type: GovernanceProfileEnvelopeDto })
  @ApiErrors(
    [400, 'Invalid body or id'],
    MANAGERS,
    [404, 'No such workspace, or a ruleset the caller cannot see'],
    [
      409,
      'The name is taken, the workspace is full or archived, a version is not the reviewed one, or the profiles ' +
        `would apply more than ${EVALUATION_LIMITS.rulesets.max} rulesets to an API (RULESETS.GOVERNANCE_LIMIT, naming it)`,
    ],
    [422, 'A ruleset is not published (RULESETS.NOT_PUBLISHED): only reviewed rulesets govern APIs'],
  )
  createProfile(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string, @Body() body: CreateProfileDto) {
    return this.bus.request(GovernanceRpc.createProfile, ctx, { workspaceId: id, ...body });
  }

  @Audited(AUDIT.governanceProfileUpdated)
  @Patch('governance-profiles/:id')
  @Authenticated()
  @ApiOperation({
    summary: 'Edit a governance profile (owner and admins)',
    description: "Fields sent replace the profile's; the next evaluation of each API it matches uses it.",
  })
  @ApiOkResponse({ type: GovernanceProfileEnvelopeDto })
  @ApiErrors(
    [400, 'Invalid body or id'],
    MANAGERS,
    [404, 'No such profile visible to the caller, or a ruleset the caller cannot see'],
    [
      409,
      'The name is taken, the workspace is archived, a version is not the reviewed one, or the profiles would ' +
        `apply more than ${EVALUATION_LIMITS.rulesets.max} rulesets to an API (RULESETS.GOVERNANCE_LIMIT, naming it)`,
    ],
    [422, 'A ruleset is not published (RULESETS.NOT_PUBLISHED): only reviewed rulesets govern APIs'],
  )
  updateProfile(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string, @Body() body: UpdateProfileDto) {
    return this.bus.request(GovernanceRpc.updateProfile, ctx, { id, ...body });
  }

  @Audited(AUDIT.governanceProfileDeleted)
  @Delete('governance-profiles/:id')
  @Authenticated()
  @ApiOperation({
    summary: 'Delete a governance profile (owner and admins)',
    description: 'The APIs it matched keep their evaluations; the next ones leave its rulesets out.',
  })
  @ApiOkResponse({ type: OkDto })
  @ApiErrors(BAD_ID, MANAGERS, [404, 'No such profile visible to the caller'], ARCHIVED)
  deleteProfile(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.bus.request(GovernanceRpc.deleteProfile, ctx, { id });
  }

  @Get('workspaces/:id/governance-settings')
  @Authenticated()
  @ApiOperation({
    summary: "The workspace's governance settings: its at-risk threshold",
    description: 'An API below the threshold (percent, default 70) is at risk. Members read it.',
  })
  @ApiOkResponse({ type: GovernanceSettingsEnvelopeDto })
  @ApiErrors(BAD_ID, NO_WORKSPACE)
  settings(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.bus.request(GovernanceRpc.getSettings, ctx, { workspaceId: id });
  }

  @Audited(AUDIT.governanceThresholdChanged)
  @Put('workspaces/:id/governance-settings')
  @Authenticated()
  @ApiOperation({
    summary: 'Set the at-risk threshold of the workspace (owner and admins)',
    description: "The APIs' at-risk flags follow at once; crossing news comes with the next evaluations.",
  })
  @ApiOkResponse({ type: GovernanceSettingsEnvelopeDto })
  @ApiErrors([400, 'Invalid body or id'], MANAGERS, NO_WORKSPACE, ARCHIVED)
  updateSettings(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string, @Body() body: UpdateSettingsDto) {
    return this.bus.request(GovernanceRpc.updateSettings, ctx, { workspaceId: id, ...body });
  }
}
