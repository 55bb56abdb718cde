import type { Executor, ListingTable, Param } from '@pc/platform';

/** The parameters of one statement, as its SQL names them: `p(value)` adds one and answers its `$n`. */
export function sqlParams(): { params: unknown[]; p: Param } {
  const params: unknown[] = [];
  const p: Param = (value) => {
    params.push(value);
    return `$${params.length}`;
  };
  return { params, p };
}

/**
 * Whether any listing of a kind's search matches `q` exactly (exact matches, when there are any, come
 * alone): among the rows of `table` that `filters` keeps (visibility and the kind's filters, without `q`).
 */
export async function anyExactMatch(
  db: Executor,
  table: Pick<ListingTable, 'from' | 'exact'>,
  q: string | undefined,
  filters: (p: Param) => string[],
): Promise<boolean> {
  const { params, p } = sqlParams();
  const where = [...filters(p), table.exact(q?.trim() ?? '', p) ?? 'false'];
  const [row] = await db.query<Array<{ found: boolean }>>(
    `SELECT EXISTS (SELECT 1 FROM ${table.from} WHERE ${where.join(' AND ')}) AS found`,
    params,
  );
  return row?.found ?? false;
}
