// requireUser, requireAdmin, callerId, isAdmin: the one copy lives in @pc/platform (auth/caller.ts).
export { callerId, isAdmin, requireAdmin, requireUser } from '@pc/platform';
import { badRequest } from '@pc/platform';

export const UNIQUE_VIOLATION = '23505';

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as {
    code?: string;
    constraint?: string;
    driverError?: { code?: string; constraint?: string };
  };
  const code = e.code ?? e.driverError?.code;
  const name = e.constraint ?? e.driverError?.constraint;
  return code === UNIQUE_VIOLATION && (constraint === undefined || name === constraint);
}

/** An opaque cursor over a numeric id. */
export function encodeCursor(id: string): string {
  return Buffer.from(`h:${id}`).toString('base64url');
}

/** No cursor: the first page. A cursor that is not one of ours is a 400, never silently the first page. */
export function decodeCursor(cursor: string | undefined): string | null {
  if (cursor === undefined || cursor === '') return null;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^h:\d{1,18}$/.test(text) || encodeCursor(text.slice(2)) !== cursor) {
    throw badRequest('Invalid cursor', [{ field: 'before', message: 'is not a cursor this API returned' }]);
  }
  return text.slice(2);
}
