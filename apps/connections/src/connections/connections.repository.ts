import { Inject, Injectable } from '@nestjs/common';
import type { ConnectionHost } from '@pc/contracts';
import { DataSource, type EntityManager } from 'typeorm';

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

@Injectable()
export class ConnectionsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async findById(id: string): Promise<ConnectionRow | null> {
    const rows = await this.dataSource.query<ConnectionRow[]>(
      `SELECT * FROM connections.connections WHERE id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  async listOwnedBy(ownerId: string, limit: number): Promise<ConnectionRow[]> {
    return this.dataSource.query<ConnectionRow[]>(
      `SELECT * FROM connections.connections WHERE owner_id = $1 ORDER BY created_at, id LIMIT $2`,
      [ownerId, limit],
    );
  }

  async findMany(ids: string[]): Promise<ConnectionRow[]> {
    if (ids.length === 0) return [];
    return this.dataSource.query<ConnectionRow[]>(
      `SELECT * FROM connections.connections WHERE id = ANY($1::uuid[])`,
      [ids],
    );
  }

  /** Inserts under a per-owner lock so that the per-owner limit holds under concurrent creates. */
  async insertWithin(row: NewConnection, perOwner: number): Promise<ConnectionRow | null> {
    return this.dataSource.transaction(async (db) => {
      await db.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`connections:owner:${row.owner_id}`]);
      const [{ count }] = await db.query<Array<{ count: number }>>(
        `SELECT count(*)::int AS count FROM connections.connections WHERE owner_id = $1`,
        [row.owner_id],
      );
      if (count >= perOwner) return null;
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
    });
  }

  async update(id: string, changes: ConnectionChanges, db?: EntityManager): Promise<ConnectionRow | null> {
    const set: string[] = [];
    const values: unknown[] = [id];
    for (const column of COLUMNS) {
      if (changes[column] === undefined) continue;
      values.push(changes[column]);
      set.push(`${column} = $${values.length}`);
    }
    const rows = await (db ?? this.dataSource.manager).query<[ConnectionRow[], number]>(
      `UPDATE connections.connections SET ${[...set, 'updated_at = now()'].join(', ')} WHERE id = $1 RETURNING *`,
      values,
    );
    return rows[0][0] ?? null;
  }

  async delete(id: string): Promise<boolean> {
    const [rows] = await this.dataSource.query<[unknown[], number]>(
      `DELETE FROM connections.connections WHERE id = $1 RETURNING id`,
      [id],
    );
    return rows.length > 0;
  }
}
