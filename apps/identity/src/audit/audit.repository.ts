import { Injectable } from '@nestjs/common';
import type { AuditAction, AuditActionGroup, AuditEntry, AuditRecordedEvent } from '@pc/contracts';
import type { Executor, Keyset } from '@pc/platform';
import { timeKeySql } from '../common/time-cursor';

/** An entry as the table holds it (with the actor's name joined): the entry, `at` a timestamp. */
type AuditRow = Omit<AuditEntry, 'at'> & { at: Date };

export interface AuditFilter {
  actorUserId?: string;
  /** Email or username (exactly), or the start of the name. */
  actorName?: string;
  workspaceId?: string;
  action?: AuditAction;
  actionGroup?: AuditActionGroup;
  /** Target id (exactly), or the start of its name. */
  target?: string;
  targetType?: string;
  since?: string;
  until?: string;
  /** The last entry of the page before (its time exact to the microsecond). */
  after?: Keyset | null;
  limit: number;
}

/**
 * An entry with its names: the actor's name now (from the users table, this service's own), and the
 * target's as recorded, else a user target's name now.
 */
const COLUMNS = `a.id, a.at, a.actor_user_id, a.actor_via, a.actor_token_id, a.address, a.user_agent,
  a.request_id, a.action, a.target_type, a.target_id, a.workspace_id, a.summary,
  actor.name AS actor_name, coalesce(a.target_name, target_user.name) AS target_name`;

/** The audit log (`identity.audit_log`): appended, read newest first, swept past retention. */
@Injectable()
export class AuditRepository {
  /** Once per entry id: a redelivered event adds nothing. */
  async append(db: Executor, id: string, entry: AuditRecordedEvent): Promise<void> {
    await db.query(
      `INSERT INTO identity.audit_log (id, at, actor_user_id, actor_via, actor_token_id, address, user_agent,
         request_id, action, target_type, target_id, summary, workspace_id, target_name)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) ON CONFLICT (id) DO NOTHING`,
      [
        id,
        entry.at,
        entry.actor_user_id,
        entry.actor_via,
        entry.actor_token_id,
        entry.address,
        entry.user_agent,
        entry.request_id,
        entry.action,
        entry.target_type,
        entry.target_id,
        JSON.stringify(entry.summary),
        entry.workspace_id ?? null,
        entry.target_name ?? null,
      ],
    );
  }

  /** Newest first, keyset-paged on (at, id): each entry with its cursor key (`at` to the microsecond). */
  async list(db: Executor, filter: AuditFilter): Promise<Array<AuditEntry & { cursor_key: string }>> {
    const rows = await db.query<Array<AuditRow & { cursor_key: string }>>(
      `SELECT ${COLUMNS}, ${timeKeySql('a.at')} AS cursor_key FROM identity.audit_log a
         LEFT JOIN identity.users actor ON actor.id = a.actor_user_id
         LEFT JOIN identity.users target_user
           ON a.target_type = 'user' AND target_user.id::text = a.target_id
        WHERE ($1::uuid IS NULL OR a.actor_user_id = $1)
          AND ($8::uuid IS NULL OR a.workspace_id = $8)
          AND ($2::text IS NULL OR a.action = $2)
          AND ($3::timestamptz IS NULL OR a.at >= $3)
          AND ($4::timestamptz IS NULL OR a.at < $4)
          AND ($5::timestamptz IS NULL OR (a.at, a.id) < ($5::timestamptz, $6::uuid))
          AND ($9::text IS NULL OR a.action LIKE $9 || '.%')
          AND ($10::text IS NULL OR a.target_type = $10)
          AND ($11::text IS NULL OR a.target_id = $11 OR a.target_name ILIKE $12 || '%')
          AND ($13::text IS NULL OR a.actor_user_id IN (
                SELECT id FROM identity.users
                 WHERE email = lower($13) OR lower(username) = lower($13) OR name ILIKE $14 || '%'))
        ORDER BY a.at DESC, a.id DESC LIMIT $7`,
      [
        filter.actorUserId ?? null,
        filter.action ?? null,
        filter.since ?? null,
        filter.until ?? null,
        filter.after?.key ?? null,
        filter.after?.id ?? null,
        filter.limit,
        filter.workspaceId ?? null,
        filter.actionGroup ?? null,
        filter.targetType ?? null,
        filter.target ?? null,
        filter.target === undefined ? null : likePrefix(filter.target),
        filter.actorName ?? null,
        filter.actorName === undefined ? null : likePrefix(filter.actorName),
      ],
    );
    return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
  }

  /** The retention sweep: entries older than `days` go (the one delete the table sees). */
  async deleteOlderThan(db: Executor, days: number): Promise<number> {
    const [, count] = await db.query<[unknown[], number]>(
      `DELETE FROM identity.audit_log WHERE at < now() - make_interval(days => $1)`,
      [days],
    );
    return count;
  }
}

/** A text searched as the start of a name: its LIKE wildcards taken literally. */
function likePrefix(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
