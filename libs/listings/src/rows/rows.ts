import type { Executor } from '@pc/platform';

/** A column's name as the kinds' repositories write it: a constant of their code, never input. */
const COLUMN = /^[a-z][a-z0-9_]*$/;

/**
 * The columns and parameters of a row's fields: those left undefined are not written, those named in
 * `json` (jsonb columns) are sent as JSON, null staying null.
 */
function columnsOf(fields: object, json: ReadonlySet<string>): Array<[string, unknown]> {
  return Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(([column, value]) => {
      if (!COLUMN.test(column)) throw new Error(`not a column: ${column}`);
      return [column, json.has(column) && value !== null ? JSON.stringify(value) : value];
    });
}

/**
 * Inserts a row of `table` (`<schema>.<table>`, a constant) with the fields given and answers the rows
 * of the statement: `tail` ends it (`ON CONFLICT DO NOTHING`, `RETURNING *`), `extra` adds columns set
 * by SQL (`{ status: "'submitted'" }`).
 */
export function insertInto<Rows = unknown[]>(
  db: Executor,
  table: string,
  fields: object,
  tail = '',
  json: ReadonlySet<string> = new Set(),
  extra: Record<string, string> = {},
): Promise<Rows> {
  const columns = columnsOf(fields, json);
  const names = [...columns.map(([column]) => column), ...Object.keys(extra)];
  const values = [...columns.map((_, i) => `$${i + 1}`), ...Object.values(extra)];
  return db.query<Rows>(
    `INSERT INTO ${table} (${names.join(', ')}) VALUES (${values.join(', ')}) ${tail}`.trimEnd(),
    columns.map(([, value]) => value),
  );
}

/**
 * Updates the row `id` of `table` with the changes given (nothing when none is defined), `extra` adding
 * columns set by SQL; `updated_at` is set with any change.
 */
export async function updateRow(
  db: Executor,
  table: string,
  id: string,
  changes: object,
  json: ReadonlySet<string> = new Set(),
  extra: Record<string, string> = {},
): Promise<void> {
  const columns = columnsOf(changes, json);
  if (columns.length === 0 && Object.keys(extra).length === 0) return;
  const sets = [
    ...columns.map(([column], i) => `${column} = $${i + 2}`),
    ...Object.entries(extra).map(([column, sql]) => `${column} = ${sql}`),
    'updated_at = now()',
  ];
  await db.query(`UPDATE ${table} SET ${sets.join(', ')} WHERE id = $1`, [
    id,
    ...columns.map(([, value]) => value),
  ]);
}
