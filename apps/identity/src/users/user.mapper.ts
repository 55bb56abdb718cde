import { createHash } from 'node:crypto';
import type { PublicProfile, UserProfile, UserSummary } from '@pc/contracts';
import type { UserRow } from './users.repository';

export function toUserProfile(user: UserRow): UserProfile {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    company: user.company,
    username: user.username,
    bio: user.bio,
    linkedinUrl: user.linkedin_url,
    xUrl: user.x_url,
    profileIsPublic: user.profile_is_public,
    is_admin: user.is_admin,
    created_at: user.created_at.toISOString(),
  };
}

/**
 * Name, company and username always; bio, links and the avatar hash (which would let anyone confirm a
 * guessed email) only when the owner made the profile public.
 */
export function toPublicProfile(user: UserRow & { username: string }): PublicProfile {
  const base: PublicProfile = {
    id: user.id,
    name: user.name,
    company: user.company,
    username: user.username,
    profileIsPublic: user.profile_is_public,
  };
  if (!user.profile_is_public) return base;
  return {
    ...base,
    bio: user.bio,
    linkedinUrl: user.linkedin_url,
    xUrl: user.x_url,
    avatarEmailHash: emailHash(user.email),
  };
}

export function toUserSummary(user: UserRow, avatarBaseUrl: string): UserSummary {
  const hash = emailHash(user.email);
  return {
    id: user.id,
    name: user.name,
    username: user.username,
    company: user.company,
    email: user.email,
    avatarEmailHash: hash,
    avatarUrl: avatarBaseUrl ? `${avatarBaseUrl}${hash}` : '',
  };
}

/** SHA-256 of the trimmed, lower-cased email: what avatar services key on. */
export function emailHash(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}
