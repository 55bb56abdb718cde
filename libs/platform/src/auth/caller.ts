import { type Caller, isUser, type RequestContext, type UserCaller } from '@pc/contracts';
import { forbidden, unauthenticated } from '../errors/domain-error';

/** The signed-in caller of a message, or UNAUTHENTICATED (401). Every service's one copy. */
export function requireUser(ctx: RequestContext): UserCaller {
  if (!isUser(ctx.caller)) throw unauthenticated();
  return ctx.caller;
}

/** A signed-in administrator, or UNAUTHENTICATED / FORBIDDEN. */
export function requireAdmin(ctx: RequestContext): UserCaller {
  const caller = requireUser(ctx);
  if (!caller.isAdmin) throw forbidden('Administrators only');
  return caller;
}

/** The caller's user id, or null for an anonymous caller. */
export function callerId(caller: Caller): string | null {
  return isUser(caller) ? caller.userId : null;
}

export function isAdmin(caller: Caller): boolean {
  return isUser(caller) && caller.isAdmin;
}
