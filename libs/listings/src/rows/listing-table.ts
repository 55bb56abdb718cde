import { type Executor, preparedQuery } from '@pc/platform';
import type { QueryResultRow } from 'pg';
import { type ListingKind, tableOf } from '../listing-kind';
import { insertInto, updateRow } from './rows';

/** How a kind's listings table is read and written: its alias, its columns over it, its jsonb columns. */
export interface ListingColumns {
  alias: string;
  columns: string;
  json?: ReadonlySet<string>;
  /** Columns an insert sets by SQL (`{ status: "'under_review'" }`). */
  defaults?: Record<string, string>;
}

/**
 * A kind's listings table as its features write it, each in its own transaction (executor first): a row
 * found by id (a prepared statement on the pool, the hottest read; held until the transaction ends with
 * `lock`), inserted, changed, deleted. The kind's repository extends it with its own reads.
 */
export abstract class ListingTable<Row extends QueryResultRow, New extends object, Changes extends object> {
  private readonly table: string;
  private readonly byId: string;

  protected constructor(
    private readonly kind: ListingKind,
    private readonly shape: ListingColumns,
  ) {
    this.table = tableOf(kind, 'listings');
    this.byId = `SELECT ${shape.columns} FROM ${this.table} ${shape.alias} WHERE ${shape.alias}.id = $1`;
  }

  async findById(db: Executor, id: string, lock = false): Promise<Row | null> {
    const [row] = lock
      ? await db.query<Row[]>(`${this.byId} FOR UPDATE OF ${this.shape.alias}`, [id])
      : await preparedQuery<Row>(db, this.byId, [id]);
    return row ?? null;
  }

  async insert(db: Executor, fields: New): Promise<Row> {
    const [{ id }] = await insertInto<Array<{ id: string }>>(
      db,
      this.table,
      fields,
      'RETURNING id',
      this.shape.json,
      this.shape.defaults,
    );
    return (await this.findById(db, id))!;
  }

  async update(db: Executor, id: string, changes: Changes): Promise<Row> {
    await updateRow(db, this.table, id, changes, this.shape.json);
    const row = await this.findById(db, id);
    if (!row) throw new Error(`${this.kind.assetType} ${id} vanished`);
    return row;
  }

  async delete(db: Executor, id: string): Promise<void> {
    await db.query(`DELETE FROM ${this.table} WHERE id = $1`, [id]);
  }
}
