import { type Caller, isUser, type RequestContext, type UserCaller } from '@pc/contracts';
import { forbidden, unauthenticated } from '@pc/platform';

export function requireUser(ctx: RequestContext): UserCaller {
  if (!isUser(ctx.caller)) throw unauthenticated();
  return ctx.caller;
}

export function requireAdmin(ctx: RequestContext): UserCaller {
  const caller = requireUser(ctx);
  if (!caller.isAdmin) throw forbidden('Administrators only');
  return caller;
}

export function callerId(caller: Caller): string | null {
  return isUser(caller) ? caller.userId : null;
}

export function isAdmin(caller: Caller): boolean {
  return isUser(caller) && caller.isAdmin;
}
