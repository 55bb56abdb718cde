import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Why a member is disabled (`MemberDisabledReason`): they left, a manager removed them, or unarchiving the
 * workspace found them with no room under the membership cap. Re-enabling them says which it was (and
 * clears it); members disabled before this keep none, and re-enabling them says it is not known.
 */
export class WorkspacesMembersDisabledReason1797900000000 implements MigrationInterface {
  name = 'WorkspacesMembersDisabledReason1797900000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE workspaces.members ADD COLUMN disabled_reason text`);
    await db.query(
      `ALTER TABLE workspaces.members ADD CONSTRAINT members_disabled_reason CHECK (disabled_reason IS NULL
         OR (disabled_at IS NOT NULL AND disabled_reason IN ('left', 'removed', 'membership_limit')))`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE workspaces.members DROP CONSTRAINT members_disabled_reason, DROP COLUMN disabled_reason`,
    );
  }
}
