import { randomUUID } from 'node:crypto';
import { IdentityRpc, type UpdateProfileRequest } from '@pc/contracts';
import { DomainError } from '@pc/platform';
import { inOneWindow, type OpenApiDocument, OpenApiValidator } from '@pc/testing';
import { gatewayUnderTest } from '../testing/gateway-under-test';

type Json = Record<string, unknown>;

/**
 * The gateway's own rules on identity's routes, with a stand-in for identity: the body rules of each
 * DTO (a 400 naming the field, nothing sent on), the scope a method needs, the sign-in throttle. What
 * identity decides is its service-level tests'; the statuses through the whole system are the identity
 * end-to-end file's.
 */
describe("identity's routes at the gateway (a stand-in for identity)", () => {
  const gateway = gatewayUnderTest([
    IdentityRpc.updateMe,
    IdentityRpc.getMe,
    IdentityRpc.createToken,
    IdentityRpc.login,
  ]);
  const profile = { id: randomUUID(), email: 'ada@example.com', name: 'Ada', is_admin: false };

  beforeAll(() => {
    gateway.reply(IdentityRpc.updateMe, () => ({ user: profile }) as never);
    gateway.reply(IdentityRpc.getMe, () => ({ user: profile }) as never);
    gateway.reply(
      IdentityRpc.createToken,
      (data) =>
        ({ token: 'pcat_x', record: { id: randomUUID(), name: data.name, scopes: data.scopes } }) as never,
    );
  });

  /** The field names of a 400's details. */
  const fieldsOf = (body: Json) => ((body.details ?? []) as Json[]).map((d) => d.field);

  it('refuses each bad profile field with 400 and its name, and sends identity nothing', async () => {
    const { token } = gateway.user();
    const cases: Array<[Json, string]> = [
      [{ username: 'ab' }, 'username'],
      [{ username: '-abc' }, 'username'],
      [{ username: 'abc-' }, 'username'],
      [{ username: 'a'.repeat(31) }, 'username'],
      [{ username: 'has space' }, 'username'],
      [{ company: '' }, 'company'],
      [{ company: 'c'.repeat(121) }, 'company'],
      [{ bio: 'b'.repeat(1001) }, 'bio'],
      [{ linkedinUrl: 'http://linkedin.com/in/ada' }, 'linkedinUrl'],
      [{ linkedinUrl: 'https://linkedin.com.evil.example/in/ada' }, 'linkedinUrl'],
      [{ linkedinUrl: 'https://example.com/in/ada' }, 'linkedinUrl'],
      [{ xUrl: 'https://mastodon.example/@ada' }, 'xUrl'],
      [{ xUrl: 'http://x.com/ada' }, 'xUrl'],
      [{ profileIsPublic: 'yes' }, 'profileIsPublic'],
      [{ profileIsPublic: null }, 'profileIsPublic'],
      [{ username: null }, 'username'],
      [{ name: null }, 'name'],
    ];
    const asked = gateway.asked.get(IdentityRpc.updateMe.pattern)?.length ?? 0;
    for (const [body, field] of cases) {
      const res = await gateway.fetch('PATCH', '/api/me', { token, body });
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect(fieldsOf(res.body)).toContain(field);
    }
    expect(gateway.asked.get(IdentityRpc.updateMe.pattern)?.length ?? 0).toBe(asked);
  });

  it('passes a profile within every limit on, clearing with null or empty, and never an unknown field', async () => {
    const { token } = gateway.user();
    const valid = {
      company: 'Analytical Engines',
      username: 'Ada_1',
      bio: 'b'.repeat(1000),
      linkedinUrl: 'https://de.linkedin.com/in/ada',
      xUrl: 'https://twitter.com/ada',
      profileIsPublic: true,
    };
    expect((await gateway.fetch('PATCH', '/api/me', { token, body: valid })).status).toBe(200);
    expect(
      (await gateway.fetch('PATCH', '/api/me', { token, body: { bio: '', linkedinUrl: null, xUrl: null } }))
        .status,
    ).toBe(200);
    const sneaky = await gateway.fetch('PATCH', '/api/me', {
      token,
      body: { is_admin: true, isAdmin: true, email: 'x@y.z', bio: 'kept' },
    });
    expect(sneaky.status).toBe(200);
    const sent = gateway.asked.get(IdentityRpc.updateMe.pattern)!.slice(-3) as UpdateProfileRequest[];
    expect(sent[0]).toMatchObject({ ...valid, username: 'ada_1' });
    expect(sent[1]).toEqual({ bio: '', linkedinUrl: null, xUrl: null });
    expect(sent[2]).toEqual({ bio: 'kept' });
  });

  it('refuses every profile link the document refuses, and takes every one it takes', async () => {
    const { token } = gateway.user();
    const served = await gateway.fetch('GET', '/api/openapi.json');
    const document = served.body as unknown as OpenApiDocument;
    const properties = (document.components!.schemas!.UpdateMeDto as { properties: Record<string, unknown> })
      .properties;
    const validator = new OpenApiValidator(document);
    const long = (url: string, length: number) => url + 'a'.repeat(length - url.length);
    const cases: Record<'linkedinUrl' | 'xUrl', Array<[unknown, boolean]>> = {
      linkedinUrl: [
        ['https://www.linkedin.com/in/ada', true],
        ['https://de.linkedin.com/in/ada-lovelace-1815/', true],
        ['https://linkedin.com', true],
        ['https://linkedin.com/in/ada?trk=public_profile#about', true],
        ['https://linkedin.com/in/jos%C3%A9', true],
        [long('https://linkedin.com/in/', 2048), true],
        ['', true],
        [null, true],
        [long('https://linkedin.com/in/', 2049), false],
        ['http://linkedin.com/in/ada', false],
        ['ftp://linkedin.com/in/ada', false],
        ['linkedin.com/in/ada', false],
        ['https://linkedin.com.evil.example/in/ada', false],
        ['https://evil.example/linkedin.com', false],
        ['https://example.com/in/ada', false],
        ['https://abcd.linkedin.com/in/ada', false],
        ['https://a.b.linkedin.com/in/ada', false],
        ['https://user:secret@linkedin.com/in/ada', false],
        ['https://linkedin.com@evil.example/in/ada', false],
        ['https://linkedin.com:8443/in/ada', false],
        ['https://linkedin.com/in/jos\u00e9', false],
        ['https://linkedin.com/in/a da', false],
        [' https://linkedin.com/in/ada', false],
        ['https://linkedin.com/in/ada\n', false],
        ['https:\\\\linkedin.com\\in\\ada', false],
        [42, false],
      ],
      xUrl: [
        ['https://x.com/ada', true],
        ['https://www.x.com/ada', true],
        ['https://twitter.com/ada', true],
        ['https://www.twitter.com/ada/status/1?s=20', true],
        ['', true],
        [null, true],
        ['http://x.com/ada', false],
        ['https://mastodon.example/@ada', false],
        ['https://mobile.twitter.com/ada', false],
        ['https://xx.com/ada', false],
        ['https://x.com.evil.example/ada', false],
        ['https://x.com@evil.example/ada', false],
        ['https://twitter.com:444/ada', false],
        [long('https://x.com/', 2049), false],
      ],
    };
    // What the document and the API say of each value, beside what both should say.
    const found: Json[] = [];
    const wanted: Json[] = [];
    for (const [field, values] of Object.entries(cases)) {
      const documented = validator.compileRequestSchema(properties[field]);
      for (const [value, ok] of values) {
        const res = await gateway.fetch('PATCH', '/api/me', { token, body: { [field]: value } });
        const shown =
          typeof value === 'string' && value.length > 80 ? `${value.slice(0, 40)}… (${value.length})` : value;
        const refused = res.status === 400 ? [...new Set(fieldsOf(res.body))] : [];
        found.push({ field, value: shown, document: documented(value), api: res.status, refused });
        wanted.push({ field, value: shown, document: ok, api: ok ? 200 : 400, refused: ok ? [] : [field] });
      }
    }
    expect(found).toEqual(wanted);
  });

  it('takes a token expiry of 30, 90 or 365 days and a name and scopes within their limits, else 400', async () => {
    const { session } = gateway.user();
    const cookie = { cookie: `sb-access-token=${session}` };
    const create = (body: Json) => gateway.fetch('POST', '/api/tokens', { body, headers: cookie });
    for (const expiresInDays of [30, 90, 365]) {
      expect((await create({ name: 'ci', scopes: ['api:read'], expiresInDays })).status).toBe(201);
    }
    expect(gateway.asked.get(IdentityRpc.createToken.pattern)!.at(-1)).toMatchObject({ expiresInDays: 365 });
    for (const expiresInDays of [7, 0, '30', 366]) {
      const res = await create({ name: 'x', scopes: ['api:read'], expiresInDays });
      expect({ expiresInDays, status: res.status }).toEqual({ expiresInDays, status: 400 });
      expect(fieldsOf(res.body)[0]).toBe('expiresInDays');
    }
    const cases: Json[] = [
      { name: '', scopes: ['api:read'] },
      { name: 'x'.repeat(101), scopes: ['api:read'] },
      { name: 'ok', scopes: [] },
      { name: 'ok', scopes: ['api:admin'] },
      { scopes: ['api:read'] },
    ];
    for (const body of cases) {
      const res = await create(body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect(fieldsOf(res.body).length).toBeGreaterThan(0);
    }
    expect((await create({ name: 'x'.repeat(100), scopes: ['api:write'] })).status).toBe(201);
    // No expiry given: none (identity is asked with null).
    expect(gateway.asked.get(IdentityRpc.createToken.pattern)!.at(-1)).toMatchObject({ expiresInDays: null });
  });

  it('checks the scope by method: a read-only token cannot PATCH, a write-only token cannot GET', async () => {
    const read = gateway.user(false, ['api:read']);
    const write = gateway.user(false, ['api:write']);
    const patch = await gateway.fetch('PATCH', '/api/me', { token: read.token, body: { company: 'Acme' } });
    expect(patch.status).toBe(403);
    expect(String(patch.body.message)).toMatch(/api:write/);
    expect((await gateway.fetch('GET', '/api/me', { token: read.token })).status).toBe(200);
    expect((await gateway.fetch('GET', '/api/me', { token: write.token })).status).toBe(403);
    expect(
      (await gateway.fetch('PATCH', '/api/me', { token: write.token, body: { company: 'Acme' } })).status,
    ).toBe(200);
  });

  it('answers 429 with Retry-After after LOGIN_MAX_FAILURES failed sign-ins for one email, and still signs in another', () =>
    inOneWindow(async () => {
      gateway.reply(IdentityRpc.login, (data) => {
        if (data.password !== 'right-password')
          throw new DomainError('IDENTITY.INVALID_CREDENTIALS', 'Invalid email or password');
        return {
          user: { ...profile, email: data.email },
          sessionToken: `pcs_${randomUUID()}`,
          expiresAt: new Date(Date.now() + 3600_000).toISOString(),
        } as never;
      });
      const login = (email: string, password: string) =>
        gateway.fetch('POST', '/api/auth/login', { body: { email, password } });
      for (let n = 0; n < 10; n++)
        expect((await login('grace@example.com', 'wrong-password')).status).toBe(401);
      const asked = gateway.asked.get(IdentityRpc.login.pattern)!.length;
      const blocked = await login('grace@example.com', 'right-password');
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(gateway.asked.get(IdentityRpc.login.pattern)!.length).toBe(asked);
      expect((await login('alan@example.com', 'right-password')).status).toBe(200);
    }));
});
