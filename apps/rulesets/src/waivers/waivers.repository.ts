import { Injectable } from '@nestjs/common';
import type { Waiver } from '@pc/contracts';
import { insertInto } from '@pc/listings';
import type { Executor, Keyset } from '@pc/platform';

/** A row of rulesets.waivers. */
export interface WaiverRow {
  id: string;
  api_id: string;
  workspace_id: string;
  ruleset_id: string | null;
  rule: string;
  location: string;
  reason: string;
  expires_at: Date;
  created_by: string;
  created_at: Date;
}

const COLUMNS =
  'id, api_id, workspace_id, ruleset_id, rule, location, reason, expires_at, created_by, created_at';

/** A waiver's expiry as whole microseconds since 1970, as text: exact, and read back exactly. */
const MICROS = `(extract(epoch FROM expires_at) * 1000000)::bigint::text`;

export function toWaiver(row: WaiverRow, now = new Date()): Waiver {
  return {
    id: row.id,
    api_id: row.api_id,
    workspace_id: row.workspace_id,
    ruleset_id: row.ruleset_id,
    rule: row.rule,
    location: row.location,
    reason: row.reason,
    expires_at: row.expires_at.toISOString(),
    expired: row.expires_at <= now,
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
  };
}

/** Waivers of an API's findings (rulesets schema). Executor first. */
@Injectable()
export class WaiversRepository {
  /**
   * The API's waivers by latest expiry (then id, both descending), at most `limit`, after `after` (the
   * last one of the page before): each with its cursor key, its expiry in microseconds since 1970.
   */
  async listForApi(
    db: Executor,
    apiId: string,
    limit: number,
    after: Keyset | null,
  ): Promise<Array<WaiverRow & { cursor_key: string }>> {
    return db.query<Array<WaiverRow & { cursor_key: string }>>(
      `SELECT ${COLUMNS}, ${MICROS} AS cursor_key FROM rulesets.waivers
        WHERE api_id = $1
          AND ($2::bigint IS NULL
               OR (expires_at, id) < (timestamptz 'epoch' + $2::bigint * interval '1 microsecond', $3::uuid))
        ORDER BY expires_at DESC, id DESC LIMIT $4`,
      [apiId, after?.key ?? null, after?.id ?? null, limit],
    );
  }

  async countActive(db: Executor, apiId: string): Promise<number> {
    const [row] = await db.query<Array<{ n: number }>>(
      `SELECT count(*)::int AS n FROM rulesets.waivers WHERE api_id = $1 AND expires_at > now()`,
      [apiId],
    );
    return row.n;
  }

  async findById(db: Executor, apiId: string, id: string): Promise<WaiverRow | null> {
    const rows = await db.query<WaiverRow[]>(
      `SELECT ${COLUMNS} FROM rulesets.waivers WHERE api_id = $1 AND id = $2`,
      [apiId, id],
    );
    return rows[0] ?? null;
  }

  async insert(
    db: Executor,
    waiver: Pick<
      WaiverRow,
      'api_id' | 'workspace_id' | 'ruleset_id' | 'rule' | 'location' | 'reason' | 'expires_at' | 'created_by'
    >,
  ): Promise<WaiverRow> {
    const [row] = await insertInto<WaiverRow[]>(db, 'rulesets.waivers', waiver, `RETURNING ${COLUMNS}`);
    return row;
  }

  async delete(db: Executor, id: string): Promise<void> {
    await db.query(`DELETE FROM rulesets.waivers WHERE id = $1`, [id]);
  }

  /**
   * The APIs with waivers expired and not handled yet (those of the `limit` first to expire), by id: the
   * order the expiry sweep locks them in. Nothing is locked here.
   */
  async apisWithExpired(db: Executor, limit: number): Promise<string[]> {
    const rows = await db.query<Array<{ api_id: string }>>(
      `SELECT DISTINCT api_id FROM (
         SELECT api_id FROM rulesets.waivers WHERE expiry_handled_at IS NULL AND expires_at <= now()
          ORDER BY expires_at LIMIT $1) due
        ORDER BY api_id`,
      [limit],
    );
    return rows.map((r) => r.api_id);
  }

  /**
   * Claims the API's waivers that expired and were not handled yet: the caller holds the API's row lock,
   * so no other sweep claims them meanwhile, and the API's waivers are locked after it, as everywhere.
   */
  async claimExpired(db: Executor, apiId: string): Promise<WaiverRow[]> {
    // Through a WITH: the executor answers an UPDATE with its rows and their count, a SELECT with its rows.
    return db.query<WaiverRow[]>(
      `WITH handled AS (
         UPDATE rulesets.waivers SET expiry_handled_at = now()
          WHERE api_id = $1 AND expiry_handled_at IS NULL AND expires_at <= now()
          RETURNING ${COLUMNS})
       SELECT * FROM handled`,
      [apiId],
    );
  }
}
