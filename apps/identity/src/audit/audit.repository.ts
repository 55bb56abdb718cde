import { Injectable } from '@nestjs/common';
import type { AuditAction, AuditEntry, AuditRecordedEvent } from '@pc/contracts';
import type { Executor } from '@pc/platform';

interface AuditRow {
  id: string;
  at: Date;
  actor_user_id: string | null;
  actor_via: AuditEntry['actor_via'];
  actor_token_id: string | null;
  address: string;
  user_agent: string;
  request_id: string;
  action: AuditAction;
  target_type: string;
  target_id: string | null;
  workspace_id: string | null;
  summary: Record<string, unknown>;
}

export interface AuditFilter {
  actorUserId?: string;
  workspaceId?: string;
  action?: AuditAction;
  since?: string;
  until?: string;
  after?: { at: string; id: string };
  limit: number;
}

const COLUMNS = `id, at, actor_user_id, actor_via, actor_token_id, address, user_agent, request_id, action,
  target_type, target_id, workspace_id, summary`;

/** The audit log (`identity.audit_log`): appended, read newest first, swept past retention. */
@Injectable()
export class AuditRepository {
  /** Once per entry id: a redelivered event adds nothing. */
  async append(db: Executor, id: string, entry: AuditRecordedEvent): Promise<void> {
    await db.query(
      `INSERT INTO identity.audit_log (id, at, actor_user_id, actor_via, actor_token_id, address, user_agent,
         request_id, action, target_type, target_id, summary, workspace_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT (id) DO NOTHING`,
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
      ],
    );
  }

  /** Newest first, keyset-paged on (at, id). */
  async list(db: Executor, filter: AuditFilter): Promise<AuditEntry[]> {
    const rows = await db.query<AuditRow[]>(
      `SELECT ${COLUMNS} FROM identity.audit_log
        WHERE ($1::uuid IS NULL OR actor_user_id = $1)
          AND ($8::uuid IS NULL OR workspace_id = $8)
          AND ($2::text IS NULL OR action = $2)
          AND ($3::timestamptz IS NULL OR at >= $3)
          AND ($4::timestamptz IS NULL OR at < $4)
          AND ($5::timestamptz IS NULL OR (at, id) < ($5::timestamptz, $6::uuid))
        ORDER BY at DESC, id DESC LIMIT $7`,
      [
        filter.actorUserId ?? null,
        filter.action ?? null,
        filter.since ?? null,
        filter.until ?? null,
        filter.after?.at ?? null,
        filter.after?.id ?? null,
        filter.limit,
        filter.workspaceId ?? null,
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
