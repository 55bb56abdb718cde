import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

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
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async create(
    userId: string,
    tokenHash: string,
    expiresAt: Date,
    db: EntityManager = this.dataSource.manager,
  ): Promise<SessionRow> {
    const rows = await db.query<SessionRow[]>(
      `INSERT INTO identity.sessions (user_id, token_hash, expires_at) VALUES ($1, $2, $3) RETURNING *`,
      [userId, tokenHash, expiresAt],
    );
    return rows[0];
  }

  /** Sessions past their expiry are of no use to anyone: removed in the background. */
  async deleteExpired(): Promise<number> {
    const [, removed] = await this.dataSource.query<[unknown[], number]>(
      `DELETE FROM identity.sessions WHERE expires_at < now()`,
    );
    return removed;
  }

  async findLive(tokenHash: string): Promise<SessionRow | null> {
    const rows = await this.dataSource.query<SessionRow[]>(
      `SELECT * FROM identity.sessions WHERE token_hash = $1 AND expires_at > now()`,
      [tokenHash],
    );
    return rows[0] ?? null;
  }

  async deleteByHash(tokenHash: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM identity.sessions WHERE token_hash = $1`, [tokenHash]);
  }
}
