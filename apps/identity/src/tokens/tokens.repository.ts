import { Inject, Injectable } from '@nestjs/common';
import type { Scope } from '@pc/contracts';
import { DataSource } from 'typeorm';

/** A row of `identity.access_tokens`: a personal access token; only the secret's SHA-256 is stored. */
export interface AccessTokenRow {
  id: string;
  user_id: string;
  name: string;
  token_hash: string;
  token_prefix: string;
  scopes: Scope[];
  expires_at: Date | null;
  last_used_at: Date | null;
  revoked_at: Date | null;
  created_at: Date;
}

export type NewAccessToken = Pick<
  AccessTokenRow,
  'user_id' | 'name' | 'token_hash' | 'token_prefix' | 'scopes' | 'expires_at'
>;

const ACTIVE = `revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())`;

@Injectable()
export class TokensRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** Newest first; revoked and expired records stay listed, up to the most recent 500. */
  listForUser(userId: string): Promise<AccessTokenRow[]> {
    return this.dataSource.query<AccessTokenRow[]>(
      `SELECT * FROM identity.access_tokens WHERE user_id = $1 ORDER BY created_at DESC, id LIMIT 500`,
      [userId],
    );
  }

  /**
   * Inserts the token unless its owner already holds `cap` active ones (then null). The owner's row is
   * locked for the count and the insert, so concurrent creations cannot exceed the cap together.
   */
  insertWithinCap(token: NewAccessToken, cap: number): Promise<AccessTokenRow | null> {
    return this.dataSource.transaction(async (db) => {
      await db.query(`SELECT 1 FROM identity.users WHERE id = $1 FOR UPDATE`, [token.user_id]);
      const [{ active }] = await db.query<Array<{ active: number }>>(
        `SELECT count(*)::int AS active FROM identity.access_tokens WHERE user_id = $1 AND ${ACTIVE}`,
        [token.user_id],
      );
      if (active >= cap) return null;
      const rows = await db.query<AccessTokenRow[]>(
        `INSERT INTO identity.access_tokens (user_id, name, token_hash, token_prefix, scopes, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
        [token.user_id, token.name, token.token_hash, token.token_prefix, token.scopes, token.expires_at],
      );
      return rows[0];
    });
  }

  async findOwned(userId: string, id: string): Promise<AccessTokenRow | null> {
    const rows = await this.dataSource.query<AccessTokenRow[]>(
      `SELECT * FROM identity.access_tokens WHERE id = $1 AND user_id = $2`,
      [id, userId],
    );
    return rows[0] ?? null;
  }

  /** Neither revoked nor expired. */
  async findUsable(tokenHash: string): Promise<AccessTokenRow | null> {
    const rows = await this.dataSource.query<AccessTokenRow[]>(
      `SELECT * FROM identity.access_tokens WHERE token_hash = $1 AND ${ACTIVE}`,
      [tokenHash],
    );
    return rows[0] ?? null;
  }

  /** Records use, at most once a minute per token, so that hot tokens do not write on every call. */
  async touch(id: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE identity.access_tokens SET last_used_at = now()
        WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
      [id],
    );
  }

  /** Sets `revoked_at` once; returns the row as it is afterwards (null: not the caller's token). */
  async revoke(userId: string, id: string): Promise<AccessTokenRow | null> {
    await this.dataSource.query(
      `UPDATE identity.access_tokens SET revoked_at = now() WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL`,
      [id, userId],
    );
    return this.findOwned(userId, id);
  }
}
