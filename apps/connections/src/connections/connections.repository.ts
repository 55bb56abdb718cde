import { Injectable } from '@nestjs/common';
import type { ConnectionHost } from '@pc/contracts';
import type { Executor } from '@pc/platform';

export interface ConnectionRow {
  id: string;
  owner_id: string;
  name: string;
  host: ConnectionHost;
  custom_domain: string | null;
  client_id: string;
  organization_id: string;
  secret_key_id: string | null;
  secret_ciphertext: Buffer | null;
  validated_at: Date | null;
  validation_error: string | null;
  created_at: Date;
  updated_at: Date;
}

export type NewConnection = Omit<ConnectionRow, 'created_at' | 'updated_at'>;

export type ConnectionChanges = Partial<
  Pick<
    ConnectionRow,
    | 'name'
    | 'host'
    | 'custom_domain'
    | 'client_id'
    | 'organization_id'
    | 'secret_key_id'
    | 'secret_ciphertext'
    | 'validated_at'
    | 'validation_error'
  >
>;

const COLUMNS: Array<keyof ConnectionChanges> = [
  'name',
  'host',
  'custom_domain',
  'client_id',
  'organization_id',
  'secret_key_id',
  'secret_ciphertext',
  'validated_at',
  'validation_error',
];

/** Connections and their sealed secrets. Executor first. */
@Injectable()
export class ConnectionsRepository {
  async findById(db: Executor, id: string): Promise<ConnectionRow | null> {
    const rows = await db.query<ConnectionRow[]>(`SELECT * FROM connections.connections WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  async listOwnedBy(db: Executor, ownerId: string, limit: number): Promise<ConnectionRow[]> {
    return db.query<ConnectionRow[]>(
      `SELECT * FROM connections.connections WHERE owner_id = $1 ORDER BY created_at, id LIMIT $2`,
      [ownerId, limit],
    );
  }

  async findMany(db: Executor, ids: string[]): Promise<ConnectionRow[]> {
    if (ids.length === 0) return [];
    return db.query<ConnectionRow[]>(`SELECT * FROM connections.connections WHERE id = ANY($1::uuid[])`, [
      ids,
    ]);
  }

  /** Serializes one owner's creates, so that the per-owner limit holds under concurrency. */
  async lockOwner(db: Executor, ownerId: string): Promise<void> {
    await db.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`connections:owner:${ownerId}`]);
  }

  async countOwnedBy(db: Executor, ownerId: string): Promise<number> {
    const [{ count }] = await db.query<Array<{ count: number }>>(
      `SELECT count(*)::int AS count FROM connections.connections WHERE owner_id = $1`,
      [ownerId],
    );
    return count;
  }

  async insert(db: Executor, row: NewConnection): Promise<ConnectionRow> {
    const rows = await db.query<ConnectionRow[]>(
      `INSERT INTO connections.connections (id, owner_id, name, host, custom_domain, client_id, organization_id,
         secret_key_id, secret_ciphertext, validated_at, validation_error)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING *`,
      [
        row.id,
        row.owner_id,
        row.name,
        row.host,
        row.custom_domain,
        row.client_id,
        row.organization_id,
        row.secret_key_id,
        row.secret_ciphertext,
        row.validated_at,
        row.validation_error,
      ],
    );
    return rows[0];
  }

  async update(db: Executor, id: string, changes: ConnectionChanges): Promise<ConnectionRow | null> {
    const set: string[] = [];
    const values: unknown[] = [id];
    for (const column of COLUMNS) {
      if (changes[column] === undefined) continue;
      values.push(changes[column]);
      set.push(`${column} = $${values.length}`);
    }
    const rows = await db.query<[ConnectionRow[], number]>(
      `UPDATE connections.connections SET ${[...set, 'updated_at = now()'].join(', ')} WHERE id = $1 RETURNING *`,
      values,
    );
    return rows[0][0] ?? null;
  }

  async delete(db: Executor, id: string): Promise<boolean> {
    const [rows] = await db.query<[unknown[], number]>(
      `DELETE FROM connections.connections WHERE id = $1 RETURNING id`,
      [id],
    );
    return rows.length > 0;
  }
}
