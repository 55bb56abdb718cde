import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { type RequestContext, RulesetsRpc } from '@pc/contracts';
import { AdminOnly, ApiErrors, Ctx } from '../auth/auth.decorators';
import { RulesetApprovalDto, RulesetFeedbackDto } from './ruleset-review.dto';
import { RulesetSubmissionEnvelopeDto } from './ruleset-submissions.dto';
import { AUDIT, Audited } from '../audit/audited';
import { RouteOrder } from '../listings/listing.controller';
import { reviewController, type ReviewRoutes } from '../listings/listing-review.controller';
import { uuid } from '../http/uuid-param';

const MISSING: [number, string] = [404, 'No such submission'];
const NOT_WAITING: [number, string] = [409, 'The submission is not waiting for review'];
const FEEDBACK: [number, string] = [400, 'feedback is required (1 to 4000 characters)'];

/** The review of ruleset submissions: their messages, DTOs and the document's words. */
const RULESET_REVIEW: ReviewRoutes = {
  path: 'ruleset-submissions',
  rpc: RulesetsRpc,
  dtos: {
    approval: RulesetApprovalDto,
    rejection: RulesetFeedbackDto,
    envelope: RulesetSubmissionEnvelopeDto,
  },
  audit: { approve: AUDIT.rulesetSubmissionApproved, reject: AUDIT.rulesetSubmissionRejected },
  text: {
    approve: {
      summary: 'Publish the ruleset with its staged tabs (created, or updated when it was published before)',
      description:
        'Ideas the submission declares are delivered, as for policies, and their submitters notified, ' +
        'just after the approval commits (not yet in this answer): the catalog is asked until it answers, so ' +
        'the ruleset shows them delivered within moments, also when the catalog was briefly unreachable.',
      errors: [[400, 'The id is not a UUID, or feedback is too long'], MISSING, NOT_WAITING],
    },
    reject: {
      summary: 'Reject the submission with feedback (final)',
      description:
        'A final refusal, with feedback: the owner cannot resubmit this submission. Only a submission waiting ' +
        'for review can be rejected (409).',
      errors: [FEEDBACK, MISSING, NOT_WAITING],
    },
  },
};

@RouteOrder('approve', 'needsImprovement', 'reject')
@Controller('admin')
export class RulesetReviewController extends reviewController(RULESET_REVIEW) {
  @Audited(AUDIT.rulesetSubmissionSentBack)
  @Post('ruleset-submissions/:id/needs-improvement')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({
    summary: 'Send the submission back with feedback; the owner edits it and resubmits',
    description:
      'Returns the submission to its owner with feedback: they edit it and resubmit it to the review queue. ' +
      'Only a submission waiting for review can be sent back (409).',
  })
  @ApiOkResponse({ type: RulesetSubmissionEnvelopeDto })
  @ApiErrors(FEEDBACK, MISSING, NOT_WAITING)
  needsImprovement(
    @Ctx() ctx: RequestContext,
    @Param('id', uuid) id: string,
    @Body() body: RulesetFeedbackDto,
  ) {
    return this.bus.request(RulesetsRpc.requestImprovement, ctx, { id, feedback: body.feedback });
  }
}
