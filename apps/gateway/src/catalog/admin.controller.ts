import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CatalogRpc, type RequestContext } from '@pc/contracts';
import { BusClient } from '@pc/platform';
import { AdminOnly, ApiErrors, Ctx } from '../auth/auth.decorators';
import { FeedbackDto, RejectDto } from './catalog.dto';

const uuid = new ParseUUIDPipe();
const DECIDED: [number, string] = [409, 'Already decided'];
const MISSING: [number, string] = [404, 'No such item'];

@ApiTags('admin')
@Controller('admin')
export class AdminController {
  constructor(private readonly bus: BusClient) {}

  @Get('queue')
  @AdminOnly()
  @ApiOperation({
    summary: 'Everything waiting for review: policy submissions, revisions, ruleset submissions, ideas',
  })
  queue(@Ctx() ctx: RequestContext) {
    return this.bus.request(CatalogRpc.reviewQueue, ctx, {});
  }

  @Post('submissions/:id/approve')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({ summary: 'Publish the policy: staged docs copied, overview seeded from the description' })
  @ApiErrors(MISSING, DECIDED)
  approve(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string, @Body() body: FeedbackDto) {
    return this.bus.request(CatalogRpc.approveSubmission, ctx, { id, feedback: body.feedback });
  }

  @Post('submissions/:id/reject')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({ summary: 'Send the submission back with feedback; the owner may resubmit' })
  @ApiErrors([400, 'feedback is required'], MISSING, DECIDED)
  reject(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string, @Body() body: RejectDto) {
    return this.bus.request(CatalogRpc.rejectSubmission, ctx, { id, feedback: body.feedback });
  }

  @Post('revisions/:id/approve')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({ summary: 'Make the proposed value live' })
  @ApiErrors(MISSING, DECIDED)
  approveRevision(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string, @Body() body: FeedbackDto) {
    return this.bus.request(CatalogRpc.approveRevision, ctx, { id, feedback: body.feedback });
  }

  @Post('revisions/:id/reject')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({ summary: 'Refuse the proposed value, with feedback' })
  @ApiErrors([400, 'feedback is required'], MISSING, DECIDED)
  rejectRevision(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string, @Body() body: RejectDto) {
    return this.bus.request(CatalogRpc.rejectRevision, ctx, { id, feedback: body.feedback });
  }

  @Post('ideas/:id/approve')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({ summary: 'Approve an idea: it becomes public and may be declared by submissions' })
  @ApiErrors(MISSING, DECIDED)
  approveIdea(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string, @Body() body: FeedbackDto) {
    return this.bus.request(CatalogRpc.approveIdea, ctx, { id, feedback: body.feedback });
  }

  @Post('ideas/:id/reject')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({ summary: 'Reject an idea' })
  @ApiErrors(MISSING, DECIDED)
  rejectIdea(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string, @Body() body: FeedbackDto) {
    return this.bus.request(CatalogRpc.rejectIdea, ctx, { id, feedback: body.feedback });
  }

  @Post('vendor-index/reload')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({ summary: 'Reload the vendor index from its folder without a restart' })
  reloadVendorIndex(@Ctx() ctx: RequestContext) {
    return this.bus.request(CatalogRpc.reloadVendorIndex, ctx, {});
  }
}
