import { isUser, type RequestContext, type UserCaller } from '@pc/contracts';
import { unauthenticated } from '@pc/platform';

export function requireUser(ctx: RequestContext): UserCaller {
  if (!isUser(ctx.caller)) throw unauthenticated();
  return ctx.caller;
}
