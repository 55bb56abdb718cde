import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type CreateTokenRequest, type Envelope, IdentityRpc, type RevokeTokenRequest } from '@pc/contracts';
import { TokensService } from './tokens.service';

@Controller()
export class TokensHandler {
  constructor(private readonly tokens: TokensService) {}

  @MessagePattern(IdentityRpc.listTokens.pattern)
  list(@Payload() { ctx }: Envelope<Record<string, never>>) {
    return this.tokens.list(ctx);
  }

  @MessagePattern(IdentityRpc.createToken.pattern)
  create(@Payload() { ctx, data }: Envelope<CreateTokenRequest>) {
    return this.tokens.create(ctx, data);
  }

  @MessagePattern(IdentityRpc.revokeToken.pattern)
  revoke(@Payload() { ctx, data }: Envelope<RevokeTokenRequest>) {
    return this.tokens.revoke(ctx, data.id);
  }
}
