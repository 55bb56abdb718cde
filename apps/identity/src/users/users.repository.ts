import { Injectable } from '@nestjs/common';
import type { Executor } from '@pc/platform';

/** A row of `identity.users`. Emails and usernames are stored lower-cased; both are unique. */
export interface UserRow {
  id: string;
  email: string;
  password_hash: string;
  name: string;
  company: string | null;
  username: string | null;
  bio: string | null;
  linkedin_url: string | null;
  x_url: string | null;
  profile_is_public: boolean;
  is_admin: boolean;
  created_at: Date;
  updated_at: Date;
}

/** The columns a user may change on their own profile. */
export type NewUser = Pick<UserRow, 'email' | 'password_hash' | 'name'> & { is_admin?: boolean };

export type ProfileChanges = Partial<
  Pick<UserRow, 'name' | 'company' | 'username' | 'bio' | 'linkedin_url' | 'x_url' | 'profile_is_public'>
>;
const PROFILE_COLUMNS: ReadonlyArray<keyof ProfileChanges> = [
  'name',
  'company',
  'username',
  'bio',
  'linkedin_url',
  'x_url',
  'profile_is_public',
];

@Injectable()
export class UsersRepository {
  async findById(db: Executor, id: string): Promise<UserRow | null> {
    const rows = await db.query<UserRow[]>(`SELECT * FROM identity.users WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  async findByEmail(db: Executor, email: string): Promise<UserRow | null> {
    const rows = await db.query<UserRow[]>(`SELECT * FROM identity.users WHERE email = $1`, [
      email.trim().toLowerCase(),
    ]);
    return rows[0] ?? null;
  }

  async findByUsername(db: Executor, username: string): Promise<UserRow | null> {
    const rows = await db.query<UserRow[]>(`SELECT * FROM identity.users WHERE username = $1`, [
      username.toLowerCase(),
    ]);
    return rows[0] ?? null;
  }

  findByIds(db: Executor, ids: string[]): Promise<UserRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db.query<UserRow[]>(`SELECT * FROM identity.users WHERE id = ANY($1::uuid[])`, [ids]);
  }

  async anyAdministrator(db: Executor): Promise<boolean> {
    const rows = await db.query<unknown[]>(`SELECT 1 FROM identity.users WHERE is_admin LIMIT 1`);
    return rows.length > 0;
  }

  /** A new account; a taken email fails with PostgreSQL's unique violation (23505). */
  async insert(db: Executor, fields: NewUser): Promise<UserRow> {
    const rows = await db.query<UserRow[]>(
      `INSERT INTO identity.users (email, password_hash, name, is_admin) VALUES ($1, $2, $3, $4) RETURNING *`,
      [fields.email, fields.password_hash, fields.name, fields.is_admin ?? false],
    );
    return rows[0];
  }

  /** Applies the given profile columns (a taken username fails with 23505); null when the user is gone. */
  async updateProfile(db: Executor, id: string, changes: ProfileChanges): Promise<UserRow | null> {
    const columns = PROFILE_COLUMNS.filter((column) => changes[column] !== undefined);
    if (columns.length === 0) return this.findById(db, id);
    const assignments = columns.map((column, i) => `${column} = $${i + 2}`).join(', ');
    const [rows] = await db.query<[UserRow[], number]>(
      `UPDATE identity.users SET ${assignments}, updated_at = now() WHERE id = $1 RETURNING *`,
      [id, ...columns.map((column) => changes[column])],
    );
    return rows[0] ?? null;
  }

  async makeAdministrator(db: Executor, id: string): Promise<void> {
    await db.query(`UPDATE identity.users SET is_admin = true, updated_at = now() WHERE id = $1`, [id]);
  }
}
