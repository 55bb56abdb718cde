import { IdentityRpc } from '@pc/contracts';
import { anonymous, codeOf, identityUnderTest } from '../testing/identity-under-test';

describe('profiles (identity service, real PostgreSQL)', () => {
  const identity = identityUnderTest({ AVATAR_BASE_URL: 'https://avatars.example/' });
  const unique = () => `u${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;

  it('applies only the fields given: trims, lower-cases the username, clears with null or empty', async () => {
    const user = await identity.newUser();
    const username = unique();
    const updated = await identity.request(IdentityRpc.updateMe, user.session, {
      name: '  Grace  ',
      company: ' Navy ',
      username: username.toUpperCase(),
      bio: 'Compilers',
      linkedinUrl: 'https://linkedin.example/grace',
    });
    expect(updated.user).toMatchObject({
      name: 'Grace',
      company: 'Navy',
      username,
      bio: 'Compilers',
      linkedinUrl: 'https://linkedin.example/grace',
      xUrl: null,
      profileIsPublic: false,
    });
    const cleared = await identity.request(IdentityRpc.updateMe, user.session, {
      bio: '',
      linkedinUrl: null,
    });
    expect(cleared.user).toMatchObject({
      name: 'Grace',
      company: 'Navy',
      username,
      bio: null,
      linkedinUrl: null,
    });
    expect((await identity.request(IdentityRpc.updateMe, user.session, {})).user).toEqual(cleared.user);
  });

  it('refuses a username another account holds, whatever its case, and keeps the caller own', async () => {
    const first = await identity.newUser();
    const second = await identity.newUser();
    const username = unique();
    await identity.request(IdentityRpc.updateMe, first.session, { username });
    expect(
      await codeOf(
        identity.request(IdentityRpc.updateMe, second.session, { username: username.toUpperCase() }),
      ),
    ).toBe('IDENTITY.USERNAME_TAKEN');
    expect((await identity.request(IdentityRpc.getMe, second.session, {})).user.username).toBeNull();
  });

  it('shows bio, links and the avatar hash publicly only once the owner makes the profile public', async () => {
    const user = await identity.newUser();
    const username = unique();
    await identity.request(IdentityRpc.updateMe, user.session, { username, bio: 'Private bio' });
    const hidden = await identity.request(IdentityRpc.getPublicProfile, anonymous(), {
      username: `@${username}`,
    });
    expect(hidden.user).toEqual({
      id: user.id,
      name: 'Test User',
      company: null,
      username,
      profileIsPublic: false,
    });
    await identity.request(IdentityRpc.updateMe, user.session, { profileIsPublic: true });
    const shown = await identity.request(IdentityRpc.getPublicProfile, anonymous(), { username });
    expect(shown.user).toMatchObject({
      bio: 'Private bio',
      avatarEmailHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(
      await codeOf(identity.request(IdentityRpc.getPublicProfile, anonymous(), { username: unique() })),
    ).toBe('NOT_FOUND');
  });

  it('resolves a user by email, by username with or without @, or to null', async () => {
    const user = await identity.newUser();
    const username = unique();
    await identity.request(IdentityRpc.updateMe, user.session, { username });
    for (const key of [user.email.toUpperCase(), username, `@${username}`]) {
      const { user: found } = await identity.request(IdentityRpc.resolveUser, anonymous(), {
        usernameOrEmail: key,
      });
      expect(found).toMatchObject({
        id: user.id,
        username,
        avatarUrl: expect.stringMatching(/^https:\/\/avatars\.example\//),
      });
    }
    expect(
      (await identity.request(IdentityRpc.resolveUser, anonymous(), { usernameOrEmail: identity.email() }))
        .user,
    ).toBeNull();
  });

  it('finds many users by id, each once', async () => {
    const a = await identity.newUser();
    const b = await identity.newUser();
    const { users } = await identity.request(IdentityRpc.findUsers, anonymous(), { ids: [a.id, b.id, a.id] });
    expect(users.map((u) => u.id).sort()).toEqual([a.id, b.id].sort());
    expect((await identity.request(IdentityRpc.findUsers, anonymous(), { ids: [] })).users).toEqual([]);
  });
});
