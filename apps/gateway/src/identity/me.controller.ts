import { Body, Controller, Get, Patch } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { IdentityRpc, type RequestContext } from '@pc/contracts';
import { BusClient } from '@pc/platform';
import { ApiErrors, Authenticated, Ctx } from '../auth/auth.decorators';
import { UpdateMeDto, UserEnvelopeDto } from './me.dto';
import { AUDIT, Audited } from '../audit/audited';

@ApiTags('account')
@Controller('me')
export class MeController {
  constructor(private readonly bus: BusClient) {}

  @Get()
  @Authenticated()
  @ApiOperation({
    summary: "The caller's profile",
    description:
      "The signed-in user's own profile, whatever its visibility: name, email, company, username, bio, " +
      'links, whether it is public, and whether the caller is an administrator (`is_admin`).',
  })
  @ApiOkResponse({ type: UserEnvelopeDto })
  get(@Ctx() ctx: RequestContext) {
    return this.bus.request(IdentityRpc.getMe, ctx, {});
  }

  @Audited(AUDIT.profileUpdated)
  @Patch()
  @Authenticated()
  @ApiOperation({
    summary: "Update the caller's profile; omitted fields stay as they are",
    description:
      'Changes only the fields sent; `null` (or an empty string for a link) clears an optional field. The ' +
      'username is unique across users and stored lower-cased (409 when taken). Links must be https URLs on ' +
      'the named host.',
  })
  @ApiOkResponse({ type: UserEnvelopeDto })
  @ApiErrors([400, 'A field is invalid (details lists each)'], [409, 'The username is taken'])
  update(@Ctx() ctx: RequestContext, @Body() body: UpdateMeDto) {
    return this.bus.request(IdentityRpc.updateMe, ctx, body);
  }
}
