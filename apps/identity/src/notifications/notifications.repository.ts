import { Injectable } from '@nestjs/common';
import type { Notification } from '@pc/contracts';
import type { Executor, Keyset } from '@pc/platform';
import { timeKeySql } from '../common/time-cursor';

export interface NotificationRow {
  id: string;
  kind: Notification['kind'];
  title: string;
  body: string;
  data: Record<string, unknown>;
  read_at: Date | null;
  created_at: Date;
}

@Injectable()
export class NotificationsRepository {
  /** Once per event id: a redelivered event changes nothing. */
  async addOnce(
    db: Executor,
    eventId: string,
    userId: string,
    fields: Pick<NotificationRow, 'kind' | 'title' | 'body' | 'data'>,
  ): Promise<void> {
    await db.query(
      `INSERT INTO identity.notifications (event_id, user_id, kind, title, body, data)
       SELECT $1, $2, $3, $4, $5, $6 WHERE EXISTS (SELECT 1 FROM identity.users WHERE id = $2)
       ON CONFLICT (event_id) DO NOTHING`,
      [eventId, userId, fields.kind, fields.title, fields.body, JSON.stringify(fields.data)],
    );
  }

  /**
   * The user's notifications newest first, at most `limit`, after `after` (the last one of the page
   * before): each with its cursor key (its time to the microsecond).
   */
  async listFor(
    db: Executor,
    userId: string,
    limit: number,
    after: Keyset | null,
  ): Promise<Array<NotificationRow & { cursor_key: string }>> {
    return db.query<Array<NotificationRow & { cursor_key: string }>>(
      `SELECT id, kind, title, body, data, read_at, created_at, ${timeKeySql('created_at')} AS cursor_key
         FROM identity.notifications
        WHERE user_id = $1 AND ($2::timestamptz IS NULL OR (created_at, id) < ($2::timestamptz, $3::uuid))
        ORDER BY created_at DESC, id DESC LIMIT $4`,
      [userId, after?.key ?? null, after?.id ?? null, limit],
    );
  }
}

export function toNotification(r: NotificationRow): Notification {
  return {
    id: r.id,
    kind: r.kind,
    title: r.title,
    body: r.body,
    data: r.data,
    read: r.read_at !== null,
    created_at: r.created_at.toISOString(),
  };
}
