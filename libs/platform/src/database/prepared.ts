import { createHash } from 'node:crypto';
import type { Pool, QueryResultRow } from 'pg';
import { typeorm } from './drivers';
import { type Executor, inTransaction } from './executor';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';

const names = new Map<string, string>();

/** A statement name per SQL text: the same text is parsed and planned once per connection. */
function nameOf(sql: string): string {
  let name = names.get(sql);
  if (name === undefined) {
    name = `pc_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
    names.set(sql, name);
  }
  return name;
}

/**
 * A read as a named prepared statement on the pool (TypeORM's `query` sends every statement unnamed,
 * so PostgreSQL parses and plans it on every call). For hot reads: on a transaction's executor it is
 * an ordinary statement of that transaction. Errors come back as TypeORM's, like those of `query`.
 */
export async function preparedQuery<T extends QueryResultRow>(
  executor: Executor,
  sql: string,
  params: unknown[],
): Promise<T[]> {
  if (inTransaction(executor)) return executor.query<T[]>(sql, params);
  const pool = (executor.connection.driver as PostgresDriver).master as Pool;
  try {
    const result = await pool.query<T>({ name: nameOf(sql), text: sql, values: params });
    return result.rows;
  } catch (error) {
    if (error instanceof Error && 'severity' in error)
      throw new (typeorm().QueryFailedError)(sql, params, error);
    throw error;
  }
}
