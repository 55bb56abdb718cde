import type { TokenRecord } from '@pc/contracts';
import type { AccessTokenEntity } from './access-token.entity';

export function toTokenRecord(token: AccessTokenEntity): TokenRecord {
  return {
    id: token.id,
    name: token.name,
    token_prefix: token.tokenPrefix,
    scopes: token.scopes,
    expires_at: token.expiresAt?.toISOString() ?? null,
    last_used_at: token.lastUsedAt?.toISOString() ?? null,
    revoked_at: token.revokedAt?.toISOString() ?? null,
    created_at: token.createdAt.toISOString(),
  };
}
