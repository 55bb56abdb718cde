import os from 'node:os';
import { Client } from 'pg';
import { withDatabase } from './infra';

/**
 * Test databases kept for a Jest worker's next file. Cloning the template (`CREATE DATABASE ...
 * TEMPLATE`) writes its 669 files anew, about 0.6 s of CPU, nearly all of it the kernel's, for every
 * file that starts a service or a system. A file's database is instead given back to the template's
 * state when the file is done with it and handed to the worker's next file: the same schema (checked:
 * relations, columns, constraints, indexes, triggers, functions, grants, settings), no row but the
 * template's (its migrations' records), each sequence where the template has it, and no session left.
 * A database whose schema a test changed, or whose template rows it touched, is dropped instead.
 *
 * Kept on a Node core module, the one object every file of a worker shares; the global teardown drops
 * them with the run's other databases (their names start with the template's).
 */
const keep = ((os as unknown as Record<symbol, Map<string, string[]> | undefined>)[
  Symbol.for('policy-catalog.test-databases')
] ??= new Map<string, string[]>());

/** How many databases a worker keeps (a file rarely has more than one at a time). */
const KEPT_DATABASES = 2;

/** A kept database of this run's template, if the worker has one. */
export function takeKeptDatabase(template: string): string | undefined {
  return keep.get(template)?.pop();
}

/**
 * Gives `name` back to `template`'s state and keeps it for the next file; false when it cannot be
 * (its schema or template rows differ, or the worker keeps enough already): the caller drops it.
 */
export async function keepDatabase(postgresUrl: string, name: string, template: string): Promise<boolean> {
  const kept = keep.get(template) ?? [];
  if (kept.length >= KEPT_DATABASES) return false;
  const snapshot = await templateSnapshot(postgresUrl, template).catch(() => undefined);
  if (!snapshot) return false;
  const client = new Client({ connectionString: withDatabase(postgresUrl, name) });
  await client.connect();
  try {
    await endOtherSessions(client);
    if ((await shapeOf(client)) !== snapshot.shape) return false;
    const tables = await userTables(client);
    for (const table of snapshot.seeded)
      if ((await rowsDigest(client, table)) !== snapshot.seededRows.get(table)) return false;
    const filled = await nonEmpty(
      client,
      tables.filter((t) => !snapshot.seeded.includes(t)),
    );
    await client.query('BEGIN');
    // Replica role: no trigger fires (foreign keys included), so the order of the deletes is free.
    await client.query('SET LOCAL session_replication_role = replica');
    for (const table of filled) await client.query(`DELETE FROM ${table}`);
    for (const [sequence, at] of snapshot.sequences)
      await client.query('SELECT setval($1::regclass, $2, $3)', [sequence, at.value, at.called]);
    await client.query('COMMIT');
  } catch {
    await client.query('ROLLBACK').catch(() => undefined);
    return false;
  } finally {
    await client.end();
  }
  keep.set(template, [...(keep.get(template) ?? []), name]);
  return true;
}

interface Snapshot {
  shape: string;
  /** Tables with rows in the template (its migrations' records), quoted. */
  seeded: string[];
  seededRows: Map<string, string>;
  sequences: Map<string, { value: string; called: boolean }>;
}

const snapshots = new Map<string, Promise<Snapshot>>();

function templateSnapshot(postgresUrl: string, template: string): Promise<Snapshot> {
  let found = snapshots.get(template);
  if (!found) {
    found = readSnapshot(postgresUrl, template);
    found.catch(() => snapshots.delete(template));
    snapshots.set(template, found);
  }
  return found;
}

async function readSnapshot(postgresUrl: string, template: string): Promise<Snapshot> {
  const client = new Client({ connectionString: withDatabase(postgresUrl, template) });
  await client.connect();
  try {
    const shape = await shapeOf(client);
    const seeded = await nonEmpty(client, await userTables(client));
    const seededRows = new Map<string, string>();
    for (const table of seeded) seededRows.set(table, await rowsDigest(client, table));
    const { rows } = await client.query<{ sequence: string; value: string; called: boolean }>(
      `SELECT format('%I.%I', schemaname, sequencename) AS sequence,
              coalesce(last_value, start_value)::text AS value, last_value IS NOT NULL AS called
         FROM pg_sequences WHERE schemaname NOT LIKE 'pg\\_%' AND schemaname <> 'information_schema'`,
    );
    return {
      shape,
      seeded,
      seededRows,
      sequences: new Map(rows.map((r) => [r.sequence, { value: r.value, called: r.called }])),
    };
  } finally {
    await client.end();
  }
}

/** Ends every other session on the client's database (a file's services, its harness's pools). */
async function endOtherSessions(client: Client): Promise<void> {
  const others = `FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`;
  await client.query(`SELECT pg_terminate_backend(pid) ${others}`);
  for (let attempt = 0; attempt < 100; attempt++) {
    const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n ${others}`);
    if (rows[0].n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('sessions of the test database did not end');
}

const USER_NAMESPACE = `n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema'`;

/** Everything of the database's schema a test could change, as one digest. */
async function shapeOf(client: Client): Promise<string> {
  const { rows } = await client.query<{ shape: string }>(
    `SELECT md5(string_agg(x, E'\\n' ORDER BY x)) AS shape FROM (
       SELECT 'n ' || n.nspname || ' ' || pg_get_userbyid(n.nspowner) || ' ' || coalesce(n.nspacl::text, '') AS x
         FROM pg_namespace n WHERE ${USER_NAMESPACE}
       UNION ALL
       SELECT 'c ' || format('%I.%I', n.nspname, c.relname) || ' ' || c.relkind::text || c.relpersistence::text || ' '
              || pg_get_userbyid(c.relowner) || ' ' || coalesce(c.relacl::text, '') || ' ' || c.relrowsecurity::text
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${USER_NAMESPACE}
       UNION ALL
       SELECT 'a ' || format('%I.%I', n.nspname, c.relname) || ' ' || a.attname || ' '
              || format_type(a.atttypid, a.atttypmod) || ' ' || a.attnotnull::text || ' ' || a.attgenerated::text || a.attidentity::text
              || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
         FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
         LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
        WHERE a.attnum > 0 AND NOT a.attisdropped AND ${USER_NAMESPACE}
       UNION ALL
       SELECT 'k ' || format('%I.%I', n.nspname, k.conname) || ' ' || pg_get_constraintdef(k.oid)
         FROM pg_constraint k JOIN pg_namespace n ON n.oid = k.connamespace WHERE ${USER_NAMESPACE}
       UNION ALL
       SELECT 'i ' || pg_get_indexdef(i.indexrelid)
         FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE ${USER_NAMESPACE}
       UNION ALL
       SELECT 't ' || pg_get_triggerdef(t.oid) || ' ' || t.tgenabled::text
         FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE NOT t.tgisinternal AND ${USER_NAMESPACE}
       UNION ALL
       SELECT 'p ' || p.oid::regprocedure::text || ' ' || md5(coalesce(p.prosrc, '')) || ' ' || coalesce(p.proacl::text, '')
         FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE ${USER_NAMESPACE}
       UNION ALL
       SELECT 'r ' || format('%I.%I', n.nspname, r.polname) || ' ' || coalesce(pg_get_expr(r.polqual, r.polrelid), '')
         FROM pg_policy r JOIN pg_class c ON c.oid = r.polrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       UNION ALL
       SELECT 'e ' || extname || ' ' || extversion FROM pg_extension
       UNION ALL
       SELECT 's ' || array_to_string(setconfig, ',') FROM pg_db_role_setting
        WHERE setdatabase = (SELECT oid FROM pg_database WHERE datname = current_database())
       UNION ALL
       SELECT 'd ' || coalesce(datacl::text, '') FROM pg_database WHERE datname = current_database()
       UNION ALL
       SELECT 'l ' || count(*) FROM pg_largeobject_metadata
     ) shape`,
  );
  return rows[0].shape;
}

/** The database's own tables (quoted), partitioned tables' leaves included. */
async function userTables(client: Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS name
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind = 'r' AND ${USER_NAMESPACE} ORDER BY 1`,
  );
  return rows.map((r) => r.name);
}

/** Those of `tables` with at least one row. */
async function nonEmpty(client: Client, tables: string[]): Promise<string[]> {
  if (tables.length === 0) return [];
  const probes = tables.map((t, i) => `SELECT ${i} AS i WHERE EXISTS (SELECT 1 FROM ${t})`);
  const { rows } = await client.query<{ i: number }>(probes.join(' UNION ALL '));
  return rows.map((r) => tables[r.i]);
}

async function rowsDigest(client: Client, table: string): Promise<string> {
  const { rows } = await client.query<{ digest: string | null }>(
    `SELECT md5(string_agg(t::text, E'\\n' ORDER BY t::text)) AS digest FROM ${table} t`,
  );
  return rows[0].digest ?? '';
}
