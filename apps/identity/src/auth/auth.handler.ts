import { Controller } from '@nestjs/common';
import {
  type AuthenticateRequest,
  type Envelope,
  IdentityRpc,
  type LoginRequest,
  type LogoutRequest,
  type SignupRequest,
} from '@pc/contracts';
import { Handles } from '@pc/platform';
import { AuthService } from './auth.service';

@Controller()
export class AuthHandler {
  constructor(private readonly auth: AuthService) {}

  @Handles(IdentityRpc.signup)
  signup({ data }: Envelope<SignupRequest>) {
    return this.auth.signup(data);
  }

  @Handles(IdentityRpc.login)
  login({ data }: Envelope<LoginRequest>) {
    return this.auth.login(data);
  }

  @Handles(IdentityRpc.logout)
  logout({ ctx, data }: Envelope<LogoutRequest>) {
    return this.auth.logout(ctx, data.sessionHash);
  }

  @Handles(IdentityRpc.authenticate)
  authenticate({ data }: Envelope<AuthenticateRequest>) {
    return this.auth.authenticate(data);
  }
}
