import { Body, Controller, Delete, Get, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { IdentityRpc, type RequestContext } from '@pc/contracts';
import { BusClient } from '@pc/platform';
import { ApiErrors, Authenticated, Ctx, SessionOnly } from '../auth/auth.decorators';
import { TokenRevocation } from './token-revocation';
import { CreatedTokenDto, CreateTokenDto, RevokedTokenDto, TokenListDto } from './tokens.dto';
import { AUDIT, Audited } from '../audit/audited';
import { BAD_ID, uuid } from '../http/uuid-param';

@ApiTags('tokens')
@Controller('tokens')
export class TokensController {
  constructor(
    private readonly bus: BusClient,
    private readonly tokens: TokenRevocation,
  ) {}

  @Get()
  @Authenticated()
  @ApiOperation({
    summary: "List the caller's personal access tokens (records only, never secrets)",
    description:
      'Every personal access token of the caller with its name, scopes, display prefix, expiry, last use ' +
      'and revocation time. The secret itself is never stored (only its SHA-256) and never returned.',
  })
  @ApiOkResponse({ type: TokenListDto })
  list(@Ctx() ctx: RequestContext) {
    return this.bus.request(IdentityRpc.listTokens, ctx, {});
  }

  @Audited(AUDIT.tokenCreated)
  @Post()
  @SessionOnly()
  @ApiOperation({
    summary: 'Create a personal access token; the secret is in this response only',
    description:
      'Only a signed-in browser session may create a token (a token cannot mint another). The answer ' +
      'carries the secret (`pcat_...`) once: store it then, it cannot be read again. The number of active ' +
      'tokens per user is bounded (MAX_ACTIVE_TOKENS_PER_USER).',
  })
  @ApiCreatedResponse({ type: CreatedTokenDto })
  @ApiErrors(
    [400, 'Invalid name, scopes or expiry'],
    [
      422,
      'The caller already has the most active tokens allowed (MAX_ACTIVE_TOKENS_PER_USER): revoke one first',
    ],
  )
  create(@Ctx() ctx: RequestContext, @Body() body: CreateTokenDto) {
    return this.bus.request(IdentityRpc.createToken, ctx, {
      ...body,
      expiresInDays: body.expiresInDays ?? null,
    });
  }

  @Audited(AUDIT.tokenRevoked)
  @Delete(':id')
  @Authenticated()
  @ApiOperation({
    summary: 'Revoke a token: immediate and irreversible',
    description:
      "The token stops working at once; revoking is not undone. Only the caller's own tokens can be revoked " +
      "(another user's id answers 404).",
  })
  @ApiOkResponse({ type: RevokedTokenDto })
  @ApiErrors(BAD_ID, [404, 'No such token of the caller'])
  revoke(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.tokens.revoke(ctx, id);
  }
}
