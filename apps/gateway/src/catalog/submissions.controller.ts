import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { CatalogRpc, type RequestContext, SUBMISSIONS_LIMIT } from '@pc/contracts';
import { flatListPagingDescription } from '../http/common.dto';
import { ApiErrors, Authenticated, Ctx, SOURCE_HOST_UNREADABLE } from '../auth/auth.decorators';
import { HistoryPageDto } from './policies.dto';
import {
  CreatedSubmissionDto,
  CreateSubmissionDto,
  SubmissionDetailDto,
  SubmissionEnvelopeDto,
  SubmissionListDto,
  SubmissionsQuery,
  UpdateSubmissionDto,
  ValidateSubmissionDto,
  ValidationEnvelopeDto,
} from './submissions.dto';
import { AUDIT } from '../audit/audited';
import { RouteOrder } from '../listings/listing.controller';
import { submissionsController, type SubmissionRoutes } from '../listings/listing-submissions.controller';

const MISSING: [number, string] = [404, 'No such submission of the caller'];

/** Policy submissions: their URLs, messages, DTOs and the document's words for the shared routes. */
const SUBMISSIONS: SubmissionRoutes = {
  path: 'submissions',
  tag: 'submissions',
  rpc: CatalogRpc,
  validateRpc: CatalogRpc.validateSubmission,
  dtos: {
    validate: ValidateSubmissionDto,
    validation: ValidationEnvelopeDto,
    create: CreateSubmissionDto,
    created: CreatedSubmissionDto,
    detail: SubmissionDetailDto,
    update: UpdateSubmissionDto,
    envelope: SubmissionEnvelopeDto,
    history: HistoryPageDto,
  },
  audit: { updated: AUDIT.submissionUpdated },
  rateLimited: true,
  historyAuth: 'optional',
  text: {
    validate: {
      summary: 'Read the repository and report its shape and every problem; nothing is saved',
      description:
        'Reads the repository on the source host and answers what a submission would find: the project type, ' +
        'the files found, and every problem. Nothing is stored. A private repository is a problem unless the ' +
        'instance reads private repositories (`SOURCE_HOST_ALLOW_PRIVATE`). A call out: limited per caller ' +
        '(429) and a 502 when the source host fails.',
      errors: [[400, 'The body is malformed'], SOURCE_HOST_UNREADABLE],
    },
    create: {
      summary:
        'Submit a policy repository for review; it is under review (visible to its owner) until decided',
      description:
        'Validates the repository as POST /submissions/validate does, then stores the submission and its ' +
        'policy, visible to its owner and administrators until an administrator approves or rejects it. A ' +
        'repository with problems is refused with 422 and every problem in `details`.',
      errors: [
        [400, 'The body is malformed'],
        [
          422,
          'The repository failed validation (CATALOG.SUBMISSION_REPOSITORY_INVALID, every problem in details, the report in `validation`), or a declared idea is not approved and visible, or is listed twice',
        ],
        SOURCE_HOST_UNREADABLE,
      ],
    },
    get: {
      summary: 'A submission of the caller (administrators: any), with its staged documentation',
      description:
        'The submission with its fields, its review state and feedback, and the documentation tabs it stages ' +
        "for publication. The owner sees theirs, administrators any; another user's answers 404.",
      errors: [MISSING],
    },
    update: {
      summary: 'Edit a waiting submission or resubmit a rejected one (any subset of the submission fields)',
      description:
        'Changes any subset of the fields of a submission waiting for review, or resubmits a rejected one (it ' +
        'goes back to the review queue). A new repository URL or ref is validated again. An approved ' +
        "submission is closed (409); its refs are then an administrator's to change.",
      errors: [
        [400, 'A field is invalid'],
        [
          403,
          "The submission was approved: its sourceRef or implementationSourceRef are an administrator's to change",
        ],
        MISSING,
        [409, 'The submission was already approved'],
        [
          422,
          'The new repository or ref failed validation (CATALOG.SUBMISSION_REPOSITORY_INVALID, the report in `validation`), or a declared idea is not approved',
        ],
        SOURCE_HOST_UNREADABLE,
      ],
    },
    history: {
      summary: 'What happened to the submission and its policy, newest first',
      description:
        'Every event of the submission and of the policy it created (submitted, edited, rejected, approved, ' +
        'revisions, transfers), newest first, for its owner and administrators.',
      errors: [MISSING],
    },
  },
};

@RouteOrder('validate', 'list', 'create', 'get', 'update', 'history')
@Controller('submissions')
export class SubmissionsController extends submissionsController(SUBMISSIONS) {
  @Get()
  @Authenticated()
  @ApiOperation({
    summary: "The caller's submissions, newest first",
    description: flatListPagingDescription(SUBMISSIONS_LIMIT),
  })
  @ApiOkResponse({ type: SubmissionListDto })
  @ApiErrors([400, 'A query parameter or the cursor is invalid'])
  list(@Ctx() ctx: RequestContext, @Query() query: SubmissionsQuery) {
    return this.bus.request(CatalogRpc.listSubmissions, ctx, query);
  }
}
