import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  CatalogRpc,
  IdentityRpc,
  NOTIFICATIONS_PAGE,
  type RequestContext,
  TRANSFERS_LIMIT,
} from '@pc/contracts';
import { BusClient } from '@pc/platform';
import { flatListPagingDescription } from '../http/common.dto';
import { ApiErrors, Authenticated, Ctx } from '../auth/auth.decorators';
import { NotificationListDto, NotificationsQuery } from '../identity/notifications.dto';
import {
  AcceptedTransferDto,
  FeedbackDto,
  TransferEnvelopeDto,
  TransferListDto,
  TransfersQuery,
} from './transfers.dto';
import { AUDIT, Audited } from '../audit/audited';
import { uuid } from '../http/uuid-param';

const DECISION_ERRORS: Array<[number, string]> = [
  [403, 'The caller is not the party who may decide this'],
  [404, 'No such transfer of the caller'],
  [
    409,
    'Already decided (a ruleset offer whose ruleset already moved to the recipient counts as accepted), or ' +
      'expired, or cancelled because its ruleset was withdrawn or changed hands since the offer',
  ],
];

@ApiTags('transfers')
@Controller()
export class TransfersController {
  constructor(private readonly bus: BusClient) {}

  @Audited(AUDIT.transferAccepted)
  @Post('transfers/:id/accept')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({
    summary: 'Accept (recipient): ownership moves at once',
    description:
      'For the recipient: the policy, idea or ruleset becomes theirs at once. An offer that was already ' +
      'decided or has expired answers 409, as does the offer of a ruleset withdrawn meanwhile, or no longer ' +
      "the initiator's (it changed hands since the offer): the offer is then cancelled, its feedback saying " +
      'why, and nothing moves. An accept of a ruleset that timed out (504) may still move it: accepting ' +
      'again answers 200 once it moved (past the expiry too), and a cancel or reject then answers 409 ' +
      'saying it was already accepted.',
  })
  @ApiOkResponse({ type: AcceptedTransferDto })
  @ApiErrors(...DECISION_ERRORS)
  accept(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.bus.request(CatalogRpc.acceptTransfer, ctx, { id });
  }

  @Audited(AUDIT.transferRejected)
  @Post('transfers/:id/reject')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({
    summary: 'Reject (recipient), with optional feedback',
    description:
      'For the recipient: declines the offer, optionally with feedback for the initiator; ownership does ' +
      'not change. An offer that was already decided or has expired answers 409, as does the offer of a ' +
      'ruleset that already moved to the recipient (an accept that timed out): it is accepted instead.',
  })
  @ApiOkResponse({ type: TransferEnvelopeDto })
  @ApiErrors([400, 'feedback longer than 4000 characters'], ...DECISION_ERRORS)
  reject(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string, @Body() body: FeedbackDto) {
    return this.bus.request(CatalogRpc.rejectTransfer, ctx, { id, feedback: body.feedback });
  }

  @Audited(AUDIT.transferCancelled)
  @Post('transfers/:id/cancel')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({
    summary: 'Cancel (initiator)',
    description:
      'For the initiator: withdraws a pending offer before the recipient decides. An offer that was already ' +
      'decided or has expired answers 409, as does the offer of a ruleset that already moved to the ' +
      'recipient (an accept that timed out): it is accepted instead.',
  })
  @ApiOkResponse({ type: TransferEnvelopeDto })
  @ApiErrors(...DECISION_ERRORS)
  cancel(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.bus.request(CatalogRpc.cancelTransfer, ctx, { id });
  }

  @Get('me/transfers')
  @Authenticated()
  @ApiOperation({
    summary: "The caller's transfers, as recipient or initiator, newest first",
    description: flatListPagingDescription(TRANSFERS_LIMIT),
  })
  @ApiOkResponse({ type: TransferListDto })
  @ApiErrors([400, 'A query parameter or the cursor is invalid'])
  mine(@Ctx() ctx: RequestContext, @Query() query: TransfersQuery) {
    return this.bus.request(CatalogRpc.listMyTransfers, ctx, query);
  }

  @Get('me/notifications')
  @Authenticated()
  @ApiOperation({
    summary: "The caller's inbox (for example: an idea of theirs was delivered), newest first",
    description:
      'Notifications for the caller, newest first, such as an idea of theirs that a policy or ruleset ' +
      'delivered. ' +
      flatListPagingDescription(NOTIFICATIONS_PAGE),
  })
  @ApiOkResponse({ type: NotificationListDto })
  @ApiErrors([400, 'A query parameter or the cursor is invalid'])
  notifications(@Ctx() ctx: RequestContext, @Query() query: NotificationsQuery) {
    return this.bus.request(IdentityRpc.listNotifications, ctx, query);
  }
}
