import { isDeepStrictEqual } from 'node:util';
import { isUser, type RequestContext } from '@pc/contracts';
import { conflict, notFound } from '@pc/platform';

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

/**
 * An edit that changes where a listing is read from (its repository, ref or path) is validated before its
 * transaction, since a call out is never made under a row lock. Under the lock, the source it was validated
 * against must still be the submission's: another edit may have moved the ref meanwhile, and the queue
 * would then show one ref with another's validation, and approval publish a ref nobody validated. Such an
 * edit is refused (409), to be sent again.
 */
export function checkSourceUnchanged<Source extends object>(validatedAgainst: Source, locked: Source): void {
  if (!isDeepStrictEqual(validatedAgainst, locked)) {
    throw conflict("The submission's source changed while this edit was validated: send the edit again");
  }
}
