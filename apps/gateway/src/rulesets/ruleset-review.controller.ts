import { Body, Controller, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type RequestContext, RulesetsRpc } from '@pc/contracts';
import { BusClient } from '@pc/platform';
import { AdminOnly, ApiErrors, Ctx } from '../auth/auth.decorators';
import { RulesetApprovalDto, RulesetFeedbackDto } from './ruleset-review.dto';
import { RulesetSubmissionEnvelopeDto } from './ruleset-submissions.dto';
import { AUDIT, Audited } from '../audit/audited';

const uuid = new ParseUUIDPipe();
const MISSING: [number, string] = [404, 'No such submission'];
const NOT_WAITING: [number, string] = [409, 'The submission is not waiting for review'];

@ApiTags('admin')
@Controller('admin/ruleset-submissions/:id')
export class RulesetReviewController {
  constructor(private readonly bus: BusClient) {}

  @Audited(AUDIT.rulesetSubmissionApproved)
  @Post('approve')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({
    summary: 'Publish the ruleset with its staged tabs (created, or updated when it was published before)',
    description:
      'Ideas the submission declares are delivered, as for policies; their submitters are notified.',
  })
  @ApiOkResponse({ type: RulesetSubmissionEnvelopeDto })
  @ApiErrors([400, 'The id is not a UUID, or feedback is too long'], MISSING, NOT_WAITING)
  approve(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string, @Body() body: RulesetApprovalDto) {
    return this.bus.request(RulesetsRpc.approveSubmission, ctx, { id, feedback: body.feedback });
  }

  @Audited(AUDIT.rulesetSubmissionSentBack)
  @Post('needs-improvement')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({
    summary: 'Send the submission back with feedback; the owner edits it and resubmits',
    description:
      'Returns the submission to its owner with feedback: they edit it and resubmit it to the review queue. ' +
      'Only a submission waiting for review can be sent back (409).',
  })
  @ApiOkResponse({ type: RulesetSubmissionEnvelopeDto })
  @ApiErrors([400, 'feedback is required (1 to 4000 characters)'], MISSING, NOT_WAITING)
  needsImprovement(
    @Ctx() ctx: RequestContext,
    @Param('id', uuid) id: string,
    @Body() body: RulesetFeedbackDto,
  ) {
    return this.bus.request(RulesetsRpc.requestImprovement, ctx, { id, feedback: body.feedback });
  }

  @Audited(AUDIT.rulesetSubmissionRejected)
  @Post('reject')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({
    summary: 'Reject the submission with feedback (final)',
    description:
      'A final refusal, with feedback: the owner cannot resubmit this submission. Only a submission waiting ' +
      'for review can be rejected (409).',
  })
  @ApiOkResponse({ type: RulesetSubmissionEnvelopeDto })
  @ApiErrors([400, 'feedback is required (1 to 4000 characters)'], MISSING, NOT_WAITING)
  reject(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string, @Body() body: RulesetFeedbackDto) {
    return this.bus.request(RulesetsRpc.rejectSubmission, ctx, { id, feedback: body.feedback });
  }
}
