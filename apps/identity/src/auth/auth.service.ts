import { randomBytes } from 'node:crypto';
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
import { BusClient, Database, DomainError, type Executor, hashSecret, unauthenticated } from '@pc/platform';
import { IdentityEnv } from '../identity.env';
import { TokensService } from '../tokens';
import {
  DUMMY_PASSWORD_HASH,
  hashPassword,
  isUniqueViolation,
  toUserProfile,
  type UserRow,
  UsersService,
  verifyPassword,
} from '../users';
import { SessionsRepository } from './sessions.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

@Injectable()
export class AuthService {
  constructor(
    private readonly db: Database,
    private readonly users: UsersService,
    private readonly sessions: SessionsRepository,
    private readonly tokens: TokensService,
    private readonly bus: BusClient,
    @Inject(IdentityEnv) private readonly env: IdentityEnv,
  ) {}

  /** The account and its first session are written together, or not at all. */
  async signup(request: SignupRequest): Promise<SessionResult> {
    const passwordHash = await hashPassword(request.password);
    try {
      return await this.db.transaction(async (tx) => {
        const user = await this.users.createAccount(tx, {
          email: request.email.trim().toLowerCase(),
          password_hash: passwordHash,
          name: request.name.trim(),
        });
        return this.openSession(user, tx);
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new DomainError('IDENTITY.EMAIL_TAKEN', 'An account with that email exists', [
          { field: 'email', message: 'is already registered' },
        ]);
      }
      throw error;
    }
  }

  /** Wrong email and wrong password look the same, and take the same time. */
  async login(request: LoginRequest): Promise<SessionResult> {
    const user = await this.users.accountByEmail(request.email);
    const valid = await verifyPassword(request.password, user?.password_hash ?? DUMMY_PASSWORD_HASH);
    if (!user || !valid) throw new DomainError('IDENTITY.INVALID_CREDENTIALS', 'Invalid email or password');
    return this.openSession(user);
  }

  async logout(ctx: RequestContext, sessionHash: string): Promise<{ ok: true }> {
    await this.sessions.deleteByHash(this.db.pool, sessionHash);
    await this.bus.emit(IdentityEvents.sessionEnded, ctx, { sessionHash });
    return { ok: true };
  }

  /** Turns a session cookie or a bearer token into a caller; anything else is 401. */
  async authenticate(request: AuthenticateRequest): Promise<AuthenticateResult> {
    if (request.tokenHash !== undefined) return this.authenticateToken(request.tokenHash);
    if (request.sessionHash !== undefined) return this.authenticateSession(request.sessionHash);
    return { caller: ANONYMOUS, expiresAt: null };
  }

  private async authenticateToken(tokenHash: string): Promise<AuthenticateResult> {
    const record = await this.tokens.usable(tokenHash);
    if (!record) throw invalidToken();
    const user = await this.users.account(record.user_id);
    if (!user) throw invalidToken();
    await this.tokens.touch(record.id);
    return {
      caller: {
        kind: 'user',
        userId: user.id,
        isAdmin: user.is_admin,
        scopes: record.scopes,
        via: 'token',
        tokenId: record.id,
      },
      expiresAt: record.expires_at?.toISOString() ?? null,
    };
  }

  private async authenticateSession(sessionHash: string): Promise<AuthenticateResult> {
    const session = await this.sessions.findLive(this.db.pool, sessionHash);
    if (!session) throw unauthenticated('Your session has ended; sign in again');
    const user = await this.users.account(session.user_id);
    if (!user) throw unauthenticated('Your session has ended; sign in again');
    return {
      caller: {
        kind: 'user',
        userId: user.id,
        isAdmin: user.is_admin,
        scopes: ['api:read', 'api:write'],
        via: 'session',
      },
      expiresAt: session.expires_at.toISOString(),
    };
  }

  private async openSession(user: UserRow, db: Executor = this.db.pool): Promise<SessionResult> {
    const sessionToken = `pcs_${randomBytes(32).toString('base64url')}`;
    const expiresAt = new Date(Date.now() + this.env.SESSION_TTL_DAYS * DAY_MS);
    await this.sessions.create(db, user.id, hashSecret(sessionToken), expiresAt);
    return { user: toUserProfile(user), sessionToken, expiresAt: expiresAt.toISOString() };
  }
}

function invalidToken(): DomainError {
  return new DomainError('IDENTITY.TOKEN_INVALID', 'The access token is invalid, expired or revoked');
}
