/** The scopes a personal access token can carry. A browser session holds both. */
export const SCOPES = ['api:read', 'api:write'] as const;
export type Scope = (typeof SCOPES)[number];

/** Who is calling. Services trust this and nothing else about the caller. */
export type Caller = AnonymousCaller | UserCaller;

export interface AnonymousCaller {
  kind: 'anonymous';
}

export interface UserCaller {
  kind: 'user';
  userId: string;
  isAdmin: boolean;
  scopes: Scope[];
  /** How the caller authenticated: a browser session cookie or a personal access token. */
  via: 'session' | 'token';
  tokenId?: string;
}

/** Travels first on every message, from the gateway through every service. */
export interface RequestContext {
  requestId: string;
  caller: Caller;
}

/** The wire shape of every request/reply message and event. */
export interface Envelope<T> {
  ctx: RequestContext;
  data: T;
}

export const ANONYMOUS: AnonymousCaller = { kind: 'anonymous' };

export function isUser(caller: Caller): caller is UserCaller {
  return caller.kind === 'user';
}
