import { Inject, Injectable } from '@nestjs/common';
import type { DocTab } from '@pc/contracts';
import type { Executor } from '@pc/platform';
import { LISTING_KIND, type ListingKind, tableOf } from '../listing-kind';

interface DocTabRow {
  key: string;
  title: string;
  kind: DocTab['kind'];
  body_md: string;
  sort_order: number;
}

/**
 * A published listing's documentation tabs, as the kind's features read and replace them (a submission
 * shown, a review approved, an owner's edit), always in the caller's executor.
 */
@Injectable()
export class DocTabsRepository {
  constructor(@Inject(LISTING_KIND) private readonly kind: ListingKind) {}

  /** In their order: `sortOrder`, then key. */
  async list(db: Executor, listingId: string): Promise<DocTab[]> {
    const rows = await db.query<DocTabRow[]>(
      `SELECT key, title, kind, body_md, sort_order FROM ${tableOf(this.kind, 'docTabs')}
        WHERE ${this.kind.idColumn} = $1 ORDER BY sort_order, key`,
      [listingId],
    );
    return rows.map((r) => ({
      key: r.key,
      title: r.title,
      kind: r.kind,
      bodyMd: r.body_md,
      sortOrder: r.sort_order,
    }));
  }

  /** The set becomes exactly `tabs`. */
  async replaceAll(db: Executor, listingId: string, tabs: DocTab[]): Promise<void> {
    await db.query(`DELETE FROM ${tableOf(this.kind, 'docTabs')} WHERE ${this.kind.idColumn} = $1`, [
      listingId,
    ]);
    for (const tab of tabs) await this.upsert(db, listingId, tab);
  }

  /** Creates the tab, or replaces the one with its key. */
  async upsert(db: Executor, listingId: string, tab: DocTab): Promise<void> {
    await db.query(
      `INSERT INTO ${tableOf(this.kind, 'docTabs')} (${this.kind.idColumn}, key, title, kind, body_md, sort_order)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (${this.kind.idColumn}, key) DO UPDATE
         SET title = EXCLUDED.title, body_md = EXCLUDED.body_md, sort_order = EXCLUDED.sort_order`,
      [listingId, tab.key, tab.title, tab.kind, tab.bodyMd, tab.sortOrder],
    );
  }

  /** False when there was no tab with that key. */
  async delete(db: Executor, listingId: string, key: string): Promise<boolean> {
    const [removed] = await db.query<[unknown[], number]>(
      `DELETE FROM ${tableOf(this.kind, 'docTabs')} WHERE ${this.kind.idColumn} = $1 AND key = $2 RETURNING 1`,
      [listingId, key],
    );
    return removed.length > 0;
  }
}
