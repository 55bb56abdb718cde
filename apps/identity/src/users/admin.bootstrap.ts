import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { createLogger } from '@pc/platform';
import { hashPassword } from '../auth/password';
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
    private readonly users: UsersRepository,
    @Inject(IdentityEnv) private readonly env: IdentityEnv,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const email = this.env.BOOTSTRAP_ADMIN_EMAIL?.trim().toLowerCase();
    const password = this.env.BOOTSTRAP_ADMIN_PASSWORD;
    if (!email) return;
    const existing = await this.users.findByEmail(email);
    if (existing) {
      if (!existing.isAdmin && !this.env.BOOTSTRAP_ADMIN_PROMOTE_EXISTING) {
        log.warn(
          { userId: existing.id },
          'an account with BOOTSTRAP_ADMIN_EMAIL exists and is not an administrator; set BOOTSTRAP_ADMIN_PROMOTE_EXISTING=true to promote it',
        );
        return;
      }
      if (!existing.isAdmin) {
        existing.isAdmin = true;
        await this.users.save(existing);
        log.info({ userId: existing.id }, 'existing account made administrator');
      }
      return;
    }
    if (!password) {
      log.warn('BOOTSTRAP_ADMIN_EMAIL is set without BOOTSTRAP_ADMIN_PASSWORD: no administrator created');
      return;
    }
    const admin = this.users.create({
      email,
      passwordHash: await hashPassword(password),
      name: 'Administrator',
      isAdmin: true,
    });
    try {
      await this.users.save(admin);
      log.info({ userId: admin.id }, 'administrator created');
    } catch (error) {
      if (!isUniqueViolation(error)) throw error; // another replica created it first
    }
  }
}
