import type { SearchMatch } from '@pc/contracts';
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

/** `text` as a literal inside a LIKE pattern: its `\`, `%` and `_` escaped. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * How a kind's list search matches `q`: exactly when any listing of `table` that `filters` keeps
 * (visibility and the kind's filters, without `q`) has every word of `q` as a word (exact matches, when
 * there are any, come alone), else near.
 */
export async function listMatch(
  db: Executor,
  table: Pick<ListingTable, 'from' | 'exact'>,
  q: string | undefined,
  filters: (p: Param) => string[],
): Promise<SearchMatch> {
  if (!q?.trim()) return 'near';
  const { params, p } = sqlParams();
  const where = [...filters(p), table.exact(q.trim(), p) ?? 'false'];
  const [row] = await db.query<Array<{ found: boolean }>>(
    `SELECT EXISTS (SELECT 1 FROM ${table.from} WHERE ${where.join(' AND ')}) AS found`,
    params,
  );
  return row?.found ? 'exact' : 'near';
}
