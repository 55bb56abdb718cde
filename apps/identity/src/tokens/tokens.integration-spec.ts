import { IdentityRpc } from '@pc/contracts';
import { codeOf, identityUnderTest, viaSession, viaToken } from '../testing/identity-under-test';

const CAP = 5;
const NEW_TOKEN = { name: 'ci', scopes: ['api:read' as const], expiresInDays: null };

describe('access tokens (identity service, real PostgreSQL)', () => {
  const identity = identityUnderTest({ MAX_ACTIVE_TOKENS_PER_USER: String(CAP) });

  it('creates a token from a session only: a token cannot mint another', async () => {
    const user = await identity.newUser();
    const created = await identity.request(IdentityRpc.createToken, user.session, NEW_TOKEN);
    expect(created.token).toMatch(/^pcat_/);
    expect(created.record).toMatchObject({ name: 'ci', scopes: ['api:read'], revoked_at: null });
    expect(await codeOf(identity.request(IdentityRpc.createToken, viaToken(user.id), NEW_TOKEN))).toBe(
      'IDENTITY.TOKEN_NOT_ALLOWED',
    );
  });

  it('stores only the hash, deduplicates and sorts scopes, trims the name', async () => {
    const user = await identity.newUser();
    const { token, record } = await identity.request(IdentityRpc.createToken, user.session, {
      name: '  deploy  ',
      scopes: ['api:write', 'api:read', 'api:write'],
      expiresInDays: 30,
    });
    expect(record.name).toBe('deploy');
    expect(record.scopes).toEqual(['api:read', 'api:write']);
    expect(Date.parse(record.expires_at!) - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
    const rows = await identity.sql<{ token_hash: string }>(
      'SELECT token_hash FROM identity.access_tokens WHERE id = $1',
      [record.id],
    );
    expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].token_hash).not.toContain(token);
  });

  it('authenticates with its scopes and expiry; a revoked or expired token no longer does', async () => {
    const user = await identity.newUser();
    const a = await identity.request(IdentityRpc.createToken, user.session, NEW_TOKEN);
    const b = await identity.request(IdentityRpc.createToken, user.session, {
      ...NEW_TOKEN,
      expiresInDays: 30,
    });
    const who = await identity.authenticate({ token: a.token });
    expect(who.caller).toMatchObject({ kind: 'user', userId: user.id, scopes: ['api:read'], via: 'token' });
    expect(who.expiresAt).toBeNull();
    expect((await identity.authenticate({ token: b.token })).expiresAt).toBe(b.record.expires_at);

    await identity.request(IdentityRpc.revokeToken, user.session, { id: a.record.id });
    expect(await codeOf(identity.authenticate({ token: a.token }))).toBe('IDENTITY.TOKEN_INVALID');
    await identity.sql(
      `UPDATE identity.access_tokens SET expires_at = now() - interval '1 second' WHERE id = $1`,
      [b.record.id],
    );
    expect(await codeOf(identity.authenticate({ token: b.token }))).toBe('IDENTITY.TOKEN_INVALID');
  });

  it('revokes once, keeps the first revocation time, and hides other users tokens (404)', async () => {
    const owner = await identity.newUser();
    const other = await identity.newUser();
    const { record } = await identity.request(IdentityRpc.createToken, owner.session, NEW_TOKEN);
    expect(await codeOf(identity.request(IdentityRpc.revokeToken, other.session, { id: record.id }))).toBe(
      'NOT_FOUND',
    );
    const first = await identity.request(IdentityRpc.revokeToken, owner.session, { id: record.id });
    const again = await identity.request(IdentityRpc.revokeToken, owner.session, { id: record.id });
    expect(first.record.revoked_at).not.toBeNull();
    expect(again.record.revoked_at).toBe(first.record.revoked_at);
  });

  it('lists the caller own tokens, newest first, revoked ones included', async () => {
    const user = await identity.newUser();
    const other = await identity.newUser();
    const first = await identity.request(IdentityRpc.createToken, user.session, {
      ...NEW_TOKEN,
      name: 'first',
    });
    await identity.request(IdentityRpc.createToken, user.session, { ...NEW_TOKEN, name: 'second' });
    await identity.request(IdentityRpc.createToken, other.session, NEW_TOKEN);
    await identity.request(IdentityRpc.revokeToken, user.session, { id: first.record.id });
    const { tokens } = await identity.request(IdentityRpc.listTokens, user.session, {});
    expect(tokens.map((t) => t.name)).toEqual(['second', 'first']);
    expect(tokens[1].revoked_at).not.toBeNull();
  });

  it(`refuses a token beyond ${CAP} active ones with 422; revoked and expired ones do not count`, async () => {
    const user = await identity.newUser();
    const made = [];
    for (let i = 0; i < CAP; i++)
      made.push(await identity.request(IdentityRpc.createToken, user.session, NEW_TOKEN));
    expect(await codeOf(identity.request(IdentityRpc.createToken, user.session, NEW_TOKEN))).toBe(
      'IDENTITY.TOKEN_LIMIT',
    );
    await identity.request(IdentityRpc.revokeToken, user.session, { id: made[0].record.id });
    await identity.sql(
      `UPDATE identity.access_tokens SET expires_at = now() - interval '1 second' WHERE id = $1`,
      [made[1].record.id],
    );
    await identity.request(IdentityRpc.createToken, user.session, NEW_TOKEN);
    await identity.request(IdentityRpc.createToken, user.session, NEW_TOKEN);
    expect(await codeOf(identity.request(IdentityRpc.createToken, user.session, NEW_TOKEN))).toBe(
      'IDENTITY.TOKEN_LIMIT',
    );
  });

  it(`never lets concurrent creations exceed the cap of ${CAP} active tokens`, async () => {
    const user = await identity.newUser();
    const attempts = await Promise.allSettled(
      Array.from({ length: 4 * CAP }, () =>
        identity.request(IdentityRpc.createToken, user.session, NEW_TOKEN),
      ),
    );
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(CAP);
    const [{ active }] = await identity.sql<{ active: number }>(
      `SELECT count(*)::int AS active FROM identity.access_tokens WHERE user_id = $1 AND revoked_at IS NULL`,
      [user.id],
    );
    expect(active).toBe(CAP);
  });

  it('answers 401 to an anonymous caller', async () => {
    const anonymous = { ...viaSession('x'), caller: { kind: 'anonymous' as const } };
    expect(await codeOf(identity.request(IdentityRpc.listTokens, anonymous, {}))).toBe('UNAUTHENTICATED');
  });
});
