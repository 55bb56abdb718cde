import type { Caller, Scope } from '../common/context';

/** The caller's own profile (`GET /api/me`). */
export interface UserProfile {
  id: string;
  email: string;
  name: string;
  company: string | null;
  username: string | null;
  bio: string | null;
  linkedinUrl: string | null;
  xUrl: string | null;
  profileIsPublic: boolean;
  is_admin: boolean;
  created_at: string;
}

/** `GET /api/users/{username}`: bio and links only when the profile is public. */
export interface PublicProfile {
  id: string;
  name: string;
  company: string | null;
  username: string;
  profileIsPublic: boolean;
  bio?: string | null;
  linkedinUrl?: string | null;
  xUrl?: string | null;
  /** Only when the profile is public. */
  avatarEmailHash?: string;
}

/** What other services may learn about a user (never the email unless they are told to show it). */
export interface UserSummary {
  id: string;
  name: string;
  username: string | null;
  company: string | null;
  email: string;
  avatarEmailHash: string;
  avatarUrl: string;
}

export interface SignupRequest {
  email: string;
  password: string;
  name: string;
}

export interface LoginRequest {
  email: string;
  password: string;
}

/** A new browser session: the opaque secret goes in the `sb-access-token` cookie. */
export interface SessionResult {
  user: UserProfile;
  sessionToken: string;
  expiresAt: string;
}

export interface LogoutRequest {
  sessionHash: string;
}

/**
 * The gateway checks a token's shape and checksum, then sends only SHA-256 hashes: raw secrets never
 * cross the bus.
 */
export interface AuthenticateRequest {
  sessionHash?: string;
  tokenHash?: string;
}

export interface AuthenticateResult {
  caller: Caller;
  /** When the cached answer stops being valid (token or session expiry), if ever. */
  expiresAt: string | null;
}

export const TOKEN_EXPIRY_DAYS = [30, 90, 365] as const;
export type TokenExpiryDays = (typeof TOKEN_EXPIRY_DAYS)[number];

export interface TokenRecord {
  id: string;
  name: string;
  token_prefix: string;
  scopes: Scope[];
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
  created_at: string;
}

export interface CreateTokenRequest {
  name: string;
  scopes: Scope[];
  expiresInDays: TokenExpiryDays | null;
}

export interface CreateTokenResult {
  token: string;
  record: TokenRecord;
}

export interface RevokeTokenRequest {
  id: string;
}

export interface RevokeTokenResult {
  ok: true;
  record: TokenRecord;
}

export interface UpdateProfileRequest {
  company?: string;
  username?: string;
  bio?: string | null;
  linkedinUrl?: string | null;
  xUrl?: string | null;
  profileIsPublic?: boolean;
  name?: string;
}

export interface GetPublicProfileRequest {
  username: string;
}

export interface FindUsersRequest {
  ids: string[];
}

export interface ResolveUserRequest {
  /** A username (with or without a leading @) or an email. */
  usernameOrEmail: string;
}

/** Broadcast to every gateway replica so that cached look-ups of the token are dropped at once. */
export interface TokenRevokedEvent {
  tokenId: string;
  tokenHash: string;
  userId: string;
}

/** A user's profile changed: whoever keeps copies of user summaries drops this one. */
export interface UserUpdatedEvent {
  userId: string;
}

export interface SessionEndedEvent {
  sessionHash: string;
}
