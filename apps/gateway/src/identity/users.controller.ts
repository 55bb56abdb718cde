import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { IdentityRpc, type RequestContext } from '@pc/contracts';
import { BusClient } from '@pc/platform';
import { ApiErrors, Ctx, OptionalAuth } from '../auth/auth.decorators';
import { PublicProfileEnvelopeDto, UsernameParams } from './users.dto';

@ApiTags('account')
@Controller('users')
export class UsersController {
  constructor(private readonly bus: BusClient) {}

  @Get(':username')
  @OptionalAuth()
  @ApiOperation({
    summary: 'Public profile: name, company and username always; bio and links when public',
    description:
      'Anyone may read it. Name, company and username are always shown; bio and links only when the user ' +
      'made the profile public.',
  })
  @ApiOkResponse({ type: PublicProfileEnvelopeDto })
  @ApiErrors([400, 'The username is malformed (details says how)'], [404, 'No user with that username'])
  get(@Ctx() ctx: RequestContext, @Param() params: UsernameParams) {
    return this.bus.request(IdentityRpc.getPublicProfile, ctx, { username: params.username });
  }
}
