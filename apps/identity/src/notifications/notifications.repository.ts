import { Injectable } from '@nestjs/common';
import type { Notification } from '@pc/contracts';
import type { Executor } from '@pc/platform';

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

  async listFor(db: Executor, userId: string): Promise<Notification[]> {
    const rows = await db.query<NotificationRow[]>(
      `SELECT id, kind, title, body, data, read_at, created_at FROM identity.notifications
        WHERE user_id = $1 ORDER BY created_at DESC LIMIT 200`,
      [userId],
    );
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      title: r.title,
      body: r.body,
      data: r.data,
      read: r.read_at !== null,
      created_at: r.created_at.toISOString(),
    }));
  }
}
