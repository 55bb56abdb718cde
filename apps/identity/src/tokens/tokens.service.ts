import { Inject, Injectable } from '@nestjs/common';
import {
  type CreateTokenRequest,
  type CreateTokenResult,
  IdentityEvents,
  isUser,
  type RequestContext,
  type RevokeTokenResult,
  type TokenRecord,
  type UserCaller,
} from '@pc/contracts';
import {
  BusClient,
  DomainError,
  displayPrefix,
  generateAccessToken,
  hashSecret,
  notFound,
  unauthenticated,
  unprocessable,
} from '@pc/platform';
import { IdentityEnv } from '../identity.env';
import { toTokenRecord } from './token.mapper';
import { TokensRepository } from './tokens.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

@Injectable()
export class TokensService {
  constructor(
    private readonly tokens: TokensRepository,
    private readonly bus: BusClient,
    @Inject(IdentityEnv) private readonly env: IdentityEnv,
  ) {}

  async list(ctx: RequestContext): Promise<{ tokens: TokenRecord[] }> {
    const caller = requireUser(ctx);
    return { tokens: (await this.tokens.listForUser(caller.userId)).map(toTokenRecord) };
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
    if ((await this.tokens.countActive(caller.userId)) >= this.env.MAX_ACTIVE_TOKENS_PER_USER) {
      throw unprocessable(
        `You have ${this.env.MAX_ACTIVE_TOKENS_PER_USER} active tokens, the most allowed: revoke one first`,
      );
    }
    const token = generateAccessToken();
    const record = await this.tokens.insert({
      userId: caller.userId,
      name: request.name.trim(),
      tokenHash: hashSecret(token),
      tokenPrefix: displayPrefix(token),
      scopes: [...new Set(request.scopes)].sort(),
      expiresAt:
        request.expiresInDays === null ? null : new Date(Date.now() + request.expiresInDays * DAY_MS),
    });
    return { token, record: toTokenRecord(record) };
  }

  /** Immediate and irreversible: every gateway replica drops its cached look-up at once. */
  async revoke(ctx: RequestContext, id: string): Promise<RevokeTokenResult> {
    const caller = requireUser(ctx);
    const record = await this.tokens.revoke(caller.userId, id);
    if (!record) throw notFound('Token');
    await this.bus.emit(IdentityEvents.tokenRevoked, ctx, {
      tokenId: record.id,
      tokenHash: record.tokenHash,
      userId: caller.userId,
    });
    return { ok: true, record: toTokenRecord(record) };
  }
}

function requireUser(ctx: RequestContext): UserCaller {
  if (!isUser(ctx.caller)) throw unauthenticated();
  return ctx.caller;
}
