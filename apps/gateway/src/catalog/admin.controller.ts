import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { CatalogRpc, type RequestContext, REVIEW_QUEUE_LIMIT, RulesetsRpc } from '@pc/contracts';
import { AdminOnly, ApiErrors, Ctx } from '../auth/auth.decorators';
import { OkDto } from '../http/common.dto';
import {
  DesignateReviewerDto,
  IdeaEnvelopeDto,
  RejectDto,
  ReviewQueueDto,
  ReviewQueueQuery,
  VendorIndexReloadDto,
} from './admin.dto';
import { RevisionEnvelopeDto } from './revisions.dto';
import { SubmissionEnvelopeDto } from './submissions.dto';
import { FeedbackDto } from './transfers.dto';
import { AUDIT, Audited } from '../audit/audited';
import { RouteOrder } from '../listings/listing.controller';
import { reviewController, type ReviewRoutes } from '../listings/listing-review.controller';
import { uuid } from '../http/uuid-param';

const DECIDED: [number, string] = [409, 'Already decided'];
const MISSING: [number, string] = [404, 'No such item'];

/** The review of policy submissions: their messages, DTOs and the document's words. */
const POLICY_REVIEW: ReviewRoutes = {
  path: 'submissions',
  rpc: CatalogRpc,
  dtos: { approval: FeedbackDto, rejection: RejectDto, envelope: SubmissionEnvelopeDto },
  audit: { approve: AUDIT.submissionApproved, reject: AUDIT.submissionRejected },
  text: {
    approve: {
      summary: 'Publish the policy: staged docs copied, overview seeded from the description',
      description:
        'Publishes the policy: its staged documentation becomes its tabs, and the overview tab is seeded from ' +
        'the description when empty. The owner is notified (and their `submission.decided` webhooks called). ' +
        'A submission already decided answers 409.',
      errors: [MISSING, DECIDED],
    },
    reject: {
      summary: 'Send the submission back with feedback; the owner may resubmit',
      description:
        'Returns the submission to its owner with the feedback; the owner may change it and resubmit (PATCH ' +
        '/submissions/{id}). A submission already decided answers 409.',
      errors: [[400, 'feedback is required'], MISSING, DECIDED],
    },
  },
};

/** Administration: the review queue and decisions, reviewers, the vendor index (`RouteOrder`: the document's order). */
@RouteOrder(
  'queue',
  'approve',
  'reject',
  'approveRevision',
  'rejectRevision',
  'approveIdea',
  'rejectIdea',
  'designateReviewer',
  'removeReviewer',
  'reloadVendorIndex',
)
@Controller('admin')
export class AdminController extends reviewController(POLICY_REVIEW) {
  @Get('queue')
  @AdminOnly()
  @ApiOperation({
    summary: 'Everything waiting for review: policy submissions, revisions, ruleset submissions, ideas',
    description:
      'Policy submissions (kind policy) come from the catalog, ruleset submissions (kind ruleset) from the ' +
      'rulesets service; the gateway asks both and merges. The oldest `limit` (1 to 100, default 50) of each ' +
      "kind, submissions as summaries, each service's part at most 512 KiB; `hasMore` says which kinds have " +
      'more waiting (deciding the oldest brings the next into the queue).',
  })
  @ApiOkResponse({ type: ReviewQueueDto })
  @ApiErrors([400, 'limit is out of range'])
  async queue(@Ctx() ctx: RequestContext, @Query() query: ReviewQueueQuery) {
    const limit = query.limit ?? REVIEW_QUEUE_LIMIT.default;
    const [catalog, rulesets] = await Promise.all([
      this.bus.request(CatalogRpc.reviewQueue, ctx, query),
      this.bus.request(RulesetsRpc.reviewQueue, ctx, {}),
    ]);
    return {
      ...catalog,
      submissions: catalog.submissions.map((s) => ({ kind: 'policy' as const, ...s })),
      rulesetSubmissions: rulesets.rulesetSubmissions.slice(0, limit),
      hasMore: { ...catalog.hasMore, rulesetSubmissions: rulesets.rulesetSubmissions.length > limit },
    };
  }

  @Audited(AUDIT.revisionApproved)
  @Post('revisions/:id/approve')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({
    summary: 'Make the proposed value live',
    description:
      'The proposed description or repository URL replaces the current one on the published policy, and the ' +
      'revision is closed. A revision already decided answers 409, as does one whose policy another approval ' +
      'or a pin moved while its repositories were checked (approve it again: it is still pending).',
  })
  @ApiOkResponse({ type: RevisionEnvelopeDto })
  @ApiErrors(MISSING, [409, 'Already decided, or the policy moved while the revision was checked'])
  approveRevision(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string, @Body() body: FeedbackDto) {
    return this.bus.request(CatalogRpc.approveRevision, ctx, { id, feedback: body.feedback });
  }

  @Audited(AUDIT.revisionRejected)
  @Post('revisions/:id/reject')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({
    summary: 'Refuse the proposed value, with feedback',
    description:
      'Closes the revision with the feedback; the published policy keeps its current value. A revision ' +
      'already decided answers 409.',
  })
  @ApiOkResponse({ type: RevisionEnvelopeDto })
  @ApiErrors([400, 'feedback is required'], MISSING, DECIDED)
  rejectRevision(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string, @Body() body: RejectDto) {
    return this.bus.request(CatalogRpc.rejectRevision, ctx, { id, feedback: body.feedback });
  }

  @Audited(AUDIT.ideaApproved)
  @Post('ideas/:id/approve')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({
    summary: 'Approve an idea: it becomes public and may be declared by submissions',
    description:
      'The idea becomes public in the ideas list, and submissions may then declare that they deliver it. An ' +
      'idea already decided answers 409.',
  })
  @ApiOkResponse({ type: IdeaEnvelopeDto })
  @ApiErrors(MISSING, DECIDED)
  approveIdea(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string, @Body() body: FeedbackDto) {
    return this.bus.request(CatalogRpc.approveIdea, ctx, { id, feedback: body.feedback });
  }

  @Audited(AUDIT.ideaRejected)
  @Post('ideas/:id/reject')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({
    summary: 'Reject an idea',
    description:
      'Refuses the idea: it does not become public, and submissions cannot declare it. An idea already ' +
      'decided answers 409.',
  })
  @ApiOkResponse({ type: IdeaEnvelopeDto })
  @ApiErrors(MISSING, DECIDED)
  rejectIdea(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string, @Body() body: FeedbackDto) {
    return this.bus.request(CatalogRpc.rejectIdea, ctx, { id, feedback: body.feedback });
  }

  @Audited(AUDIT.reviewerDesignated)
  @Post('policies/:id/reviewers')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({
    summary:
      'Designate a reviewer of this policy: GET /policies/{id}/reviewers/me then answers true for them',
    description:
      'Makes a user a reviewer of one policy, in addition to the administrators: GET ' +
      '/policies/{id}/reviewers/me then answers true for them.',
  })
  @ApiOkResponse({ type: OkDto })
  @ApiErrors([400, 'userId is not a UUID'], [404, 'No such policy or user'])
  designateReviewer(
    @Ctx() ctx: RequestContext,
    @Param('id', uuid) id: string,
    @Body() body: DesignateReviewerDto,
  ) {
    return this.bus.request(CatalogRpc.designateReviewer, ctx, { policyId: id, userId: body.userId });
  }

  @Audited(AUDIT.reviewerRemoved)
  @Delete('policies/:id/reviewers/:userId')
  @AdminOnly()
  @ApiOperation({
    summary: 'Remove a designated reviewer of this policy',
    description: 'The user is no longer a reviewer of this policy. A user who is not one answers 404.',
  })
  @ApiOkResponse({ type: OkDto })
  @ApiErrors([404, 'No such policy, or the user is not a designated reviewer of it'])
  removeReviewer(
    @Ctx() ctx: RequestContext,
    @Param('id', uuid) id: string,
    @Param('userId', uuid) userId: string,
  ) {
    return this.bus.request(CatalogRpc.removeReviewer, ctx, { policyId: id, userId });
  }

  @Audited(AUDIT.vendorIndexReloaded)
  @Post('vendor-index/reload')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({
    summary: 'Reload the vendor index from its folder without a restart',
    description:
      'Reads the `vendor` index folder again and replaces the vendor policies and rulesets it lists, ' +
      'without restarting the services.',
  })
  @ApiOkResponse({ type: VendorIndexReloadDto })
  async reloadVendorIndex(@Ctx() ctx: RequestContext) {
    // Vendor policies are the catalog's, vendor rulesets the rulesets service's: both reload.
    const [policies, rulesets] = await Promise.all([
      this.bus.request(CatalogRpc.reloadVendorIndex, ctx, {}),
      this.bus.request(RulesetsRpc.reloadVendorIndex, ctx, {}),
    ]);
    return {
      policies: policies.policies,
      rulesets: rulesets.rulesets,
      errors: [...policies.errors, ...rulesets.errors],
    };
  }
}
