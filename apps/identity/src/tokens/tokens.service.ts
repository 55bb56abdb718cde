import { Inject, Injectable } from '@nestjs/common';
import {
  type CreateTokenRequest,
  type CreateTokenResult,
  IdentityEvents,
  type RequestContext,
  type RevokeTokenResult,
  type TokenRecord,
} from '@pc/contracts';
import {
  BusClient,
  Database,
  DomainError,
  displayPrefix,
  generateAccessToken,
  hashSecret,
  notFound,
  requireUser,
} from '@pc/platform';
import { IdentityEnv } from '../identity.env';
import { toTokenRecord } from './token.mapper';
import { type AccessTokenRow, TokensRepository } from './tokens.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

@Injectable()
export class TokensService {
  constructor(
    private readonly db: Database,
    private readonly tokens: TokensRepository,
    private readonly bus: BusClient,
    @Inject(IdentityEnv) private readonly env: IdentityEnv,
  ) {}

  async list(ctx: RequestContext): Promise<{ tokens: TokenRecord[] }> {
    const caller = requireUser(ctx);
    return { tokens: (await this.tokens.listForUser(this.db.pool, caller.userId)).map(toTokenRecord) };
  }

  /** Only a signed-in browser session may create a token: a token cannot mint another. */
  async create(ctx: RequestContext, request: CreateTokenRequest): Promise<CreateTokenResult> {
    const caller = requireUser(ctx);
    if (caller.via !== 'session') {
      throw new DomainError(
        'IDENTITY.TOKEN_NOT_ALLOWED',
        'A token cannot create a token: sign in with a browser session',
      );
    }
    const token = generateAccessToken();
    const cap = this.env.MAX_ACTIVE_TOKENS_PER_USER;
    // The owner's row is locked for the count and the insert: concurrent creations cannot pass the cap.
    const record = await this.db.transaction(async (tx) => {
      await this.tokens.lockOwner(tx, caller.userId);
      if ((await this.tokens.countActive(tx, caller.userId)) >= cap) return null;
      return this.tokens.insert(tx, {
        user_id: caller.userId,
        name: request.name.trim(),
        token_hash: hashSecret(token),
        token_prefix: displayPrefix(token),
        scopes: [...new Set(request.scopes)].sort(),
        expires_at:
          request.expiresInDays === null ? null : new Date(Date.now() + request.expiresInDays * DAY_MS),
      });
    });
    if (!record)
      throw new DomainError(
        'IDENTITY.TOKEN_LIMIT',
        `You have ${cap} active tokens, the most allowed: revoke one first`,
      );
    return { token, record: toTokenRecord(record) };
  }

  /** Immediate and irreversible: every gateway replica drops its cached look-up at once. */
  async revoke(ctx: RequestContext, id: string): Promise<RevokeTokenResult> {
    const caller = requireUser(ctx);
    const record = await this.tokens.revoke(this.db.pool, caller.userId, id);
    if (!record) throw notFound('Token');
    await this.bus.emit(IdentityEvents.tokenRevoked, ctx, {
      tokenId: record.id,
      tokenHash: record.token_hash,
      userId: caller.userId,
    });
    return { ok: true, record: toTokenRecord(record) };
  }

  // For the auth feature, which turns a bearer token into a caller.

  /** The token with that hash, unless it is revoked or expired. */
  usable(tokenHash: string): Promise<AccessTokenRow | null> {
    return this.tokens.findUsable(this.db.pool, tokenHash);
  }

  /** Records the token's use (last_used_at). */
  touch(id: string): Promise<void> {
    return this.tokens.touch(this.db.pool, id);
  }
}
