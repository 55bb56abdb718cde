import { createHash } from 'node:crypto';
import type { PublicProfile, UserProfile, UserSummary } from '@pc/contracts';
import type { UserEntity } from './user.entity';

export function toUserProfile(user: UserEntity): UserProfile {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    company: user.company,
    username: user.username,
    bio: user.bio,
    linkedinUrl: user.linkedinUrl,
    xUrl: user.xUrl,
    profileIsPublic: user.profileIsPublic,
    is_admin: user.isAdmin,
    created_at: user.createdAt.toISOString(),
  };
}

/**
 * Name, company and username always; bio, links and the avatar hash (which would let anyone confirm a
 * guessed email) only when the owner made the profile public.
 */
export function toPublicProfile(user: UserEntity & { username: string }): PublicProfile {
  const base: PublicProfile = {
    id: user.id,
    name: user.name,
    company: user.company,
    username: user.username,
    profileIsPublic: user.profileIsPublic,
  };
  if (!user.profileIsPublic) return base;
  return {
    ...base,
    bio: user.bio,
    linkedinUrl: user.linkedinUrl,
    xUrl: user.xUrl,
    avatarEmailHash: emailHash(user.email),
  };
}

/** The avatar hash and URL only for a public profile: hidden means hidden everywhere. */
export function toUserSummary(user: UserEntity, avatarBaseUrl: string): UserSummary {
  const hash = user.profileIsPublic ? emailHash(user.email) : null;
  return {
    id: user.id,
    name: user.name,
    username: user.username,
    company: user.company,
    email: user.email,
    avatarEmailHash: hash,
    avatarUrl: hash && avatarBaseUrl ? `${avatarBaseUrl}${hash}` : '',
  };
}

/** SHA-256 of the trimmed, lower-cased email: what avatar services key on. */
export function emailHash(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}
