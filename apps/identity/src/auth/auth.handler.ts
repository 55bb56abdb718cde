import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  type AuthenticateRequest,
  type Envelope,
  IdentityRpc,
  type LoginRequest,
  type LogoutRequest,
  type SignupRequest,
} from '@pc/contracts';
import { AuthService } from './auth.service';

@Controller()
export class AuthHandler {
  constructor(private readonly auth: AuthService) {}

  @MessagePattern(IdentityRpc.signup.pattern)
  signup(@Payload() { data }: Envelope<SignupRequest>) {
    return this.auth.signup(data);
  }

  @MessagePattern(IdentityRpc.login.pattern)
  login(@Payload() { data }: Envelope<LoginRequest>) {
    return this.auth.login(data);
  }

  @MessagePattern(IdentityRpc.logout.pattern)
  logout(@Payload() { ctx, data }: Envelope<LogoutRequest>) {
    return this.auth.logout(ctx, data.sessionHash);
  }

  @MessagePattern(IdentityRpc.authenticate.pattern)
  authenticate(@Payload() { data }: Envelope<AuthenticateRequest>) {
    return this.auth.authenticate(data);
  }
}
