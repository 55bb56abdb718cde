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
  @ApiOperation({
    summary: 'Read the repository and report its shape and every problem; nothing is saved',
    description:
      'Reads the repository on the source host and answers what a submission would find: the project type, ' +
      'the files found, and every problem. Nothing is stored. A call out: limited per caller (429) and a ' +
      '502 when the source host fails.',
  })
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
    description:
      'Validates the repository as POST /submissions/validate does, then stores the submission and its ' +
      'policy, visible to its owner and administrators until an administrator approves or rejects it. A ' +
      'repository with problems is refused with 422 and every problem in `details`.',
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
    description:
      'The submission with its fields, its review state and feedback, and the documentation tabs it stages ' +
      "for publication. The owner sees theirs, administrators any; another user's answers 404.",
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
    description:
      'Changes any subset of the fields of a submission waiting for review, or resubmits a rejected one (it ' +
      'goes back to the review queue). A new repository URL or ref is validated again. An approved ' +
      "submission is closed (409); its refs are then an administrator's to change.",
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
  @ApiOperation({
    summary: 'What happened to the submission and its policy, newest first',
    description:
      'Every event of the submission and of the policy it created (submitted, edited, rejected, approved, ' +
      'revisions, transfers), newest first, for its owner and administrators.',
  })
  @ApiOkResponse({ type: HistoryPageDto })
  @ApiErrors([404, 'No such submission of the caller'])
  history(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.bus.request(CatalogRpc.getSubmissionHistory, ctx, { id });
  }
}
