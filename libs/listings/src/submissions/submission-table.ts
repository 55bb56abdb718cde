import type { Executor, Keyset } from '@pc/platform';
import { type ListingKind, tableOf } from '../listing-kind';
import { insertInto, updateRow } from '../rows/rows';

/**
 * A kind's submissions table, each submission read with what its listing says now (its current owner
 * first: after a transfer, the one to see and edit it). A kind's submissions repository extends it with
 * its listing's columns, its jsonb columns and its own reads. Executor first.
 */
export abstract class SubmissionTable<Row> {
  /** `s.*` and the listing's columns, and the join they are read from. */
  private readonly columns: string;
  private readonly joined: string;
  private readonly withListing: string;

  protected constructor(
    private readonly kind: ListingKind,
    listingColumns: readonly string[],
    private readonly json: ReadonlySet<string>,
  ) {
    this.columns = `s.*, ${listingColumns.map((c) => `l.${c}`).join(', ')}`;
    this.joined = `${tableOf(kind, 'submissions')} s JOIN ${tableOf(kind, 'listings')} l ON l.id = s.${kind.idColumn}`;
    this.withListing = `SELECT ${this.columns}
      FROM ${this.joined}`;
  }

  async insert(db: Executor, fields: Partial<Row>): Promise<Row> {
    const table = tableOf(this.kind, 'submissions');
    const [{ id }] = await insertInto<Array<{ id: string }>>(db, table, fields, 'RETURNING id', this.json);
    return (await this.findById(db, id))!;
  }

  /**
   * `lock` takes the submission's and its listing's row locks (in that order, the order every writer of
   * both follows), so that a status read here stays true until the transaction ends.
   */
  findById(db: Executor, id: string, lock = false): Promise<Row | null> {
    return this.findOne(db, 's.id', id, lock);
  }

  findByListing(db: Executor, listingId: string, lock = false): Promise<Row | null> {
    return this.findOne(db, `s.${this.kind.idColumn}`, listingId, lock);
  }

  /**
   * `limit + 1` submissions of the listings `userId` owns now, newest first, after the keyset `after` (its
   * `cursor_key` is the creation time at full precision): a page and whether another follows (`pageOf`).
   */
  pageBy(
    db: Executor,
    userId: string,
    limit: number,
    after: Keyset | null,
  ): Promise<Array<Row & { cursor_key: string }>> {
    return db.query<Array<Row & { cursor_key: string }>>(
      `SELECT ${this.columns}, s.created_at::text AS cursor_key FROM ${this.joined}
        WHERE l.owner_id = $1 AND ($2::timestamptz IS NULL OR (s.created_at, s.id) < ($2::timestamptz, $3::uuid))
        ORDER BY s.created_at DESC, s.id DESC LIMIT $4`,
      [userId, after?.key ?? null, after?.id ?? null, limit + 1],
    );
  }

  /** The oldest `limit` submissions waiting for review. */
  pending(db: Executor, limit: number): Promise<Row[]> {
    return db.query<Row[]>(
      `${this.withListing} WHERE s.status = 'submitted' ORDER BY s.created_at, s.id LIMIT $1`,
      [limit],
    );
  }

  async update(db: Executor, id: string, changes: Partial<Row>): Promise<Row> {
    await updateRow(db, tableOf(this.kind, 'submissions'), id, changes, this.json);
    return (await this.findById(db, id))!;
  }

  async delete(db: Executor, id: string): Promise<void> {
    await db.query(`DELETE FROM ${tableOf(this.kind, 'submissions')} WHERE id = $1`, [id]);
  }

  private async findOne(db: Executor, column: string, value: string, lock: boolean): Promise<Row | null> {
    const rows = await db.query<Row[]>(
      `${this.withListing} WHERE ${column} = $1${lock ? ' FOR UPDATE' : ''}`,
      [value],
    );
    return rows[0] ?? null;
  }
}
