import { randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  ANONYMOUS,
  type AuthenticateRequest,
  type AuthenticateResult,
  IdentityEvents,
  type LoginRequest,
  type RequestContext,
  type SessionResult,
  type SignupRequest,
} from '@pc/contracts';
import { BusClient, DomainError, hashSecret, isWellFormedAccessToken, unauthenticated } from '@pc/platform';
import { IdentityEnv } from '../identity.env';
import { TokensRepository } from '../tokens/tokens.repository';
import { toUserProfile } from '../users/user.mapper';
import { UsersRepository } from '../users/users.repository';
import { isUniqueViolation } from '../users/users.service';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from './password';
import { SessionsRepository } from './sessions.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

@Injectable()
export class AuthService {
  constructor(
    private readonly users: UsersRepository,
    private readonly sessions: SessionsRepository,
    private readonly tokens: TokensRepository,
    private readonly bus: BusClient,
    @Inject(IdentityEnv) private readonly env: IdentityEnv,
  ) {}

  async signup(request: SignupRequest): Promise<SessionResult> {
    const user = this.users.create({
      email: request.email.trim().toLowerCase(),
      passwordHash: await hashPassword(request.password),
      name: request.name.trim(),
    });
    try {
      await this.users.save(user);
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new DomainError('IDENTITY.EMAIL_TAKEN', 'An account with that email exists', [
          { field: 'email', message: 'is already registered' },
        ]);
      }
      throw error;
    }
    return this.openSession(user.id);
  }

  /** Wrong email and wrong password look the same, and take the same time. */
  async login(request: LoginRequest): Promise<SessionResult> {
    const user = await this.users.findByEmail(request.email);
    const valid = await verifyPassword(request.password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
    if (!user || !valid) throw new DomainError('IDENTITY.INVALID_CREDENTIALS', 'Invalid email or password');
    return this.openSession(user.id);
  }

  async logout(ctx: RequestContext, sessionToken: string): Promise<{ ok: true }> {
    const sessionHash = hashSecret(sessionToken);
    await this.sessions.deleteByHash(sessionHash);
    await this.bus.emit(IdentityEvents.sessionEnded, ctx, { sessionHash });
    return { ok: true };
  }

  /** Turns a session cookie or a bearer token into a caller; anything else is 401. */
  async authenticate(request: AuthenticateRequest): Promise<AuthenticateResult> {
    if (request.bearerToken !== undefined) return this.authenticateToken(request.bearerToken);
    if (request.sessionToken !== undefined) return this.authenticateSession(request.sessionToken);
    return { caller: ANONYMOUS, expiresAt: null };
  }

  private async authenticateToken(token: string): Promise<AuthenticateResult> {
    if (!isWellFormedAccessToken(token)) throw invalidToken();
    const record = await this.tokens.findUsable(hashSecret(token));
    if (!record) throw invalidToken();
    const user = await this.users.findById(record.userId);
    if (!user) throw invalidToken();
    await this.tokens.touch(record.id);
    return {
      caller: {
        kind: 'user',
        userId: user.id,
        isAdmin: user.isAdmin,
        scopes: record.scopes,
        via: 'token',
        tokenId: record.id,
      },
      expiresAt: record.expiresAt?.toISOString() ?? null,
    };
  }

  private async authenticateSession(sessionToken: string): Promise<AuthenticateResult> {
    const session = await this.sessions.findLive(hashSecret(sessionToken));
    if (!session) throw unauthenticated('Your session has ended; sign in again');
    const user = await this.users.findById(session.userId);
    if (!user) throw unauthenticated('Your session has ended; sign in again');
    return {
      caller: {
        kind: 'user',
        userId: user.id,
        isAdmin: user.isAdmin,
        scopes: ['api:read', 'api:write'],
        via: 'session',
      },
      expiresAt: session.expiresAt.toISOString(),
    };
  }

  private async openSession(userId: string): Promise<SessionResult> {
    const sessionToken = `pcs_${randomBytes(32).toString('base64url')}`;
    const expiresAt = new Date(Date.now() + this.env.SESSION_TTL_DAYS * DAY_MS);
    await this.sessions.create(userId, hashSecret(sessionToken), expiresAt);
    const user = await this.users.findById(userId);
    if (!user) throw new DomainError('INTERNAL', `user ${userId} vanished (${randomUUID()})`);
    return { user: toUserProfile(user), sessionToken, expiresAt: expiresAt.toISOString() };
  }
}

function invalidToken(): DomainError {
  return new DomainError('IDENTITY.TOKEN_INVALID', 'The access token is invalid, expired or revoked');
}
