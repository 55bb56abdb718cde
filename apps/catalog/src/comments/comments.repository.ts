import { Injectable } from '@nestjs/common';
import { insertInto } from '@pc/listings';
import type { Executor } from '@pc/platform';
import type { Keyset } from '../common/paging';

export interface CommentRow {
  id: string;
  policy_id: string;
  parent_id: string | null;
  author_id: string | null;
  body: string;
  deleted_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

@Injectable()
export class CommentsRepository {
  /** `limit + 1` comments after the keyset `after`, oldest first (comments_policy_idx). */
  listFor(
    db: Executor,
    policyId: string,
    limit: number,
    after: Keyset | null,
  ): Promise<Array<CommentRow & { cursor_key: string }>> {
    return db.query(
      `SELECT *, created_at::text AS cursor_key FROM catalog.comments
        WHERE policy_id = $1 AND ($2::timestamptz IS NULL OR (created_at, id) > ($2::timestamptz, $3::uuid))
        ORDER BY created_at, id LIMIT $4`,
      [policyId, after?.key ?? null, after?.id ?? null, limit + 1],
    );
  }

  async findById(db: Executor, id: string): Promise<CommentRow | null> {
    const rows = await db.query<CommentRow[]>(`SELECT * FROM catalog.comments WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** Serializes one author's posts, so that the quota holds under concurrent requests. */
  async lockAuthor(db: Executor, authorId: string): Promise<void> {
    await db.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`comment-quota:${authorId}`]);
  }

  /** Posts in the last 24 hours and when the oldest of them was made. */
  async postedToday(db: Executor, authorId: string): Promise<{ count: number; oldest: Date | null }> {
    const [row] = await db.query<Array<{ count: string; oldest: Date | null }>>(
      `SELECT count(*) AS count, min(created_at) AS oldest FROM catalog.comment_quota
        WHERE author_id = $1 AND created_at > now() - interval '1 day'`,
      [authorId],
    );
    return { count: Number(row.count), oldest: row.oldest };
  }

  async insert(
    db: Executor,
    fields: Pick<CommentRow, 'policy_id' | 'parent_id' | 'author_id' | 'body'>,
  ): Promise<CommentRow> {
    await insertInto(db, 'catalog.comment_quota', { author_id: fields.author_id });
    const [row] = await insertInto<CommentRow[]>(db, 'catalog.comments', fields, 'RETURNING *');
    return row;
  }

  async editBody(db: Executor, id: string, body: string): Promise<CommentRow | null> {
    const [rows] = await db.query<[CommentRow[], number]>(
      `UPDATE catalog.comments SET body = $2, updated_at = now() WHERE id = $1 AND deleted_at IS NULL RETURNING *`,
      [id, body],
    );
    return rows[0] ?? null;
  }

  async softDelete(db: Executor, id: string): Promise<void> {
    await db.query(
      `UPDATE catalog.comments SET deleted_at = now(), body = '' WHERE id = $1 AND deleted_at IS NULL`,
      [id],
    );
  }

  /** Removes the comment and its replies (the foreign key cascades). */
  async hardDelete(db: Executor, id: string): Promise<void> {
    await db.query(`DELETE FROM catalog.comments WHERE id = $1`, [id]);
  }
}
