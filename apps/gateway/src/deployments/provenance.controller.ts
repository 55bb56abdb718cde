import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { DeploymentsRpc, type RequestContext } from '@pc/contracts';
import { BusClient } from '@pc/platform';
import { Ctx, Public } from '../auth/auth.decorators';
import { ProvenanceKeysDto } from './deployments.dto';

@ApiTags('deployments')
@Controller('provenance')
export class ProvenanceController {
  constructor(private readonly bus: BusClient) {}

  @Get('keys')
  @Public()
  @ApiOperation({
    summary: 'The public keys that verify provenance attestations (extension: not in the spec)',
    description:
      'A JSON Web Key Set of Ed25519 keys (RFC 8037): every key of `PROVENANCE_SIGNING_KEYS`, the first of which ' +
      'signs new attestations, so attestations signed before a rotation still verify. Match an envelope ' +
      "signature's `keyid` with a key's `kid`.",
  })
  @ApiOkResponse({ type: ProvenanceKeysDto })
  keys(@Ctx() ctx: RequestContext) {
    return this.bus.request(DeploymentsRpc.provenanceKeys, ctx, {});
  }
}
