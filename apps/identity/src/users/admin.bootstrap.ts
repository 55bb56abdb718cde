import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { createLogger, Database } from '@pc/platform';
import { hashPassword } from './password';
import { IdentityEnv } from '../identity.env';
import { isUniqueViolation } from './users.service';
import { UsersRepository } from './users.repository';

const log = createLogger('identity');

/**
 * Creates the administrator named by BOOTSTRAP_ADMIN_EMAIL at start. An existing account with that
 * email is made an administrator only when BOOTSTRAP_ADMIN_PROMOTE_EXISTING is true: sign-up does not
 * verify email addresses, so anyone could have registered it. An existing password is never changed.
 */
@Injectable()
export class AdminBootstrap implements OnApplicationBootstrap {
  constructor(
    private readonly db: Database,
    private readonly users: UsersRepository,
    @Inject(IdentityEnv) private readonly env: IdentityEnv,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const email = this.env.BOOTSTRAP_ADMIN_EMAIL?.trim().toLowerCase();
    const password = this.env.BOOTSTRAP_ADMIN_PASSWORD;
    if (!email) {
      if (!(await this.users.anyAdministrator(this.db.pool))) {
        log.warn(
          'no administrator exists and BOOTSTRAP_ADMIN_EMAIL is not set: set BOOTSTRAP_ADMIN_EMAIL and BOOTSTRAP_ADMIN_PASSWORD to create one (npm start does this for you)',
        );
      }
      return;
    }
    const existing = await this.users.findByEmail(this.db.pool, email);
    if (existing) {
      if (!existing.is_admin && !this.env.BOOTSTRAP_ADMIN_PROMOTE_EXISTING) {
        log.warn(
          { userId: existing.id },
          'an account with BOOTSTRAP_ADMIN_EMAIL exists and is not an administrator; set BOOTSTRAP_ADMIN_PROMOTE_EXISTING=true to promote it',
        );
        return;
      }
      if (!existing.is_admin) {
        await this.users.makeAdministrator(this.db.pool, existing.id);
        log.info({ userId: existing.id }, 'existing account made administrator');
      }
      return;
    }
    if (!password) {
      log.warn('BOOTSTRAP_ADMIN_EMAIL is set without BOOTSTRAP_ADMIN_PASSWORD: no administrator created');
      return;
    }
    try {
      const admin = await this.users.insert(this.db.pool, {
        email,
        password_hash: await hashPassword(password),
        name: 'Administrator',
        is_admin: true,
      });
      log.info({ userId: admin.id }, 'administrator created');
    } catch (error) {
      if (!isUniqueViolation(error)) throw error; // another replica created it first
    }
  }
}
