import { badRequest, decodeKeyset, type Keyset } from '@pc/platform';

/**
 * The keyset cursors of this service's lists newest first by a timestamp (the inbox, the audit log, a
 * webhook endpoint's deliveries): the platform's cursor (encodeKeyset, pageOf: it names its list, so
 * another list's cursor is a 400), whose key is the row's time exact to the microsecond, as PostgreSQL
 * keeps it. These tables take their times from now() or from events, with microseconds, so the
 * platform's decodeTimeKeyset (a Date, to the millisecond) would skip the rows of the last row's
 * millisecond at a page boundary; the key is kept as text and compared as a timestamp.
 */

/** SQL: a timestamp column as a cursor's key (UTC, ISO 8601 with microseconds). */
export const timeKeySql = (column: string): string =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const TIME_KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/**
 * The keyset of a cursor of `kind` (null without one): its key a time as `timeKeySql` wrote it, which
 * PostgreSQL reads back exactly. Any other cursor is a 400 on `cursor` (the platform's 'Invalid cursor'),
 * never a database error: a key of year 0000 has the form and a date in JavaScript, but PostgreSQL has
 * no year 0 and would refuse it as a value out of range.
 */
export function decodeTimeKey(cursor: string | undefined, kind: string): Keyset | null {
  const keyset = decodeKeyset(cursor, kind);
  if (!keyset) return null;
  const millis = `${keyset.key.slice(0, 23)}Z`;
  const at = new Date(millis);
  if (
    !TIME_KEY.test(keyset.key) ||
    Number.isNaN(at.getTime()) ||
    at.toISOString() !== millis ||
    at.getUTCFullYear() < 1
  ) {
    throw badRequest('Invalid cursor', [
      { field: 'cursor', message: 'is not a nextCursor this API returned for the same list and order' },
    ]);
  }
  return keyset;
}
