import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CatalogRpc, type RequestContext, COMMENTS_LIMIT } from '@pc/contracts';
import { BusClient } from '@pc/platform';
import { ApiErrors, Authenticated, Ctx, OptionalAuth } from '../auth/auth.decorators';
import { flatListPagingDescription, OkDto } from '../http/common.dto';
import {
  CommentEditDto,
  CommentEnvelopeDto,
  CommentInputDto,
  CommentListDto,
  CommentsQuery,
  DeleteCommentQuery,
} from './comments.dto';
import { uuid } from '../http/uuid-param';

@ApiTags('comments')
@Controller()
export class CommentsController {
  constructor(private readonly bus: BusClient) {}

  @Get('policies/:id/comments')
  @OptionalAuth()
  @ApiOperation({
    summary: 'Comments of a policy, flat, oldest first (parentId links a reply to its comment)',
    description: flatListPagingDescription(COMMENTS_LIMIT),
  })
  @ApiOkResponse({ type: CommentListDto })
  @ApiErrors([400, 'A query parameter or the cursor is invalid'], [404, 'No such policy, or not visible'])
  list(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string, @Query() query: CommentsQuery) {
    return this.bus.request(CatalogRpc.listComments, ctx, { id, ...query });
  }

  @Post('policies/:id/comments')
  @Authenticated()
  @ApiOperation({
    summary: 'Comment on a published policy, or reply to a top-level comment',
    description:
      'A top-level comment, or with `parentId` a reply to a top-level comment (a reply to a reply is a ' +
      '422). Only published policies take comments. The number of comments per user per day is limited (429 ' +
      'with Retry-After).',
  })
  @ApiCreatedResponse({ type: CommentEnvelopeDto })
  @ApiErrors(
    [404, 'Policy or parent not found or not published'],
    [422, 'Invalid body (empty, or too long), a reply to a reply, or a parent of another policy'],
    [429, 'Daily comment quota reached (Retry-After says when to try again)'],
  )
  create(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string, @Body() body: CommentInputDto) {
    return this.bus.request(CatalogRpc.createComment, ctx, { policyId: id, ...body });
  }

  @Patch('comments/:id')
  @Authenticated()
  @ApiOperation({
    summary: 'Edit a comment (author or administrator); an unchanged body is a no-op',
    description:
      "Replaces the comment's body and records the edit time; an identical body changes nothing. The author " +
      'and administrators may edit; a deleted comment cannot be edited (409).',
  })
  @ApiOkResponse({ type: CommentEnvelopeDto })
  @ApiErrors(
    [403, 'Neither author nor administrator'],
    [404, 'No such comment'],
    [409, 'The comment was deleted'],
    [422, 'Invalid comment body: empty, or longer than 10000 characters once trimmed'],
  )
  edit(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string, @Body() body: CommentEditDto) {
    return this.bus.request(CatalogRpc.updateComment, ctx, { id, body: body.body });
  }

  @Delete('comments/:id')
  @Authenticated()
  @ApiOperation({
    summary: 'Soft-delete (author), or with hard=true remove it and its replies (administrator)',
    description:
      'By default a soft delete: the comment stays in its thread as deleted, its replies are kept. An ' +
      'administrator may pass `hard=true` to remove it and its replies for good.',
  })
  @ApiOkResponse({ type: OkDto })
  @ApiErrors(
    [403, 'Neither author nor administrator, or hard delete by a non-administrator'],
    [404, 'No such comment'],
  )
  remove(
    @Ctx() ctx: RequestContext,
    @Param('id', uuid) id: string,
    @Query() query: DeleteCommentQuery,
  ): Promise<OkDto> {
    return this.bus.request(CatalogRpc.deleteComment, ctx, { id, hard: query.hard });
  }
}
