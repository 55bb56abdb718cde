import { Controller, Delete, Get, Param, Query } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { type RequestContext, RULESET_LIMITS, RulesetsRpc } from '@pc/contracts';
import { ApiErrors, Authenticated, Ctx, SOURCE_HOST_UNREADABLE } from '../auth/auth.decorators';
import {
  CreateRulesetSubmissionDto,
  RulesetHistoryDto,
  RulesetIdeaDeclarationDto,
  RulesetSubmissionCreatedDto,
  RulesetSubmissionDetailDto,
  RulesetSubmissionEnvelopeDto,
  RulesetSubmissionListDto,
  RulesetSubmissionsQuery,
  UpdateRulesetSubmissionDto,
} from './ruleset-submissions.dto';
import { ValidateRulesetDto, ValidateRulesetResultDto } from './ruleset-validation.dto';
import { EVALUATOR_REFUSALS } from './evaluator-refusals';
import { OkDto, pagingDescription } from '../http/common.dto';
import { AUDIT, Audited } from '../audit/audited';
import { RouteOrder } from '../listings/listing.controller';
import { submissionsController, type SubmissionRoutes } from '../listings/listing-submissions.controller';
import { BAD_ID, uuid } from '../http/uuid-param';

const MISSING: [number, string] = [404, 'No such submission of the caller'];

/** Ruleset submissions: their URLs, messages, DTOs and the document's words for the shared routes. */
const RULESET_SUBMISSIONS: SubmissionRoutes = {
  path: 'ruleset-submissions',
  tag: 'ruleset-submissions',
  rpc: RulesetsRpc,
  validateRpc: RulesetsRpc.validate,
  dtos: {
    validate: ValidateRulesetDto,
    validation: ValidateRulesetResultDto,
    create: CreateRulesetSubmissionDto,
    created: RulesetSubmissionCreatedDto,
    detail: RulesetSubmissionDetailDto,
    update: UpdateRulesetSubmissionDto,
    envelope: RulesetSubmissionEnvelopeDto,
    history: RulesetHistoryDto,
  },
  audit: { updated: AUDIT.rulesetSubmissionUpdated },
  rateLimited: false,
  historyAuth: 'authenticated',
  text: {
    validate: {
      summary: 'Read a ruleset repository and report what it holds and every problem; nothing is saved',
      description:
        'Profile discovery order: rulesetPath (explicit); registry.json `main` (registry); ruleset.yaml, ' +
        'ruleset.yml, profile.yaml, profile.yml (conventional); else the first root .yaml file whose first line ' +
        'is `#%Validation Profile 1.0` (discovered). Errors say where they are (file:line[:column]). Target ' +
        "scopes come from the validations' target classes (see the README). A private repository is a problem " +
        "unless the instance reads private repositories (`SOURCE_HOST_ALLOW_PRIVATE`). The engine's checks of the " +
        "ruleset and its examples run on the rulesets service's evaluator, in the caller's share of it as their " +
        'evaluations are (429 past it, 503 when every evaluator is busy; both with Retry-After).',
      errors: [[400, 'The body is malformed'], SOURCE_HOST_UNREADABLE, ...EVALUATOR_REFUSALS],
    },
    create: {
      summary: 'Submit a ruleset repository for review',
      description:
        'The ruleset is created under review (visible to its owner) with the staged tabs; category defaults to ' +
        'Other, target scopes to what the profile targets, the icon to icon.svg or icon.png at the ruleset root.',
      errors: [
        [400, 'The body is malformed'],
        [
          422,
          'The repository failed validation (RULESETS.VALIDATION_FAILED, the report in `validation`), an idea is not approved and visible or is listed twice, or a tab key is listed twice',
        ],
        SOURCE_HOST_UNREADABLE,
        ...EVALUATOR_REFUSALS,
      ],
    },
    get: {
      summary: 'A submission of the caller (administrators: any), with its staged tabs',
      description:
        'The submission with its fields, review state and feedback, and the documentation tabs it stages. The ' +
        "owner sees theirs, administrators any; another user's answers 404.",
      errors: [BAD_ID, MISSING],
    },
    update: {
      summary: 'Edit a submission, resubmit it, or change the ideas it declares',
      description:
        'Any subset of the input fields; empty string clears an optional field; `resubmit: true` sends a ' +
        'needs_improvement submission back for review; `iconDisabled: true` clears the icon and wins over `iconUrl`; ' +
        '`docTabs` replaces the staged set; `deliversIdeaIds` replaces the declared ideas (`[]` clears; only while ' +
        'submitted or needs_improvement; alone it does not resubmit). While the ruleset is under review only an ' +
        'administrator edits its content (403). Editing an approved submission submits an update of the published ' +
        'ruleset for review. A refused edit leaves the declared ideas unchanged.',
      errors: [
        [400, 'A field is malformed'],
        [403, 'The ruleset is under review and the caller is not an administrator'],
        MISSING,
        [
          409,
          'The submission was rejected, or deliversIdeaIds on a submission that is neither submitted nor needs_improvement',
        ],
        [
          422,
          'An idea is not approved and visible or is listed twice, a tab key is listed twice, or the new repository failed validation',
        ],
        SOURCE_HOST_UNREADABLE,
        ...EVALUATOR_REFUSALS,
      ],
    },
    history: {
      summary: 'An entry per change, newest first: previous_snapshot and revision_count tell what changed',
      description:
        'One entry per change of the submission, newest first; `previous_snapshot` holds the fields before ' +
        'the change and `revision_count` counts the resubmissions.',
      errors: [BAD_ID, MISSING],
    },
  },
};

@RouteOrder('validate', 'list', 'create', 'get', 'update', 'delete', 'history')
@ApiExtraModels(RulesetIdeaDeclarationDto)
@Controller('ruleset-submissions')
export class RulesetSubmissionsController extends submissionsController(RULESET_SUBMISSIONS) {
  @Get()
  @Authenticated()
  @ApiOperation({
    summary: "The caller's ruleset submissions, newest first",
    description:
      "The caller's ruleset submissions, newest first, with their review state. " +
      pagingDescription(RULESET_LIMITS.ownSubmissions) +
      ' Paging is an extension: a request without `limit` and `cursor` gets the newest 100, as before.',
  })
  @ApiOkResponse({ type: RulesetSubmissionListDto })
  @ApiErrors([400, 'A query parameter or the cursor is invalid'])
  list(@Ctx() ctx: RequestContext, @Query() query: RulesetSubmissionsQuery) {
    return this.bus.request(RulesetsRpc.listSubmissions, ctx, query);
  }

  @Audited(AUDIT.rulesetSubmissionWithdrawn)
  @Delete(':id')
  @Authenticated()
  @ApiOperation({
    summary: 'Withdraw a submission: a ruleset never published goes with it; a published one stays',
    description:
      'For the owner: withdraws the submission. A ruleset that was never published is deleted with it, and ' +
      'its pending transfers are cancelled moments after; a published ruleset stays as it is, and only the ' +
      'pending change goes.',
  })
  @ApiOkResponse({ type: OkDto })
  @ApiErrors(BAD_ID, MISSING)
  delete(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.bus.request(RulesetsRpc.deleteSubmission, ctx, { id });
  }
}
