import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CatalogRpc, type IdeaDeclaration, type RequestContext, SUBMISSIONS_LIMIT } from '@pc/contracts';
import { BusClient } from '@pc/platform';
import { pagingDescription } from '../http/common.dto';
import { ApiErrors, Authenticated, Ctx, OptionalAuth } from '../auth/auth.decorators';
import { RateLimited } from '../http/rate-limit';
import { HistoryPageDto } from './policies.dto';
import {
  CreatedSubmissionDto,
  CreateSubmissionDto,
  SubmissionDetailDto,
  SubmissionEnvelopeDto,
  SubmissionListDto,
  SubmissionsQuery,
  type SubmissionOptionalFieldsDto,
  UpdateSubmissionDto,
  ValidateSubmissionDto,
  ValidationEnvelopeDto,
} from './submissions.dto';
import { AUDIT, Audited } from '../audit/audited';

const uuid = new ParseUUIDPipe();

/** The legacy single `deliversIdeaId` joins the list. */
function ideasOf(body: SubmissionOptionalFieldsDto): IdeaDeclaration[] | undefined {
  if (body.deliversIdeaIds === undefined && body.deliversIdeaId === undefined) return undefined;
  return [...(body.deliversIdeaIds ?? []), ...(body.deliversIdeaId ? [{ ideaId: body.deliversIdeaId }] : [])];
}

@ApiTags('submissions')
@Controller('submissions')
export class SubmissionsController {
  constructor(private readonly bus: BusClient) {}

  @Post('validate')
  @HttpCode(200)
  @Authenticated()
  @RateLimited('validation')
  @ApiOperation({ summary: 'Read the repository and report its shape and every problem; nothing is saved' })
  @ApiOkResponse({ type: ValidationEnvelopeDto })
  @ApiErrors([400, 'The body is malformed'], [502, 'The source host could not be read; try again later'])
  validate(@Ctx() ctx: RequestContext, @Body() body: ValidateSubmissionDto) {
    return this.bus.request(CatalogRpc.validateSubmission, ctx, body);
  }

  @Get()
  @Authenticated()
  @ApiOperation({
    summary: "The caller's submissions, newest first",
    description: pagingDescription(SUBMISSIONS_LIMIT),
  })
  @ApiOkResponse({ type: SubmissionListDto })
  @ApiErrors([400, 'A query parameter or the cursor is invalid'])
  list(@Ctx() ctx: RequestContext, @Query() query: SubmissionsQuery) {
    return this.bus.request(CatalogRpc.listSubmissions, ctx, query);
  }

  @Post()
  @Authenticated()
  @RateLimited('submission')
  @ApiOperation({
    summary: 'Submit a policy repository for review; it is under review (visible to its owner) until decided',
  })
  @ApiCreatedResponse({ type: CreatedSubmissionDto })
  @ApiErrors(
    [400, 'The body is malformed'],
    [
      422,
      'The repository failed validation (CATALOG.SUBMISSION_REPOSITORY_INVALID, every problem in details, the report in `validation`), or a declared idea is not approved and visible, or is listed twice',
    ],
    [502, 'The source host could not be read; try again later'],
  )
  create(@Ctx() ctx: RequestContext, @Body() body: CreateSubmissionDto) {
    const { deliversIdeaId: _legacy, ...rest } = body;
    return this.bus.request(CatalogRpc.createSubmission, ctx, { ...rest, deliversIdeaIds: ideasOf(body) });
  }

  @Get(':id')
  @Authenticated()
  @ApiOperation({
    summary: 'A submission of the caller (administrators: any), with its staged documentation',
  })
  @ApiOkResponse({ type: SubmissionDetailDto })
  @ApiErrors([404, 'No such submission of the caller'])
  get(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.bus.request(CatalogRpc.getSubmission, ctx, { id });
  }

  @Audited(AUDIT.submissionUpdated)
  @Patch(':id')
  @Authenticated()
  @ApiOperation({
    summary: 'Edit a waiting submission or resubmit a rejected one (any subset of the submission fields)',
  })
  @ApiOkResponse({ type: SubmissionEnvelopeDto })
  @ApiErrors(
    [400, 'A field is invalid'],
    [
      403,
      "The submission was approved: its sourceRef or implementationSourceRef are an administrator's to change",
    ],
    [404, 'No such submission of the caller'],
    [409, 'The submission was already approved'],
    [
      422,
      'The new repository or ref failed validation (CATALOG.SUBMISSION_REPOSITORY_INVALID, the report in `validation`), or a declared idea is not approved',
    ],
    [502, 'The source host could not be read; try again later'],
  )
  update(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string, @Body() body: UpdateSubmissionDto) {
    const { deliversIdeaId: _legacy, ...rest } = body;
    return this.bus.request(CatalogRpc.updateSubmission, ctx, {
      ...rest,
      id,
      deliversIdeaIds: ideasOf(body),
    });
  }

  @Get(':id/history')
  @OptionalAuth()
  @ApiOperation({ summary: 'What happened to the submission and its policy, newest first' })
  @ApiOkResponse({ type: HistoryPageDto })
  @ApiErrors([404, 'No such submission of the caller'])
  history(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.bus.request(CatalogRpc.getSubmissionHistory, ctx, { id });
  }
}
