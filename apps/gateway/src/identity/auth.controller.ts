import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags, ApiCreatedResponse } from '@nestjs/swagger';
import type { RequestContext } from '@pc/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiErrors, Ctx, Public } from '../auth/auth.decorators';
import { RateLimited } from '../http/rate-limit';
import { SessionService } from './session.service';
import { OkDto } from '../http/common.dto';
import { LoginDto, SignupDto } from './auth.dto';
import { UserEnvelopeDto } from './me.dto';
import { AUDIT, Audited } from '../audit/audited';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(private readonly sessions: SessionService) {}

  @Audited(AUDIT.signedUp)
  @Post('signup')
  @Public()
  @RateLimited('signup')
  @ApiOperation({
    summary: 'Create an account and sign in (sets the sb-access-token cookie)',
    description:
      'Creates the account and starts a browser session: the answer sets the `sb-access-token` cookie ' +
      '(HttpOnly) and returns the new user. Sign-ups are limited per client address per hour (429 with ' +
      "Retry-After). The email is the account's unique key: an existing one is a 409.",
  })
  @ApiCreatedResponse({ type: UserEnvelopeDto })
  @ApiErrors([400, 'Invalid email, password (min 8) or name'], [409, 'An account with that email exists'])
  signup(
    @Ctx() ctx: RequestContext,
    @Body() body: SignupDto,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.sessions.signup(ctx, body, req, reply);
  }

  @Audited(AUDIT.signedIn)
  @Post('login')
  @Public()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Sign in (sets the sb-access-token cookie)',
    description:
      'Checks the email and password and starts a browser session in the `sb-access-token` cookie. A wrong ' +
      'email and a wrong password get the same 401, so the answer does not tell whether an account exists; ' +
      'repeated failures for one email are throttled (429 with Retry-After).',
  })
  @ApiOkResponse({ type: UserEnvelopeDto })
  @ApiErrors(
    [400, 'Malformed request'],
    [401, 'Invalid email or password'],
    [429, 'Too many failed sign-ins for this email from this address, or for this account (Retry-After)'],
  )
  login(
    @Ctx() ctx: RequestContext,
    @Body() body: LoginDto,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.sessions.login(ctx, body, req, reply);
  }

  @Audited(AUDIT.signedOut)
  @Post('logout')
  @Public()
  @HttpCode(200)
  @ApiOperation({
    summary: 'End the browser session and clear its cookie',
    description:
      'Ends the session named by the `sb-access-token` cookie, if any, and clears the cookie. Needs no ' +
      'credentials and always answers 200, so a client can call it whatever state it is in.',
  })
  @ApiOkResponse({ type: OkDto })
  logout(
    @Ctx() ctx: RequestContext,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.sessions.logout(ctx, req, reply);
  }
}
