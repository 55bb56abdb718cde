import { LIST_CURSOR_MAX } from '@pc/contracts';
import { badRequest } from '../errors/domain-error';
import { fitToBudget } from '../messaging/reply-limit';

/** One page of a list: the items, whether more follow, and the cursor of the next page. */
export interface Page<T> {
  items: T[];
  hasMore: boolean;
  nextCursor: string | null;
}

export interface Keyset {
  /** The last row's sort value, as text (full precision for timestamps). */
  key: string;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An opaque keyset cursor: which ordering it belongs to (`kind`), the last row's sort value and id.
 * A cursor of another ordering, or one this API did not make, is a 400, never silently the first page.
 */
export function encodeKeyset(kind: string, keyset: Keyset): string {
  return Buffer.from(JSON.stringify([kind, keyset.key, keyset.id])).toString('base64url');
}

export function decodeKeyset(cursor: string | undefined, kind: string, field = 'cursor'): Keyset | null {
  if (cursor === undefined || cursor === '') return null;
  const invalid = () => invalidCursor(field);
  if (cursor.length > LIST_CURSOR_MAX) throw invalid();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 3 ||
    parsed[0] !== kind ||
    typeof parsed[1] !== 'string' ||
    typeof parsed[2] !== 'string' ||
    !UUID.test(parsed[2])
  ) {
    throw invalid();
  }
  return { key: parsed[1], id: parsed[2] };
}

/**
 * The keyset of a list ordered by a time (newest first by creation): its `at` and id; a cursor whose
 * sort value is not a time is a 400 like any other this API did not make.
 */
export function decodeTimeKeyset(
  cursor: string | undefined,
  kind: string,
  field = 'cursor',
): { at: Date; id: string } | null {
  const keyset = decodeKeyset(cursor, kind, field);
  if (!keyset) return null;
  const at = new Date(keyset.key);
  if (Number.isNaN(at.getTime())) throw invalidCursor(field);
  return { at, id: keyset.id };
}

/** The 400 of a cursor this API did not make for the list and order it is given to. */
export function invalidCursor(field = 'cursor') {
  return badRequest('Invalid cursor', [
    { field, message: 'is not a nextCursor this API returned for the same list and order' },
  ]);
}

/**
 * A page from `limit + 1` rows: at most `limit` items and at most the reply budget in bytes (a shorter
 * page then, with `hasMore`). `present` turns rows into what the reply carries.
 */
export async function pageOf<Row extends { id: string; cursor_key: string }, Item>(
  rows: Row[],
  limit: number,
  kind: string,
  present: (rows: Row[]) => Item[] | Promise<Item[]>,
): Promise<Page<Item>> {
  const head = rows.slice(0, limit);
  const items = fitToBudget(await present(head));
  const hasMore = rows.length > limit || items.length < head.length;
  const last = head[items.length - 1];
  return {
    items,
    hasMore,
    nextCursor: hasMore && last ? encodeKeyset(kind, { key: last.cursor_key, id: last.id }) : null,
  };
}
