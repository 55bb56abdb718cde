import { Controller } from '@nestjs/common';
import { type CreateTokenRequest, type Envelope, IdentityRpc, type RevokeTokenRequest } from '@pc/contracts';
import { Handles } from '@pc/platform';
import { TokensService } from './tokens.service';

@Controller()
export class TokensHandler {
  constructor(private readonly tokens: TokensService) {}

  @Handles(IdentityRpc.listTokens)
  list({ ctx }: Envelope<Record<string, never>>) {
    return this.tokens.list(ctx);
  }

  @Handles(IdentityRpc.createToken)
  create({ ctx, data }: Envelope<CreateTokenRequest>) {
    return this.tokens.create(ctx, data);
  }

  @Handles(IdentityRpc.revokeToken)
  revoke({ ctx, data }: Envelope<RevokeTokenRequest>) {
    return this.tokens.revoke(ctx, data.id);
  }
}
