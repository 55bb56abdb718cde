import { Injectable } from '@nestjs/common';
import type { Executor } from '@pc/platform';

/** A row of `identity.sessions`: a browser session; the cookie holds the secret, the table its hash. */
export interface SessionRow {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: Date;
  expires_at: Date;
}

@Injectable()
export class SessionsRepository {
  async create(db: Executor, userId: string, tokenHash: string, expiresAt: Date): Promise<SessionRow> {
    const rows = await db.query<SessionRow[]>(
      `INSERT INTO identity.sessions (user_id, token_hash, expires_at) VALUES ($1, $2, $3) RETURNING *`,
      [userId, tokenHash, expiresAt],
    );
    return rows[0];
  }

  /** Sessions past their expiry are of no use to anyone: removed in the background. */
  async deleteExpired(db: Executor): Promise<number> {
    const [, removed] = await db.query<[unknown[], number]>(
      `DELETE FROM identity.sessions WHERE expires_at < now()`,
    );
    return removed;
  }

  async findLive(db: Executor, tokenHash: string): Promise<SessionRow | null> {
    const rows = await db.query<SessionRow[]>(
      `SELECT * FROM identity.sessions WHERE token_hash = $1 AND expires_at > now()`,
      [tokenHash],
    );
    return rows[0] ?? null;
  }

  async deleteByHash(db: Executor, tokenHash: string): Promise<void> {
    await db.query(`DELETE FROM identity.sessions WHERE token_hash = $1`, [tokenHash]);
  }
}
