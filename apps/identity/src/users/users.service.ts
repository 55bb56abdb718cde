import { Inject, Injectable } from '@nestjs/common';
import {
  type FindUsersRequest,
  IdentityEvents,
  type PublicProfile,
  type RequestContext,
  type ResolveUserRequest,
  type UpdateProfileRequest,
  type UserProfile,
  type UserSummary,
  isUser,
} from '@pc/contracts';
import { BusClient, Database, DomainError, type Executor, notFound, unauthenticated } from '@pc/platform';
import { IdentityEnv } from '../identity.env';
import { toPublicProfile, toUserProfile, toUserSummary } from './user.mapper';
import { type NewUser, type ProfileChanges, type UserRow, UsersRepository } from './users.repository';

const UNIQUE_VIOLATION = '23505';

@Injectable()
export class UsersService {
  constructor(
    private readonly db: Database,
    private readonly users: UsersRepository,
    @Inject(IdentityEnv) private readonly env: IdentityEnv,
    private readonly bus: BusClient,
  ) {}

  // For the auth feature: the accounts it signs up, signs in and authenticates.

  /** A new account, inside the transaction that opens its first session. */
  createAccount(tx: Executor, fields: NewUser): Promise<UserRow> {
    return this.users.insert(tx, fields);
  }

  accountByEmail(email: string): Promise<UserRow | null> {
    return this.users.findByEmail(this.db.pool, email);
  }

  account(id: string): Promise<UserRow | null> {
    return this.users.findById(this.db.pool, id);
  }

  async getMe(ctx: RequestContext): Promise<{ user: UserProfile }> {
    return { user: toUserProfile(await this.currentUser(ctx)) };
  }

  /** The gateway has validated every field's shape; this applies them and keeps usernames unique. */
  async updateMe(ctx: RequestContext, changes: UpdateProfileRequest): Promise<{ user: UserProfile }> {
    const user = await this.currentUser(ctx);
    const columns: ProfileChanges = {
      name: changes.name?.trim(),
      company: changes.company === null ? null : changes.company?.trim(),
      username: changes.username?.toLowerCase(),
      bio: changes.bio === undefined ? undefined : changes.bio || null,
      linkedin_url: changes.linkedinUrl === undefined ? undefined : changes.linkedinUrl || null,
      x_url: changes.xUrl === undefined ? undefined : changes.xUrl || null,
      profile_is_public: changes.profileIsPublic,
    };
    try {
      const updated = await this.users.updateProfile(this.db.pool, user.id, columns);
      if (!updated) throw unauthenticated('The account no longer exists');
      await this.bus.emit(IdentityEvents.userUpdated, ctx, { userId: updated.id });
      return { user: toUserProfile(updated) };
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new DomainError('IDENTITY.USERNAME_TAKEN', 'That username is taken', [
          { field: 'username', message: 'is already taken' },
        ]);
      }
      throw error;
    }
  }

  async getPublicProfile(username: string): Promise<{ user: PublicProfile }> {
    const user = await this.users.findByUsername(this.db.pool, username.replace(/^@/, ''));
    if (!user?.username) throw notFound('User');
    return { user: toPublicProfile({ ...user, username: user.username }) };
  }

  async findMany(request: FindUsersRequest): Promise<{ users: UserSummary[] }> {
    const users = await this.users.findByIds(this.db.pool, [...new Set(request.ids)]);
    return { users: users.map((u) => toUserSummary(u, this.env.AVATAR_BASE_URL)) };
  }

  /** A username (with or without @) or an email, to a user, or null. */
  async resolve(request: ResolveUserRequest): Promise<{ user: UserSummary | null }> {
    const key = request.usernameOrEmail.trim();
    const user =
      key.includes('@') && !key.startsWith('@')
        ? await this.users.findByEmail(this.db.pool, key)
        : await this.users.findByUsername(this.db.pool, key.replace(/^@/, ''));
    return { user: user ? toUserSummary(user, this.env.AVATAR_BASE_URL) : null };
  }

  private async currentUser(ctx: RequestContext): Promise<UserRow> {
    if (!isUser(ctx.caller)) throw unauthenticated();
    const user = await this.users.findById(this.db.pool, ctx.caller.userId);
    if (!user) throw unauthenticated('The account no longer exists');
    return user;
  }
}

export function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: string }).code === UNIQUE_VIOLATION
  );
}
