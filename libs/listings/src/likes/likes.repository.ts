import { Inject, Injectable } from '@nestjs/common';
import type { Executor } from '@pc/platform';
import { LISTING_KIND, type ListingKind, tableOf } from '../listing-kind';

/** One row per user and listing, and the listing's `like_count` moved with them. Executor first. */
@Injectable()
export class LikesRepository {
  constructor(@Inject(LISTING_KIND) private readonly kind: ListingKind) {}

  async exists(db: Executor, listingId: string, userId: string): Promise<boolean> {
    const rows = await db.query<unknown[]>(
      `SELECT 1 FROM ${tableOf(this.kind, 'likes')} WHERE ${this.kind.idColumn} = $1 AND user_id = $2`,
      [listingId, userId],
    );
    return rows.length > 0;
  }

  /** A transaction-scoped lock on (listing, user): one user's concurrent toggles take turns. */
  async lock(db: Executor, listingId: string, userId: string): Promise<void> {
    await db.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`like:${listingId}:${userId}`]);
  }

  /** Removes the like and moves the counter down; false when there was none. */
  async remove(db: Executor, listingId: string, userId: string): Promise<boolean> {
    const [removed] = await db.query<[unknown[], number]>(
      `DELETE FROM ${tableOf(this.kind, 'likes')} WHERE ${this.kind.idColumn} = $1 AND user_id = $2 RETURNING 1`,
      [listingId, userId],
    );
    if (removed.length === 0) return false;
    await this.count(db, listingId, -1);
    return true;
  }

  /** Adds the like and moves the counter up (call under `lock`, after `remove` found none). */
  async add(db: Executor, listingId: string, userId: string): Promise<void> {
    await db.query(
      `INSERT INTO ${tableOf(this.kind, 'likes')} (${this.kind.idColumn}, user_id) VALUES ($1, $2)`,
      [listingId, userId],
    );
    await this.count(db, listingId, 1);
  }

  private async count(db: Executor, listingId: string, by: 1 | -1): Promise<void> {
    await db.query(
      `UPDATE ${tableOf(this.kind, 'listings')} SET like_count = like_count + $2 WHERE id = $1`,
      [listingId, by],
    );
  }
}
