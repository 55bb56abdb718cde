import { isUser, type RequestContext } from '@pc/contracts';
import { notFound } from '@pc/platform';

/**
 * A submission is seen by the listing's current owner (after a transfer, the new one) and by
 * administrators; anyone else, a previous owner too, gets 404.
 */
export function visibleSubmission<Row extends { owner_id: string }>(
  ctx: RequestContext,
  row: Row | null,
): Row {
  const caller = ctx.caller;
  if (!row || !isUser(caller) || (row.owner_id !== caller.userId && !caller.isAdmin)) {
    throw notFound('Submission');
  }
  return row;
}
