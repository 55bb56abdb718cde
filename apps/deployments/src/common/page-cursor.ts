import { LIST_CURSOR_MAX } from '@pc/contracts';
import { badRequest } from '@pc/platform';

/**
 * The opaque cursor of a list of this service, newest first: which list it belongs to and where its page
 * ended (the last row's creation time, kept to the millisecond by the tables, and id). A cursor of
 * another list, or one this service did not make, is a 400 on `cursor`, never silently the first page.
 */
export function encodePageCursor(list: string, at: Date, id: string): string {
  return Buffer.from(`${list}|${at.toISOString()}|${id}`).toString('base64url');
}

export function decodePageCursor(list: string, cursor: string): { at: Date; id: string } {
  const [of, at, id, ...rest] =
    cursor.length > LIST_CURSOR_MAX ? [] : Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const date = new Date(at ?? '');
  if (of !== list || rest.length > 0 || !id || !/^[0-9a-f-]{36}$/i.test(id) || Number.isNaN(date.getTime()))
    throw badRequest('Invalid cursor', [
      { field: 'cursor', message: 'is not a nextCursor this API returned for the same list' },
    ]);
  return { at: date, id };
}
