import { IdentityRpc } from '@pc/contracts';
import { anonymous, codeOf, IdentityUnderTest, viaSession } from '../testing/identity-under-test';

/** The administrator named by BOOTSTRAP_ADMIN_EMAIL, at each start of the service. */
describe('the bootstrap administrator (identity service, real PostgreSQL)', () => {
  const identity = new IdentityUnderTest();

  beforeAll(() => identity.start());
  afterAll(() => identity.close());

  const isAdmin = async (userId: string): Promise<boolean> =>
    (await identity.request(IdentityRpc.getMe, viaSession(userId), {})).user.is_admin;

  it('creates the administrator once, and never changes its password at a later start', async () => {
    const email = identity.email();
    await identity.restart({ BOOTSTRAP_ADMIN_EMAIL: email, BOOTSTRAP_ADMIN_PASSWORD: 'first-password' });
    const admin = await identity.request(IdentityRpc.login, anonymous(), {
      email,
      password: 'first-password',
    });
    expect(admin.user.is_admin).toBe(true);
    await identity.restart({ BOOTSTRAP_ADMIN_EMAIL: email, BOOTSTRAP_ADMIN_PASSWORD: 'second-password' });
    expect(
      await codeOf(identity.request(IdentityRpc.login, anonymous(), { email, password: 'second-password' })),
    ).toBe('IDENTITY.INVALID_CREDENTIALS');
    expect((await identity.sql('SELECT 1 FROM identity.users WHERE email = $1', [email])).length).toBe(1);
  });

  it('creates no administrator from an email without a password', async () => {
    const email = identity.email();
    await identity.restart({ BOOTSTRAP_ADMIN_EMAIL: email });
    expect(await identity.sql('SELECT 1 FROM identity.users WHERE email = $1', [email])).toEqual([]);
  });

  it.each([
    ['unset', {}],
    ['false', { BOOTSTRAP_ADMIN_PROMOTE_EXISTING: 'false' }],
    ['0', { BOOTSTRAP_ADMIN_PROMOTE_EXISTING: '0' }],
  ])(
    'does not promote an existing account when BOOTSTRAP_ADMIN_PROMOTE_EXISTING is %s',
    async (_, setting) => {
      const user = await identity.newUser();
      await identity.restart({
        BOOTSTRAP_ADMIN_EMAIL: user.email,
        BOOTSTRAP_ADMIN_PASSWORD: 'whatever-1',
        ...setting,
      });
      expect(await isAdmin(user.id)).toBe(false);
      // Nor is its password replaced by the bootstrap one.
      expect(
        await codeOf(
          identity.request(IdentityRpc.login, anonymous(), { email: user.email, password: 'whatever-1' }),
        ),
      ).toBe('IDENTITY.INVALID_CREDENTIALS');
    },
  );

  it.each(['true', '1'])(
    'promotes an existing account when BOOTSTRAP_ADMIN_PROMOTE_EXISTING=%s',
    async (value) => {
      const user = await identity.newUser();
      await identity.restart({ BOOTSTRAP_ADMIN_EMAIL: user.email, BOOTSTRAP_ADMIN_PROMOTE_EXISTING: value });
      expect(await isAdmin(user.id)).toBe(true);
      expect(
        (
          await identity.request(IdentityRpc.login, anonymous(), {
            email: user.email,
            password: 'password123',
          })
        ).user.is_admin,
      ).toBe(true);
    },
  );
});
