import { badRequest } from '@pc/platform';

/** Where a page newest first ends: its last row's timestamp and id (the keyset the next page starts after). */
export interface TimeCursor {
  at: string;
  id: string;
}

/** The opaque cursor a client sends back for the next page. */
export function encodeTimeCursor(at: string, id: string): string {
  return Buffer.from(JSON.stringify([at, id])).toString('base64url');
}

/** The keyset of a cursor this service made; anything else is a 400 on `cursor`. */
export function decodeTimeCursor(cursor: string): TimeCursor {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (
      typeof at === 'string' &&
      !Number.isNaN(Date.parse(at)) &&
      typeof id === 'string' &&
      /^[0-9a-f-]{36}$/i.test(id)
    )
      return { at, id };
  } catch {
    // falls through
  }
  throw badRequest('Invalid cursor', [{ field: 'cursor', message: 'is not a cursor of this list' }]);
}
