import { IdentityRpc } from '@pc/contracts';
import { hashSecret } from '@pc/platform';
import { anonymous, codeOf, identityUnderTest } from '../testing/identity-under-test';
import { SessionSweeper } from './session-sweeper';

describe('sign-up, sign-in and sessions (identity service, real PostgreSQL)', () => {
  const identity = identityUnderTest({ SESSION_TTL_DAYS: '7' });

  it('signs up with a lower-cased email and opens a session of SESSION_TTL_DAYS', async () => {
    const email = identity.email().replace('user', 'MixedCase');
    const result = await identity.request(IdentityRpc.signup, anonymous(), {
      email: `  ${email} `,
      password: 'password123',
      name: '  Ada  ',
    });
    expect(result.user).toMatchObject({ email: email.toLowerCase(), name: 'Ada', is_admin: false });
    expect(result.sessionToken).toMatch(/^pcs_/);
    const days = (Date.parse(result.expiresAt) - Date.now()) / (24 * 3600 * 1000);
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
  });

  it('refuses a second account for the same email, whatever its case, and writes nothing', async () => {
    const { email } = await identity.newUser();
    expect(await codeOf(identity.newUser({ email: email.toUpperCase() }))).toBe('IDENTITY.EMAIL_TAKEN');
    const [{ count }] = await identity.sql<{ count: number }>(
      'SELECT count(*)::int AS count FROM identity.users WHERE email = $1',
      [email],
    );
    expect(count).toBe(1);
  });

  it('signs in with the password; a wrong password and an unknown email fail alike', async () => {
    const { email } = await identity.newUser({ password: 'right-password' });
    const session = await identity.request(IdentityRpc.login, anonymous(), {
      email,
      password: 'right-password',
    });
    expect(session.user.email).toBe(email);
    expect(
      await codeOf(identity.request(IdentityRpc.login, anonymous(), { email, password: 'wrong-password' })),
    ).toBe('IDENTITY.INVALID_CREDENTIALS');
    expect(
      await codeOf(
        identity.request(IdentityRpc.login, anonymous(), {
          email: identity.email(),
          password: 'right-password',
        }),
      ),
    ).toBe('IDENTITY.INVALID_CREDENTIALS');
  });

  it('authenticates a live session with both scopes; a signed-out or expired one is refused', async () => {
    const user = await identity.newUser();
    const who = await identity.authenticate({ session: user.sessionToken });
    expect(who.caller).toEqual({
      kind: 'user',
      userId: user.id,
      isAdmin: false,
      scopes: ['api:read', 'api:write'],
      via: 'session',
    });
    const second = await identity.request(IdentityRpc.login, anonymous(), {
      email: user.email,
      password: 'password123',
    });
    await identity.request(IdentityRpc.logout, user.session, { sessionHash: hashSecret(user.sessionToken) });
    expect(await codeOf(identity.authenticate({ session: user.sessionToken }))).toBe('UNAUTHENTICATED');
    expect((await identity.authenticate({ session: second.sessionToken })).caller).toMatchObject({
      userId: user.id,
    });
    await identity.sql(
      `UPDATE identity.sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
      [user.id],
    );
    expect(await codeOf(identity.authenticate({ session: second.sessionToken }))).toBe('UNAUTHENTICATED');
  });

  it('answers an anonymous caller when neither a session nor a token is given', async () => {
    expect(await identity.authenticate({})).toEqual({ caller: { kind: 'anonymous' }, expiresAt: null });
  });

  it('keeps users, sessions and tokens across a restart', async () => {
    const user = await identity.newUser();
    const { token } = await identity.request(IdentityRpc.createToken, user.session, {
      name: 'ci',
      scopes: ['api:read'],
      expiresInDays: null,
    });
    await identity.restart({ SESSION_TTL_DAYS: '7' });
    expect((await identity.authenticate({ session: user.sessionToken })).caller).toMatchObject({
      userId: user.id,
      via: 'session',
    });
    expect((await identity.authenticate({ token })).caller).toMatchObject({ userId: user.id, via: 'token' });
    expect(
      (await identity.request(IdentityRpc.login, anonymous(), { email: user.email, password: 'password123' }))
        .user.id,
    ).toBe(user.id);
  });

  it('sweeps expired sessions and keeps live ones', async () => {
    const stale = await identity.newUser();
    const live = await identity.newUser();
    await identity.sql(
      `UPDATE identity.sessions SET expires_at = now() - interval '1 day' WHERE user_id = $1`,
      [stale.id],
    );
    expect(await identity.get(SessionSweeper).sweep()).toBeGreaterThanOrEqual(1);
    const rows = await identity.sql<{ user_id: string }>(
      'SELECT user_id FROM identity.sessions WHERE user_id = ANY($1::uuid[])',
      [[stale.id, live.id]],
    );
    expect(rows.map((r) => r.user_id)).toEqual([live.id]);
  });
});
