import { Controller, Get, Param } from '@nestjs/common';
import { ApiExtension, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { DeploymentsRpc, type RequestContext } from '@pc/contracts';
import { BusClient } from '@pc/platform';
import { ApiErrors, Ctx, OptionalAuth } from '../auth/auth.decorators';
import { AdoptionEnvelopeDto } from './deployments.dto';
import { BAD_ID, uuid } from '../http/uuid-param';

const EXTENSION = ApiExtension('x-extension', {
  reason: 'Adoption per version from the deployments ledger, for the item pages (not in the spec)',
});
const DESCRIPTION =
  'Counts only: per version, the organizations whose last change of the item (as the deployments ledger ' +
  'knows it) left that release running; the most adopted first. For anyone who may see the item.';

@ApiTags('deployments')
@Controller()
export class AdoptionController {
  constructor(private readonly bus: BusClient) {}

  @Get('policies/:id/adoption')
  @OptionalAuth()
  @EXTENSION
  @ApiOperation({
    summary: 'Which versions of a policy run in how many organizations',
    description: DESCRIPTION,
  })
  @ApiOkResponse({ type: AdoptionEnvelopeDto })
  @ApiErrors(BAD_ID, [404, 'No such policy, or not visible to the caller'])
  policy(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.bus.request(DeploymentsRpc.adoption, ctx, { assetType: 'policy', id });
  }

  @Get('rulesets/:id/adoption')
  @OptionalAuth()
  @EXTENSION
  @ApiOperation({
    summary: 'Which versions of a ruleset run in how many organizations',
    description: DESCRIPTION,
  })
  @ApiOkResponse({ type: AdoptionEnvelopeDto })
  @ApiErrors(BAD_ID, [404, 'No such ruleset, or not visible to the caller'])
  ruleset(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.bus.request(DeploymentsRpc.adoption, ctx, { assetType: 'ruleset', id });
  }
}
