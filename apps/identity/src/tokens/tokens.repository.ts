import { Injectable } from '@nestjs/common';
import type { Scope } from '@pc/contracts';
import type { Executor } from '@pc/platform';

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
  /** Newest first; revoked and expired records stay listed, up to the most recent 500. */
  listForUser(db: Executor, userId: string): Promise<AccessTokenRow[]> {
    return db.query<AccessTokenRow[]>(
      `SELECT * FROM identity.access_tokens WHERE user_id = $1 ORDER BY created_at DESC, id LIMIT 500`,
      [userId],
    );
  }

  /** Locks the owner's row: concurrent creations count and insert one after the other. */
  async lockOwner(db: Executor, userId: string): Promise<void> {
    await db.query(`SELECT 1 FROM identity.users WHERE id = $1 FOR UPDATE`, [userId]);
  }

  async countActive(db: Executor, userId: string): Promise<number> {
    const [{ active }] = await db.query<Array<{ active: number }>>(
      `SELECT count(*)::int AS active FROM identity.access_tokens WHERE user_id = $1 AND ${ACTIVE}`,
      [userId],
    );
    return active;
  }

  async insert(db: Executor, token: NewAccessToken): Promise<AccessTokenRow> {
    const rows = await db.query<AccessTokenRow[]>(
      `INSERT INTO identity.access_tokens (user_id, name, token_hash, token_prefix, scopes, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
      [token.user_id, token.name, token.token_hash, token.token_prefix, token.scopes, token.expires_at],
    );
    return rows[0];
  }

  async findOwned(db: Executor, userId: string, id: string): Promise<AccessTokenRow | null> {
    const rows = await db.query<AccessTokenRow[]>(
      `SELECT * FROM identity.access_tokens WHERE id = $1 AND user_id = $2`,
      [id, userId],
    );
    return rows[0] ?? null;
  }

  /** Neither revoked nor expired. */
  async findUsable(db: Executor, tokenHash: string): Promise<AccessTokenRow | null> {
    const rows = await db.query<AccessTokenRow[]>(
      `SELECT * FROM identity.access_tokens WHERE token_hash = $1 AND ${ACTIVE}`,
      [tokenHash],
    );
    return rows[0] ?? null;
  }

  /** Records use, at most once a minute per token, so that hot tokens do not write on every call. */
  async touch(db: Executor, id: string): Promise<void> {
    await db.query(
      `UPDATE identity.access_tokens SET last_used_at = now()
        WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
      [id],
    );
  }

  /** Sets `revoked_at` once; returns the row as it is afterwards (null: not the caller's token). */
  async revoke(db: Executor, userId: string, id: string): Promise<AccessTokenRow | null> {
    await db.query(
      `UPDATE identity.access_tokens SET revoked_at = now() WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL`,
      [id, userId],
    );
    return this.findOwned(db, userId, id);
  }
}
